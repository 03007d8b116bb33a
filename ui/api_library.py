"""The library endpoints: ``/documents`` lists a workspace's documents, ``/ingest`` adds
files, ``/delete`` removes one."""

# No ``from __future__ import annotations``: Gradio reads the hints below at run time.

from pathlib import Path
from typing import Any

import gradio as gr
from gradio.data_classes import FileData
from gradio.utils import get_upload_folder, is_in_or_equal

from pipeline.errors import FolioError
from pipeline.ids import file_hash
from pipeline.service import Folio
from ui.api_base import ApiBase, ApiError, not_an_mcp_tool, refusal, text_arg
from ui.api_schema import Deleted, Documents, Ingested, IngestedFile, document_info


def _kept_name(folio: Folio, path: Path, name: str) -> str:
    """``name``, or a free 'name (2).pdf' when a different file already has it."""
    if folio.conflict(name, file_hash(path.read_bytes())) is None:
        return name
    return folio.free_name(name)


def uploaded_path(item: FileData | dict[str, Any] | str) -> tuple[Path, str]:
    """(path, original name) of a file uploaded through Gradio; nothing else on disk."""
    path = item.get("path") if isinstance(item, dict) else getattr(item, "path", item)
    if not isinstance(path, str) or not is_in_or_equal(path, get_upload_folder()):
        raise ApiError(
            "Send files as uploads: gradio_client.handle_file('report.pdf') "
            "(paths on the server are not accepted)."
        )
    orig = item.get("orig_name") if isinstance(item, dict) else getattr(item, "orig_name", None)
    return Path(path), str(orig or Path(path).name)


class LibraryEndpoints(ApiBase):
    def list_documents(
        self, workspace: str | None = None, request: gr.Request | None = None
    ) -> Documents:
        """List the documents in a workspace with the status of each processing stage.

        Args:
            workspace: Workspace id from an earlier response; omit it for a new private one.
        Returns:
            The workspace id
            its documents with doc_id, name, pages, searchable and status per stage
        """
        scope = self.scope(workspace, request)
        docs = [document_info(d) for d in scope.folio.documents()]
        return Documents(workspace=scope.workspace, documents=docs)

    @not_an_mcp_tool
    def ingest(
        self,
        files: list[FileData],
        workspace: str | None = None,
        if_name_taken: str = "replace",
        request: gr.Request | None = None,
    ) -> Ingested:
        """Add files (PDF, scanned PDF, DOCX, Markdown, text) to a workspace.

        Returns when each file is searchable or has failed; mind maps, terms and embeddings
        continue in the background (their status is in /documents).

        Args:
            files: The files, uploaded with gradio_client.handle_file(path).
            workspace: Workspace id from an earlier response; omit it for a new private one.
            if_name_taken: When a different file already has the name: "replace" it (the
                outcome says "replaced") or "keep_both" (the new one becomes "name (2).pdf").
        Returns:
            Per file its doc_id, outcome (added, updated, replaced, unchanged, failed) and
            error, the document with its stage statuses
        """
        if if_name_taken not in ("replace", "keep_both"):
            raise ApiError('if_name_taken must be "replace" or "keep_both".')
        scope = self.scope(workspace, request)
        if not files:
            raise ApiError("No files: pass one or more gradio_client.handle_file(path).")
        uploads = [uploaded_path(f) for f in files]
        if if_name_taken == "keep_both":
            uploads = [(path, _kept_name(scope.folio, path, name)) for path, name in uploads]
        scope.folio.touch()
        out: list[IngestedFile] = []
        for path, name in uploads:
            (result,) = scope.folio.ingest([path], names=[name])
            doc = scope.folio.find_document(result.doc_id) if result.doc_id else None
            out.append(
                IngestedFile(
                    name=name,
                    doc_id=result.doc_id,
                    outcome="failed" if result.error else result.outcome,
                    error=result.error,
                    document=document_info(doc) if doc is not None else None,
                )
            )
        return Ingested(workspace=scope.workspace, files=out)

    @not_an_mcp_tool
    def delete(
        self, doc_id: str, workspace: str | None = None, request: gr.Request | None = None
    ) -> Deleted:
        """Delete a document with its file, passages, embeddings and derived components.

        Args:
            doc_id: The document to delete (an id from /documents).
            workspace: Workspace id from an earlier response; omit it for a new private one.
        Returns:
            The workspace id and the deleted document's id and name.
        """
        scope = self.scope(workspace, request)
        doc_id = text_arg(doc_id, "doc_id")
        if doc_id not in {d.doc_id for d in scope.folio.documents()}:
            raise ApiError(
                f"No document with id '{doc_id}' in this workspace: /documents lists them."
            )
        try:
            doc = scope.folio.delete(doc_id)
        except FolioError as exc:
            raise refusal(exc) from exc
        self.s.jobs.forget(doc_id, scope.workspace)
        return Deleted(workspace=scope.workspace, doc_id=doc.doc_id, name=doc.name)
