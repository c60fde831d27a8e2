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
from seat_helpers import gm_table, seat_for

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


def shown(panel: VoidlightPanel) -> list[Any]:
    """The widgets in the panel's tree as the page shows it (children only)."""
    return list(shown_tree(panel))


def test_the_seat_shows_its_characters_sheet_and_follows_what_the_gm_plays() -> None:
    gm = gm_table()
    seat = seat_for(gm)
    assert "Kai" in seat.sheet.value and "Kai" in seat.seat_note.value
    assert seat.claimed == "Kai" and "<b>Kai</b> (you)" in seat.roster.value
    gm.open_sheet("Vex")
    gm.table_input.value = "6 6"
    gm.checks.check_buttons["vigor"].click()
    assert "Vex: Check" not in seat.report.value
    assert seat.poll() == 1
    assert seat.state == gm.state
    assert "Vigor" not in seat.report.value  # not under the seat's controls: in one line
    assert "just now:</span> Vex (GM) — Check" in seat.just_now.value
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
    # the crew's tools, joining and the GM's journey controls are not built on the seat at all
    for gms in ("light_bar", "crew", "timer", "solo", "name_input", "create_button"):
        assert not hasattr(seat, gms), gms
    assert seat.controls is None and seat.advice is None and seat.ending_export is None


def test_the_seats_take_is_on_only_for_an_item_that_fits_its_characters_sheet() -> None:
    """ "Your character has 10 Slots.": the seat's Take asks the rules of its own character's
    sheet, as the GM's does, and says why not in its tooltip."""
    gm = gm_table()
    seat = seat_for(gm)
    for name in ("Crowbar", "Rope", "Drill", "Case", "Suit"):
        seat.gear.item_name.value = name
        seat.gear.item_size.value = "large"
        seat.gear.buttons["take"].click()
        assert not seat.messages.is_error, seat.messages.text
    take = seat.gear.buttons["take"]
    assert take.disabled and "no room for a large item" in take.tooltip
    seat.gear.item_size.value = "small"
    assert not take.disabled
    gm.poll()
    gm.open_sheet("Vex")  # the GM's Take asks of Vex's sheet, which has room
    gm.gear.item_size.value = "large"
    assert not gm.gear.buttons["take"].disabled


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
    assert not hasattr(seat, "timer")
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
        assert "Rook, from Rook&#x27;s seat — Check" in gm.just_now.value
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


def test_the_seat_tells_the_ending_without_the_gms_controls() -> None:
    """The whole crew lost to the dark: the seat shows the ending and its recap, and names no
    control it does not hold (Undo and New journey are the GM's)."""
    gm = gm_table()
    seat = seat_for(gm, "Kai")
    gm.light_bar.beam_buttons["high"].click()
    for dice in ("1 1 1 1 1 1", "1 1 1"):  # high beam: 3 dice lost a roll, at most
        gm.table_input.value = dice
        gm.light_bar.roll_button.click()
    for name, attribute in (("Vex", "vigor"), ("Kai", "operate"), ("Rook", "vigor")):
        gm.open_sheet(name)
        gm.table_input.value = "1 1"
        gm.checks.save_buttons[attribute].click()
        assert not gm.messages.is_error, gm.messages.text
    assert gm.state.over
    seat.poll()
    assert "The whole crew is lost to the dark" in seat.ending.value
    assert "lantern-ending-recap" in seat.ending.value
    for gms in ("Undo", "New journey"):
        assert gms not in seat.ending.value, seat.ending.value
        assert gms in gm.ending.value


def test_a_seat_whose_sitting_down_loses_the_race_sits_at_once_on_what_was_played_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The GM plays between the seat's last look at the journey and its "Take a seat": the seat
    asks again on the journey as it now stands and sits, with no refusal said (the player did
    nothing wrong, and a seat that has not sat offers nothing to play)."""
    gm = gm_table()
    gm.open_sheet("Vex")
    book = JourneyBook.open(gm.journey.path)  # the seat's kernel opens the journey
    write = book.play

    def gm_plays_first(action: Any, *args: Any, **kwargs: Any) -> Any:
        if action.kind == "take_seat" and gm.journey.last.heading != "Vex: Check":
            gm.table_input.value = "6 6"
            gm.checks.check_buttons["vigor"].click()
        return write(action, *args, **kwargs)

    monkeypatch.setattr(book, "play", gm_plays_first)
    seat = VoidlightSeat(book, claim="Kai")
    assert seat.claimed == "Kai" and not seat.messages.is_error, seat.messages.text
    assert [e.action["kind"] for e in seat.journey.entries[-2:]] == ["check", "take_seat"]
    gm.poll()
    assert seat.state == gm.state
