"""The same seat link opened on a second device: the second page plays, the first says so.

What a player expects: opening their link on a phone while the laptop's page is still open works
as a reload does (the newest page plays for their character) and the laptop's page says why it
plays nothing more, instead of two pages acting for one character. A reload of the first page
takes the seat back. Held in the kernel: a forged click on the first page writes nothing. The
second device is another kernel; here it is stood for by what its seat does on opening
(:func:`rules.book.seat_pages.take` on the same journey and seat)."""

from __future__ import annotations

from pathlib import Path

import pytest
from seat_helpers import file_bytes, forge_click, gm_table, seat_for

from rules.book import FOLDER_ENV, JourneyBook
from rules.book.seat_pages import holds, take
from rules.errors import IllegalAction
from rules.voidlight import Check
from widgets.parts.theme import escape
from widgets.voidlight.seat import VoidlightSeat


@pytest.fixture(autouse=True)
def journeys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder


def test_the_seat_opened_on_a_second_device_plays_and_the_first_page_says_so() -> None:
    gm = gm_table()
    first = seat_for(gm, "Kai", seat="link-kai")
    first.table_input.value = "6 5"
    first.checks.check_buttons["operate"].click()
    assert not first.messages.is_error, first.messages.text
    second = take(gm.journey.path, "link-kai")  # the same link opened on a phone
    before = file_bytes(gm)
    first.poll()
    assert first.taken_over
    said = "Kai's seat was opened on another device or tab, which plays for Kai now"
    assert said in first.messages.text and escape(said) in first.seat_note.value
    assert all(button.disabled for button in first.checks.check_buttons.values())
    forge_click(first.checks.check_buttons["operate"])  # whatever the page sends
    with pytest.raises(IllegalAction, match="opened on another device"):
        first.play(Check("operate", who="Kai"))
    assert file_bytes(gm) == before
    assert holds(gm.journey.path, "link-kai", second)


def test_a_reload_of_the_first_page_takes_the_seat_back_with_no_new_row() -> None:
    gm = gm_table()
    first = seat_for(gm, "Kai", seat="link-kai")
    take(gm.journey.path, "link-kai")  # the phone
    first.close()
    rows = len(gm.journey.store.rows())
    again = VoidlightSeat(JourneyBook.open(gm.journey.path), claim="Kai", seat="link-kai")
    assert not again.taken_over and again.claimed == "Kai"
    assert len(again.journey.store.rows()) == rows  # the seat sits where it sat: no row
    again.table_input.value = "6 5"
    again.checks.check_buttons["operate"].click()
    assert not again.messages.is_error, again.messages.text
    assert again.journey.entries[-1].by == "Kai"


def test_another_seat_is_not_taken_over() -> None:
    gm = gm_table()
    kai = seat_for(gm, "Kai", seat="link-kai")
    take(gm.journey.path, "link-rook")  # Rook's link opened elsewhere
    kai.poll()
    assert not kai.taken_over and not kai.messages.is_error
