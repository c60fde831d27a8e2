"""The seat notebook on the GM's machine asks which character to sit as; the kernel checks it.

A player at the GM's machine opens the seat page and expects to pick their character, not to set
an environment variable: the seat offers the crew's characters and sits as the one picked, and
the pick is a claim like any other (a character another seat plays is refused, naming who holds
them; a forged value writes nothing). A seat link never offers the pick: its character is the
link's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from seat_helpers import file_bytes, forge_click, gm_table, seat_for

from rules.book import FOLDER_ENV, JourneyBook
from widgets.voidlight.seat import VoidlightSeat


@pytest.fixture(autouse=True)
def journeys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder


def picker(gm: object) -> VoidlightSeat:
    seat = VoidlightSeat(JourneyBook.open(gm.journey.path), choose=True)  # type: ignore[attr-defined]
    assert seat.sit_as is not None and seat.sit_button is not None
    return seat


def test_the_seat_offers_the_crew_and_sits_as_the_character_picked() -> None:
    gm = gm_table()
    seat = picker(gm)
    assert seat.claimed == "" and tuple(seat.sit_as.options) == ("Vex", "Kai", "Rook")
    assert "Pick your character" in seat.seat_note.value
    seat.sit_as.value = "Rook"
    forge_click(seat.sit_button)  # the page's click, as the kernel receives it
    assert not seat.messages.is_error, seat.messages.text
    assert seat.claimed == "Rook" and seat.journey.entries[-1].by == "Rook"
    assert seat._sit_row is not None and seat._sit_row.layout.display == "none"
    rows = len(seat.journey.store.rows())
    seat.close()
    again = picker(gm)  # a reload: pick Rook again, the same seat, no new row
    again.sit_as.value = "Rook"
    again.sit_button.click()
    assert again.claimed == "Rook" and len(again.journey.store.rows()) == rows


def test_a_character_another_seat_plays_is_refused_naming_who_holds_them() -> None:
    gm = gm_table()
    seat_for(gm, "Kai", seat="link-kai", player="Ana")
    seat = picker(gm)
    seat.sit_as.value = "Kai"
    before = file_bytes(gm)
    forge_click(seat.sit_button)
    assert seat.messages.is_error and "Kai is played from another seat already (by Ana)" in (
        seat.messages.text
    )
    assert seat.claimed == "" and file_bytes(gm) == before


def test_a_seat_with_a_character_or_from_a_link_offers_no_pick() -> None:
    gm = gm_table()
    for seat in (seat_for(gm, "Kai"), VoidlightSeat(JourneyBook.open(gm.journey.path))):
        assert seat.sit_as is None and seat.sit_button is None


def gm_plays_before_each_sitting(
    gm: Any, seat: VoidlightSeat, monkeypatch: pytest.MonkeyPatch, busy: Callable[[], bool]
) -> None:
    """While ``busy()`` holds, the GM plays a Check just before each of the seat's *Take a seat*
    reaches the file: the seat's write loses the race."""
    write = seat.journey.play

    def gm_plays_first(action: Any, *args: Any, **kwargs: Any) -> Any:
        if action.kind == "take_seat" and busy():
            gm.table_input.value = "6 6"
            gm.checks.check_buttons["vigor"].click()
        return write(action, *args, **kwargs)

    monkeypatch.setattr(seat.journey, "play", gm_plays_first)


def test_a_pick_that_loses_the_race_to_the_gm_sits_at_once_on_what_was_played_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The GM plays between the seat's last look and the player's *Sit here*: the seat asks again
    on the journey as it now stands and sits, with nothing said (the player did nothing wrong)."""
    gm = gm_table()
    gm.open_sheet("Vex")
    seat = picker(gm)
    gm_plays_before_each_sitting(
        gm, seat, monkeypatch, lambda: gm.journey.last.heading != "Vex: Check"
    )
    seat.sit_as.value = "Rook"
    forge_click(seat.sit_button)
    assert seat.claimed == "Rook" and not seat.messages.is_error, seat.messages.text
    assert [e.action["kind"] for e in seat.journey.entries[-2:]] == ["check", "take_seat"]


def test_a_pick_that_loses_every_race_says_so_in_a_sentence_and_can_be_clicked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table so busy that the GM writes before each of the seat's tries: the player reads that
    someone else played first (never a traceback), the seat plays no one, and a later click sits."""
    gm = gm_table()
    gm.open_sheet("Vex")
    seat = picker(gm)
    busy = [True]
    gm_plays_before_each_sitting(gm, seat, monkeypatch, lambda: busy[0])
    seat.sit_as.value = "Rook"
    forge_click(seat.sit_button)
    assert seat.messages.is_error and "someone else played first" in seat.messages.text
    assert seat.claimed == "" and seat.journey.entries[-1].action["kind"] == "check"
    busy[0] = False
    forge_click(seat.sit_button)
    assert seat.claimed == "Rook" and not seat.messages.is_error, seat.messages.text
