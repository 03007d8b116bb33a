"""Folio web app: ``python app.py`` serves it on ``FOLIO_PORT`` (7860).

Building the app is separate from serving it: tests call :func:`create_app`
without launching. Nothing happens at import time; heavy models (embeddings,
the agent) load in the background after the server is up, with a status badge.
"""

from __future__ import annotations

import logging
import os
import threading

import gradio as gr

from pipeline.service import Folio
from settings import Settings
from ui.api import tune_mcp_server
from ui.cleanup import start_cleanup
from ui.services import ChatFactory, Services, default_chat_factory
from ui.shell import build_blocks
from ui.theme import launch_options
from ui.workspace import Sessions

log = logging.getLogger("folio.app")

# Gradio's queue looks for work every 1 ms while it has none (and for progress to send every
# 10 ms): about 6 % of a core with nobody asking, taken from ingestion on a 2-core machine
# (the app serving while 31 filings ingested was 11 % slower than ingesting alone). Looking
# every 50 ms delays the start of a question by at most that, unnoticed beside its answer;
# at 20 ms the idle app still spent ~2 % of a core on a slower machine.
QUEUE_IDLE_POLL_S = 0.05
QUEUE_PROGRESS_POLL_S = 0.1


def build_services(
    settings: Settings, *, chat_factory: ChatFactory = default_chat_factory
) -> Services:
    """The Folio facade and the UI's services over it (opens nothing heavy)."""
    settings.ensure_dirs()
    return Services(Folio(settings), chat_factory=chat_factory, sessions=Sessions())


def create_app(services: Services) -> gr.Blocks:
    """The Gradio Blocks app, not yet serving."""
    return build_blocks(services)


def calm_idle_queue(demo: gr.Blocks) -> None:
    """Make the queue's idle polling cheap (after ``demo.queue()``)."""
    queue = getattr(demo, "_queue", None)
    if queue is None or not hasattr(queue, "sleep_when_free"):
        log.warning("Gradio's queue has changed; its idle polling is left as it is")
        return
    queue.sleep_when_free = max(queue.sleep_when_free, QUEUE_IDLE_POLL_S)
    queue.progress_update_sleep_when_free = max(
        queue.progress_update_sleep_when_free, QUEUE_PROGRESS_POLL_S
    )


def auth_pairs(settings: Settings) -> list[tuple[str, str]] | None:
    """``FOLIO_AUTH=user:pass,user2:pass2`` as Gradio's ``auth`` (None: no sign-in)."""
    if settings.auth is None:
        return None
    pairs = []
    for item in settings.auth.get_secret_value().split(","):
        user, sep, password = item.strip().partition(":")
        if not sep or not user or not password:
            raise SystemExit("FOLIO_AUTH must look like 'user:password,user2:password2'.")
        pairs.append((user, password))
    return pairs


def main() -> None:
    logging.basicConfig(
        level=os.environ.get("FOLIO_LOG_LEVEL", "INFO"),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    settings = Settings()
    services = build_services(settings)
    if settings.worker_process:
        services.root.work_elsewhere()  # questions first: ingestion at a lower OS priority
    demo = create_app(services)
    demo.queue(default_concurrency_limit=2)
    calm_idle_queue(demo)
    log.info(
        "serving on http://%s:%d (data in %s)", settings.host, settings.port, settings.data_dir
    )
    demo.launch(
        server_name=settings.host,
        server_port=settings.port,
        max_file_size=f"{int(settings.max_file_mb)}mb",
        show_error=True,
        auth=auth_pairs(settings),
        prevent_thread_lock=True,
        quiet=True,
        mcp_server=True,  # the API's read tools, for assistants (ui/api.py)
        **launch_options(),
    )
    tune_mcp_server(demo)
    services.root.serve()  # the shared job queue, with work a last shutdown interrupted
    services.warm_up()
    stop = threading.Event()
    start_cleanup(services.root, services.root_chat(), stop)
    threading.Thread(  # the shared library is (re)read in the background
        target=services.root.load_shared_library, name="folio-shared", daemon=True
    ).start()
    log.info("ready")
    try:
        demo.block_thread()
    finally:
        stop.set()
        services.jobs.shutdown()
        services.root.close()


if __name__ == "__main__":
    main()
