"""A chat turn to kill: ``python testkit/crash_chat_child.py DATA_DIR DOC_FILE``.

It ingests DOC_FILE, answers one question in a new conversation (written to
``DATA_DIR/conversation``), then starts a second turn whose search blocks forever
after writing ``DATA_DIR/at-chat``, so the test can ``kill -9`` it mid-turn (the
graph has checkpointed the turn's first steps by then).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIRST = "How many stores did Northwind Traders operate at the end of fiscal 2023?"
SECOND = "What operating income did Northwind Traders report in fiscal 2023?"


def main() -> None:
    data, file = Path(sys.argv[1]), Path(sys.argv[2])
    from agent.service import ChatService
    from pipeline.service import Folio
    from settings import Settings
    from testkit.fakes import FakeEmbedder

    folio = Folio(Settings(data_dir=data, workers=1), embedder=FakeEmbedder())
    doc = folio.ingest([file], wait=True)[0].doc_id or ""
    chat = ChatService(folio)
    first = chat.ask(FIRST, [doc])
    (data / "conversation").write_text(first.conversation_id)

    def block(*args: Any, **kwargs: Any) -> Any:
        (data / "at-chat").write_text("here")
        while True:
            time.sleep(1)

    folio.search = block  # type: ignore[method-assign]
    chat.ask(SECOND, [doc], conversation_id=first.conversation_id)


if __name__ == "__main__":
    main()
