"""An API argument of the wrong shape (a list where one id goes, words where a number goes,
one id where a list goes) is answered with a message saying what to send, never a Python
error from deeper in, and one id sent alone is read as one id, not letter by letter."""

from __future__ import annotations

import pytest

from tests.test_api import library, services, uploads  # noqa: F401  (fixtures)
from ui.api import FolioApi
from ui.api_base import ApiError
from ui.review_api import ReviewApi
from ui.services import Services


def test_a_list_where_one_value_goes_is_refused_in_words(
    services: Services,  # noqa: F811
    library: dict[str, str],  # noqa: F811
) -> None:
    api = FolioApi(services)
    ws, md = library["workspace"], library["bicycles.md"]
    with pytest.raises(ApiError, match="'doc_id' must be text, not a list"):
        api.delete([md], workspace=ws)  # type: ignore[arg-type]
    with pytest.raises(ApiError, match="'conversation_id' must be text"):
        api.conversation(["c1"], workspace=ws)  # type: ignore[arg-type]
    with pytest.raises(ApiError, match="'question' must be text"):
        list(api.ask(["Where are bicycles parked?"], workspace=ws))  # type: ignore[arg-type]
    with pytest.raises(ApiError, match="'goal' must be text"):
        ReviewApi(api).review(md, ["risks"], workspace=ws)  # type: ignore[arg-type]
    # the document is still there: nothing was done
    assert md in [d["doc_id"] for d in api.list_documents(ws)["documents"]]


def test_one_id_alone_is_a_list_of_one_and_a_count_must_be_a_number(
    services: Services,  # noqa: F811
    library: dict[str, str],  # noqa: F811
) -> None:
    api = FolioApi(services)
    ws, md = library["workspace"], library["bicycles.md"]
    res = api.search_document("bicycles", doc_ids=md, workspace=ws)  # type: ignore[arg-type]
    assert res["doc_ids"] == [md] and res["hits"]
    with pytest.raises(ApiError, match="'k' must be a whole number from 1 to"):
        api.search_document("bicycles", k="five", workspace=ws)  # type: ignore[arg-type]
    assert len(api.search_document("bicycles", k=-3, workspace=ws)["hits"]) == 1
