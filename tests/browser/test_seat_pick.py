"""Seats picked by clicks on the seat page served on the GM's own machine (``make voila
GAME=voidlight-seat``): two players at two browsers pick their characters, play, and a reload
sits at the same seat again.

A seat link is bound to its character; this page is for a table around one computer's server,
where each player picks whom they play from the crew the GM created. What a player meets: the
page offers the crew ("Sit as"), sits as the one picked ("You play Kai") and shows that
character's sheet, hides the pick once seated, plays for that character only (the log names the
seat), and after a reload picks the same character again at the same seat, with no new row in
the journey. The GM's crew is made here, in the test's process, on the journey file the page's
kernel opens (the one played last in its journeys folder).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import assert_no_tracebacks
from playwright.sync_api import expect
from test_firelights import WINDOW
from test_voidlight import Table

from rules.book import FOLDER_ENV, JourneyBook
from rules.voidlight import Create, Join

PAGE_TIMEOUT = 90_000  # ms for a seat page's kernel to start and render


def crew_of_three(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The GM's group journey in ``folder``: Vex, Kai and Rook, no seat taken yet."""
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    book = JourneyBook.start("crew-pick", game="voidlight", seed=3, options={"play": "group"})
    book.play(Create("Vex", "she/her", 2, 1, 1, 1))
    book.play(Join("Kai", "he/him", vigor=1, operate=2, insight=1, diplomacy=1))
    book.play(Join("Rook", "they/them", vigor=2, operate=0, insight=2, diplomacy=1))
    path = Path(book.path)
    book.close()
    return path


@pytest.fixture
def second_screen(browser: Any, browser_context_args: dict[str, Any]) -> Iterator[Any]:
    """Another player's browser: a context of its own (no storage shared with the first)."""
    context = browser.new_context(**{**browser_context_args, "viewport": WINDOW})
    yield context.new_page()
    context.close()


def sit(page: Any, name: str) -> Table:
    """Open nothing: on the seat page shown, pick ``name`` and click Sit here."""
    seat = Table(page)
    pick = seat.panel.locator(".lantern-seat-pick")
    expect(pick.locator("select")).to_contain_text(name, timeout=PAGE_TIMEOUT)
    pick.locator("select").select_option(label=name)
    pick.locator("button", has_text="Sit here").click()
    expect(seat.panel.locator(".lantern-seat-note")).to_contain_text(f"You play {name}")
    expect(seat.sheet).to_contain_text(name)
    expect(pick).to_be_hidden()  # seated: nothing more to pick
    return seat


def test_two_players_pick_their_characters_play_and_a_reload_sits_at_the_same_seat(
    page, second_screen, voila, monkeypatch, shot
):
    server = voila("play-voidlight-seat.ipynb")
    journey = crew_of_three(server.journeys, monkeypatch)
    page.set_viewport_size(WINDOW)
    page.goto(server.url, timeout=PAGE_TIMEOUT)
    kai = Table(page)
    expect(kai.panel.locator(".lantern-seat-note")).to_contain_text(
        "Pick your character", timeout=PAGE_TIMEOUT
    )
    options = kai.panel.locator(".lantern-seat-pick select option")
    expect(options).to_have_text(["Vex", "Kai", "Rook"])
    kai = sit(page, "Kai")
    second_screen.goto(server.url, timeout=PAGE_TIMEOUT)
    rook = sit(second_screen, "Rook")
    # Rook's Take a seat is now the journey's last write, and Kai plays only once Kai's seat has
    # followed it: a click on a seat that has not seen the last write is refused, by design
    # ("someone else played first"). On a loaded machine the click came first.
    expect(kai.panel.locator(".lantern-log-lines")).to_contain_text(
        "Rook is played from a seat of their own", timeout=15_000
    )
    shot(page, "kai seated")

    kai.click("check-operate", "6 6")
    kai.report_says("Kai: Check")
    for seat in (kai, rook):
        expect(seat.panel.locator(".lantern-log-lines")).to_contain_text(
            "Kai, from Kai's seat: Check: Operate", timeout=15_000
        )
    with JourneyBook.open(journey) as book:
        rows = len(book.entries)
        assert book.entries[-1].by == "Kai" and book.entries[-1].action["kind"] == "check"

    page.reload()  # a new kernel: the page offers the crew again, and Kai sits where they sat
    kai = sit(page, "Kai")
    with JourneyBook.open(journey) as book:
        assert len(book.entries) == rows, "a reload that sits again wrote a new row"
    rook.click("check-insight", "6 6")
    expect(kai.panel.locator(".lantern-log-lines")).to_contain_text(
        "Rook, from Rook's seat: Check: Insight", timeout=15_000
    )
    for each in (page, second_screen):
        assert_no_tracebacks(each)
        each.goto("about:blank")  # the players leave before the server stops, as tabs close
    # The three pages that unloaded (Kai's reload, then both leaving) stopped their kernels as
    # they went (a beacon of the page's own origin), not when the server stops.
    deadline = time.monotonic() + 30
    while server.log_path.read_text(errors="replace").count("Kernel shutdown: ") < 3:
        assert time.monotonic() < deadline, server.log_path.read_text(errors="replace")[-3000:]
        time.sleep(0.2)
    assert "403 POST /voila/api/shutdown" not in server.log_path.read_text(errors="replace")
