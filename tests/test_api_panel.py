"""The "Use via API" panel hands the visitor the token the API accepts (issue 30)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from pipeline.service import Folio
from pipeline.workspace import anonymous, for_user, new_token
from settings import Settings
from tests.conftest import ROOT, FakeEmbedder
from ui.api import FolioApi
from ui.api_base import ApiError
from ui.api_panel import FALLBACK_URL, panel_markdown
from ui.services import Services


def _token_in(text: str) -> str:
    found = re.search(r'ws = "([^"]+)"', text)
    assert found, text
    return found.group(1)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_panel_shows_this_browsers_token_in_a_ready_script(lang: str) -> None:
    token = new_token()
    text = panel_markdown(token, anonymous(token), "http://127.0.0.1:7860/", lang)
    assert _token_in(text) == token
    assert 'Client("http://127.0.0.1:7860/")' in text
    assert 'api_name="/documents"' in text and 'api_name="/ask"' in text


def test_an_odd_page_address_never_reaches_the_script() -> None:
    token = new_token()
    text = panel_markdown(token, anonymous(token), 'http://x/")\nimport os#', "en")
    assert f'Client("{FALLBACK_URL}")' in text and "import os" not in text


def test_a_signed_in_user_gets_the_sign_in_script_and_no_token() -> None:
    token = new_token()
    text = panel_markdown(token, for_user("ada"), "http://h/", "en")
    assert token not in text and "auth=(" in text
    hf = panel_markdown(token, for_user("ada", provider="hf"), "http://h/", "zh")
    assert token not in hf and "Hugging Face" in hf


def test_a_page_without_a_token_yet_shows_no_script() -> None:
    assert "Client(" not in panel_markdown(None, "anon-x", "http://h/", "en")


def test_the_panels_token_reaches_the_browsers_documents_and_no_one_elses(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    root = Folio(Settings(data_dir=tmp_path / "data", workers=1), embedder=fake_embedder)
    try:
        mine, theirs = new_token(), new_token()
        note = tmp_path / "pond.md"
        note.write_text("# Pond\n\nThe pond holds twelve ducks in spring.\n", encoding="utf-8")
        root.scoped(anonymous(mine)).ingest([note], wait=True)  # uploaded in the browser
        api = FolioApi(Services(root))
        shown = _token_in(panel_markdown(mine, anonymous(mine), None, "en"))
        listed = api.list_documents(shown)
        assert [d["name"] for d in listed["documents"]] == ["pond.md"]
        assert api.list_documents(theirs)["documents"] == []
        with pytest.raises(ApiError):
            api.list_documents("not a token")
    finally:
        root.close()


_NUMBERS = {"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def test_the_readme_counts_and_names_every_api_endpoint(fake_embedder: FakeEmbedder) -> None:
    from app import create_app

    root = Folio(Settings(data_dir=Path(os.environ["FOLIO_DATA_DIR"])), embedder=fake_embedder)
    try:
        named = list(create_app(Services(root)).get_api_info()["named_endpoints"])
    finally:
        root.close()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"The web app is also an API: (\w+) named endpoints", readme)
    assert said and _NUMBERS[said.group(1)] == len(named), (said, named)
    assert all(f"`{name}`" in readme for name in named)
