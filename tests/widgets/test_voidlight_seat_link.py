"""The seat page a link opens: a seat bound to the link's character, or a sentence and nothing else.

The user guide ("Playing Voidlight as a crew", docs/play/crew.md): "each link opens a code-free seat page already bound
to that character and that journey"; "a link whose key does not match opens a page that says so
and offers nothing".
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from IPython.display import HTML
from ipywidgets.widgets.widget import _instances

from rules.book import FOLDER_ENV, JourneyBook
from rules.book.seat_keys import link, read_secret, seat_key
from rules.voidlight import Create, Join
from widgets.voidlight.seat import VoidlightSeat
from widgets.voidlight.seat_link import NOT_A_SEAT, seat_page


async def _no_wait(_seconds: float) -> None:
    await asyncio.sleep(3600)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(where))
    book = JourneyBook.start("wreck", game="voidlight", seed=5, options={"timer": "scenes"})
    book.play(Create("Vex", "she/her", 2, 1, 1, 1))
    book.play(Join("Kai", "he/him", vigor=1, operate=2, insight=1, diplomacy=1))
    book.close()
    read_secret(where)
    return where


def query(folder: Path, journey: str = "wreck", character: str = "Kai", **change: str) -> str:
    url = link("http://127.0.0.2:8890/", journey, character, read_secret(folder))
    base = url.split("?", 1)[1]
    for name, value in change.items():
        base += f"&{name}={value}"
    return base


def opened(result: Any) -> VoidlightSeat:
    assert isinstance(result, VoidlightSeat), getattr(result, "data", result)
    return result


def refused(result: Any) -> str:
    """The sentence of a refusal page, which is no widget (nothing on it can be clicked)."""
    assert isinstance(result, HTML) and not isinstance(result, widgets.Widget), result
    assert NOT_A_SEAT in result.data
    return str(result.data)


def test_a_good_link_opens_a_seat_bound_to_its_character_on_its_journey(folder: Path) -> None:
    seat = opened(seat_page(query(folder), sleep=_no_wait))
    try:
        assert seat.claimed == "Kai"
        assert seat.journey.path == folder / "wreck.lantern"
        assert tuple(seat.state.names) == ("Vex", "Kai")
    finally:
        seat.close()


def test_a_reloaded_link_sits_at_the_same_seat_and_holds_the_character_against_others(
    folder: Path,
) -> None:
    """A seat "survives a reload": the page opened again from the same link (a new kernel) is the
    same seat, with no second row; a seat of another notebook asking for Kai is refused."""
    first = opened(seat_page(query(folder), sleep=_no_wait))
    rows = len(first.journey.entries)
    first.close()
    again = opened(seat_page(query(folder), sleep=_no_wait))
    try:
        assert again.claimed == "Kai"
        assert len(again.journey.entries) == rows  # sat again, nothing new written
        assert again.state.seats[0][:2] == ("Kai", again.seat_id)
    finally:
        again.close()
    book = JourneyBook.open(folder / "wreck.lantern", game="voidlight")
    other = VoidlightSeat(book, seat="another-notebook", sleep=_no_wait)
    try:
        with pytest.raises(Exception, match="Kai is played from another seat"):
            other.claim("Kai")
    finally:
        other.close()


def test_the_page_reads_the_link_from_the_query_string_voila_gives_the_kernel(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUERY_STRING", query(folder, character="Vex"))
    seat = opened(seat_page(sleep=_no_wait))
    try:
        assert seat.claimed == "Vex"
    finally:
        seat.close()


def test_a_key_that_does_not_match_opens_a_sentence_and_no_widget(folder: Path) -> None:
    key = seat_key("wreck", "Kai", read_secret(folder))
    forged = "journey=wreck&character=Vex&key=" + key  # Kai's key for Vex's seat
    before = set(_instances)
    text = refused(seat_page(forged))
    assert "its key does not match" in text and "ask the GM for your link" in text
    assert set(_instances) == before  # not one widget model was made


@pytest.mark.parametrize(
    ("journey", "character", "says"),
    [
        ("gone", "Kai", "there is no journey named &#x27;gone&#x27; at this table"),
        ("wreck", "Rook", "&#x27;Rook&#x27; is not in the crew of &#x27;wreck&#x27; (the crew: Vex, Kai)"),
        ("../wreck", "Kai", "a journey name is a name, not a path"),
    ],
)  # fmt: skip
def test_a_missing_journey_or_character_opens_a_sentence(
    folder: Path, journey: str, character: str, says: str
) -> None:
    before = set(_instances)
    assert says in refused(seat_page(query(folder, journey, character)))
    assert set(_instances) == before


def test_a_link_without_a_key_or_without_a_secret_opens_a_sentence(folder: Path) -> None:
    assert "has no key" in refused(seat_page("journey=wreck&character=Kai"))
    assert "this is not a seat link" in refused(seat_page("x" * 3000))
    good = query(folder)
    (folder / ".seat-secret").unlink()
    assert "cannot check seat keys here" in refused(seat_page(good))
    assert not (folder / ".seat-secret").exists()  # a seat never makes the secret


def test_the_refusal_escapes_what_the_link_says(folder: Path) -> None:
    secret = read_secret(folder)
    name = "<img src=x onerror=alert(1)>"
    text = refused(seat_page(link("http://h/", name, "Kai", secret).split("?", 1)[1]))
    assert "<img" not in text and "&lt;img" in text


def test_the_seat_notebook_is_one_call() -> None:
    import json

    notebook = Path(__file__).resolve().parents[2] / "notebooks" / "voidlight-seat-link.ipynb"
    code = [c for c in json.loads(notebook.read_text())["cells"] if c["cell_type"] == "code"]
    assert ["".join(c["source"]) for c in code] == [
        "from widgets.voidlight.seat_link import seat_page\n\nseat_page()"
    ]
