"""A seat for each player: a second panel on the same journey file (its own book, as a
second kernel has) shows the claimed character, follows what the GM plays, acts for its own
character only, and never shows the countdown the GM hides. No browser: clicks and typed dice;
the follow task's loop is driven by hand (poll), as a kernel's would call it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from rules.book import FOLDER_ENV, JourneyBook
from widgets.frame.base import descendants
from widgets.frame.dock import shown_tree
from widgets.parts.theme import escape
from widgets.voidlight import VoidlightPanel
from widgets.voidlight.seat import HIDDEN, VoidlightSeat


@pytest.fixture(autouse=True)
def journeys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder


def gm_table(**options: Any) -> VoidlightPanel:
    """The GM's panel on a saved journey: Vex, Kai (Operate 2) and Rook, by points."""
    book = JourneyBook.start(
        "crew", game="voidlight", seed=5, options=options or {"timer": "scenes"}
    )
    panel = VoidlightPanel(book)
    panel.name_input.value = "Vex"
    panel.table_input.value = "3"
    panel.create_button.click()
    for name, table, scores in (
        ("Kai", "4", {"vigor": 1, "operate": 2, "insight": 1, "diplomacy": 1}),
        ("Rook", "2", {"vigor": 2, "operate": 0, "insight": 2, "diplomacy": 1}),
    ):
        panel.crew.join_name.value = name
        panel.crew.join_how.value = "points"
        for attribute, value in scores.items():
            panel.crew.join_points[attribute].value = value
        panel.table_input.value = table
        panel.crew.join_button.click()
        assert not panel.messages.is_error, panel.messages.text
    return panel


def seat_for(gm: VoidlightPanel, claim: str = "Kai") -> VoidlightSeat:
    return VoidlightSeat(JourneyBook.open(gm.journey.path), claim=claim)


def shown(panel: VoidlightPanel) -> list[Any]:
    """The widgets in the panel's tree as the page shows it (children only)."""
    return list(shown_tree(panel))


def test_the_seat_shows_its_characters_sheet_and_follows_what_the_gm_plays() -> None:
    gm = gm_table()
    seat = seat_for(gm)
    assert "Kai" in seat.sheet.value and "Kai" in seat.seat_note.value
    assert (
        seat.claim_choice.options[1:] == ("Vex", "Kai", "Rook") and seat.claim_choice.value == "Kai"
    )
    gm.open_sheet("Vex")
    gm.table_input.value = "6 6"
    gm.checks.check_buttons["vigor"].click()
    assert "Vex: Check" not in seat.report.value
    assert seat.poll() == 1
    assert seat.state == gm.state
    assert "Vex" in seat.report.value and "Vigor" in seat.report.value
    assert seat.book is not None and seat.book.log()[-1].title == "Vex: Check"
    assert seat.poll() == 0  # nothing new: nothing read


def test_the_seat_acts_for_its_character_only_and_the_gm_sees_it() -> None:
    gm = gm_table()
    seat = seat_for(gm)
    seat.table_input.value = "6 5"
    seat.checks.check_buttons["operate"].click()
    assert not seat.messages.is_error, seat.messages.text
    assert seat.journey.entries[-1].action["who"] == "Kai"
    assert gm.book is not None and gm.book.refresh() == 1
    gm.render()
    assert gm.state == seat.state and gm.journey.last.heading == "Kai: Check"
    # the crew's tools, joining and the GM's journey controls are not on the seat
    on_seat = shown(seat)
    for gms in (gm_only := (seat.light_bar.roll_button, seat.crew.join_button, seat.timer)):
        assert gms not in on_seat
    assert len(gm_only) == 3 and seat.controls is not None
    assert seat.controls.layout.display == "none"


def test_a_save_asked_of_another_character_is_not_offered_on_the_seat() -> None:
    """The GM empties the light (Vex fails a Vigor check, cost 36): the dark's saves come, Vex
    first; Rook's seat waits, every control off, and offers Rook's save when it is theirs."""
    gm = gm_table()
    seat = seat_for(gm, "Rook")
    gm.open_sheet("Vex")
    gm.table_input.value = "1 2"
    gm.checks.check_buttons["vigor"].click()
    gm.checks.cost_pick.value = 36
    gm.checks.cost_pick_button.click()
    assert gm.state.pending is not None and gm.state.pending.who == "Vex"
    seat.poll()
    buttons = [w for w in descendants(seat._actions_box) if isinstance(w, widgets.Button)]
    assert buttons and all(button.disabled for button in buttons)
    assert "Waiting for <b>Vex</b>" in seat.seat_note.value
    for name, table in (("vigor", "5 1"), ("operate", "6 2")):  # Vex, then Kai, at the GM's
        gm.table_input.value = table
        gm.checks.save_buttons[name].click()
        assert not gm.messages.is_error, gm.messages.text
    seat.poll()
    assert seat.state.pending is not None and seat.state.pending.who == "Rook"
    assert not seat.checks.save_buttons["insight"].disabled
    seat.table_input.value = "6 6"
    seat.checks.save_buttons["insight"].click()
    assert not seat.messages.is_error, seat.messages.text
    assert gm.book is not None and gm.book.refresh() == 1
    assert gm.journey.last.mechanics().startswith("Rook: Critical Save")


def test_a_seat_that_loses_the_race_is_told_and_shows_the_gms_action() -> None:
    gm = gm_table()
    seat = seat_for(gm)
    gm.open_sheet("Vex")
    gm.table_input.value = "6 6"
    gm.checks.check_buttons["vigor"].click()  # the seat has not looked yet
    seat.table_input.value = "1 1"
    seat.checks.check_buttons["operate"].click()
    assert seat.messages.is_error
    assert seat.messages.text.startswith(
        "Kai's Check was not saved: someone else played first (Vex: "
    )
    assert seat.state == gm.state and seat.journey.last.heading == "Vex: Check"
    assert len(seat.journey.store.rows()) == len(gm.journey.store.rows())


def test_the_seat_never_shows_the_countdown_the_gm_hides() -> None:
    gm = gm_table(play="group")
    assert gm.state.hidden_timer
    seat = seat_for(gm)
    assert seat.countdown.value.count(escape(HIDDEN)) == 1 and "minutes" not in seat.countdown.value
    assert seat.timer not in shown(seat)
    text = " ".join(str(getattr(w, "value", "")) for w in shown(seat))
    assert "Next on the GM's timer" not in text


def test_a_seat_shows_the_countdown_in_expedition_minutes_when_it_is_not_hidden() -> None:
    gm = gm_table(timer="interval", interval=10)
    seat = seat_for(gm)
    assert not seat.state.hidden_timer
    assert "Next on the GM's timer: the Voidlight is rolled in" in seat.countdown.value


def test_the_follow_task_runs_on_the_loop_and_stops_when_the_seat_closes() -> None:
    gm = gm_table()
    looked: list[float] = []

    async def sit() -> VoidlightSeat:
        async def sleep(seconds: float) -> None:
            looked.append(seconds)
            await asyncio.sleep(0)

        seat = VoidlightSeat(JourneyBook.open(gm.journey.path), claim="Rook", sleep=sleep)
        assert seat.following
        gm.open_sheet("Vex")
        gm.table_input.value = "6 6"
        gm.checks.check_buttons["vigor"].click()
        for _ in range(5):
            await asyncio.sleep(0)
        assert seat.state == gm.state  # followed without a click
        seat.close()
        await asyncio.sleep(0)
        return seat

    seat = asyncio.run(sit())
    assert not seat.following and looked and set(looked) == {0.3}


def test_before_the_crew_exists_the_seat_waits_for_the_gm() -> None:
    book = JourneyBook.start("crew", game="voidlight", seed=5, options={"timer": "scenes"})
    seat = VoidlightSeat(JourneyBook.open(book.path))
    assert seat.waiting in seat.children and "the GM creates the crew" in seat.waiting.value
    with pytest.raises(ValueError, match="'Kai' is not in the crew: choose one of no one yet"):
        seat.claim("Kai")


def test_the_gms_panel_shows_what_a_seat_plays_without_a_click() -> None:
    """ "The GM's panel shows that action within 1 s": the GM's panel follows the file too."""
    looked: list[float] = []

    async def sleep(seconds: float) -> None:
        looked.append(seconds)
        await asyncio.sleep(0)

    async def play() -> VoidlightPanel:
        gm = gm_table()
        gm.close(close_journey=False)
        gm = VoidlightPanel(JourneyBook.open(gm.journey.path), follow_sleep=sleep)
        assert gm.following
        seat = seat_for(gm, "Rook")
        seat.table_input.value = "6 6"
        seat.checks.check_buttons["vigor"].click()
        assert not seat.messages.is_error, seat.messages.text
        for _ in range(5):
            await asyncio.sleep(0)
        assert gm.state == seat.state and gm.journey.last.heading == "Rook: Check"
        assert "Rook" in gm.report.value  # the seat's result is the one the GM sees
        gm.close()
        await asyncio.sleep(0)
        return gm

    gm = asyncio.run(play())
    assert not gm.following and looked and set(looked) == {0.3}


def test_a_look_at_the_file_leaves_the_message_of_the_players_last_click() -> None:
    """The follow task looks every 0.3 s; a look that read nothing must not wipe the refusal
    the player is reading (it did: the look ran as a click does, clearing old messages)."""

    async def sleep(seconds: float) -> None:
        await asyncio.sleep(0)

    async def play() -> str:
        gm = gm_table()
        gm.close(close_journey=False)
        gm = VoidlightPanel(JourneyBook.open(gm.journey.path), follow_sleep=sleep)
        gm.open_sheet("Vex")
        gm.table_input.value = "2 3"
        gm.checks.check_buttons["vigor"].click()  # a failure: its cost is due
        gm.checks.check_buttons["insight"].click()  # refused: the cost is still due
        assert gm.messages.is_error
        for _ in range(5):
            await asyncio.sleep(0)
        text = gm.messages.text
        gm.close()
        return text

    assert "still due" in asyncio.run(play())
