"""A seat's limits hold in the kernel, whatever its page sends: a seat is bound to one character
by an action in the journey (exclusive, kept across a restart, freed by the GM), holds no widget
for what it may not do, and every action it plays passes one check before the Journey Book sees
it. Each forged attempt below (a click message to a control, a call of the seat's one write path
with an action it may not play) changes no byte of the journey file. No browser: the messages a
page's widget manager would send are handed to the widgets as the kernel receives them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from seat_helpers import file_bytes, forge_click, gm_table, seat_for

from rules.book import FOLDER_ENV, JourneyBook
from rules.voidlight import (
    Advance,
    Beam,
    Check,
    Create,
    CreateRandom,
    Credits,
    Damage,
    Drop,
    Elapse,
    EndEncounter,
    Fortune,
    FreeSeat,
    GainCondition,
    HurtEnemy,
    Inspire,
    Join,
    Leave,
    LongRest,
    React,
    RollEncounter,
    RollEnemy,
    RollLight,
    SetTimer,
    ShortRest,
    StartEncounter,
    SwapBattery,
    Take,
    TakeSeat,
    Treat,
)
from rules.voidlight.seats import RECORDED, SEAT_KINDS
from widgets.frame.log_view import line_html
from widgets.frame.tree import descendants
from widgets.voidlight.seat import VoidlightSeat


@pytest.fixture(autouse=True)
def journeys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder


#: One action of every kind a seat may not play, each as the GM's table would play it. (Kai's
#: Check, Push, costs, Take, Drop, Critical Save and choices are the seat's: tested apart.)
GM_ONLY = [
    Create("Ash", "", vigor=2, operate=1, insight=1, diplomacy=1),
    CreateRandom("Ash"),
    Join("Ash", "", at_random=True),
    Leave("Kai"),
    Credits(50, "Kai"),
    Damage(3, "Kai"),
    GainCondition("Bleeding", who="Kai"),
    Treat("Fatigued", "Kai"),
    ShortRest("Kai"),
    LongRest("", "Kai"),
    Advance("vigor", "Kai"),
    Elapse(10),
    SetTimer("interval", 1),
    RollLight(),
    Beam("high"),
    SwapBattery("Kai"),
    Fortune(),
    React(),
    StartEncounter("Hull", 3),
    RollEncounter("Hull"),
    EndEncounter("Hull"),
    RollEnemy(),
    HurtEnemy("Drone", 1),
    Inspire(),
    FreeSeat("Kai"),
    FreeSeat("Rook"),
    TakeSeat("Rook", "another seat"),
]


def test_every_kind_a_seat_may_not_play_is_refused_before_the_book_and_writes_nothing() -> None:
    gm = gm_table()
    VoidlightSeat(JourneyBook.open(gm.journey.path), claim="Rook", seat="rook's")
    seat = seat_for(gm, "Kai")
    before = file_bytes(seat)
    kinds = set()
    for action in GM_ONLY:
        with pytest.raises(Exception) as refused:
            seat.play(action)
        kinds.add(action.kind)
        assert "seat" in str(refused.value) or "GM's to play" in str(refused.value), action
        seat.act(action)  # the frame's path: refused in a sentence, next to the controls
        assert seat.messages.is_error, action
    assert file_bytes(seat) == before
    assert kinds == set(RECORDED) - SEAT_KINDS  # every kind but the seat's own (it sits apart)


def test_the_gms_controls_are_absent_from_a_seat_not_hidden() -> None:
    """Undo, New journey, Write to journal, the timer, Join, Leave, Create, the beam, the pools,
    Advice: no model of them exists under the seat, so no message can reach one."""
    gm = gm_table(play="group")
    seat = seat_for(gm)
    labels = {w.description for w in descendants(seat) if isinstance(w, widgets.Button)}
    for gms in ("Undo", "Redo", "New journey", "Write to journal", "Start the timer",
                "Set the timer", "Join the crew", "Create by points", "Roll the Voidlight",
                "Fortune Roll", "Take damage", "Short Rest", "Free seat", "Export the Journey Book"):  # fmt: skip
        assert not any(gms.casefold() in label.casefold() for label in labels), gms
    toggles = [w for w in descendants(seat) if isinstance(w, widgets.ToggleButton)]
    assert not toggles  # no Advice
    assert {"Push", "Take", "Drop", "Skip the cost"} <= labels
    assert any(label.startswith("Roll Vigor") for label in labels)


def test_a_forged_click_on_every_control_of_a_seat_bound_to_no_one_writes_nothing() -> None:
    gm = gm_table()
    seat = VoidlightSeat(JourneyBook.open(gm.journey.path))  # no character asked for
    assert seat.claimed == "" and "plays no one" in seat.seat_note.value
    before = file_bytes(seat)
    buttons = [w for w in descendants(seat) if isinstance(w, widgets.Button)]
    assert len(buttons) > 10
    for each in buttons:
        forge_click(each)
    assert file_bytes(seat) == before
    with pytest.raises(Exception, match="this seat plays no one yet"):
        seat.play(Check("vigor", who="Kai"))
    assert file_bytes(seat) == before


def test_a_forged_click_while_another_character_is_asked_writes_nothing() -> None:
    """The dark's saves are asked of Vex first: Rook's seat, every control clicked by forged
    messages (disabled on its page), writes nothing."""
    gm = gm_table()
    seat = seat_for(gm, "Rook")
    gm.open_sheet("Vex")
    gm.table_input.value = "1 2"
    gm.checks.check_buttons["vigor"].click()
    gm.checks.cost_pick.value = 36
    gm.checks.cost_pick_button.click()
    assert gm.state.pending is not None and gm.state.pending.who == "Vex"
    seat.poll()
    before = file_bytes(seat)
    for each in [w for w in descendants(seat) if isinstance(w, widgets.Button)]:
        seat.table_input.value = "6 6"
        forge_click(each)
    assert file_bytes(seat) == before


def test_a_seat_acting_for_another_character_writes_nothing() -> None:
    gm = gm_table()
    seat = seat_for(gm, "Kai")
    before = file_bytes(seat)
    for action in (Check("vigor", who="Rook"), Check("vigor", who="Vex"), Take("Rope", who="Rook"),
                   Drop("Rope", who="Vex"), Check("vigor")):  # fmt: skip
        with pytest.raises(Exception, match=r"this seat plays Kai|say who"):
            seat.play(action)
    assert file_bytes(seat) == before
    seat.table_input.value = "6 5"
    forge_click(seat.checks.check_buttons["operate"])  # a click message the kernel acts on
    assert not seat.messages.is_error, seat.messages.text
    assert file_bytes(seat) != before and seat.journey.entries[-1].by == "Kai"


def test_a_second_seat_asking_for_a_seated_character_is_refused_naming_who_holds_them() -> None:
    gm = gm_table()
    first = seat_for(gm, "Kai", seat="ana's link", player="Ana")
    rows = len(gm.journey.store.rows())
    second = seat_for(gm, "Kai", seat="bo's link", player="Bo")
    assert first.claimed == "Kai" and second.claimed == ""
    refusal = "Kai is played from another seat already (by Ana): ask the GM to free that seat"
    assert second.messages.text.startswith(refusal) and refusal in second.seat_note.value
    assert len(gm.journey.store.rows()) == rows
    with pytest.raises(Exception, match="this seat plays no one yet"):
        second.play(Check("operate", who="Kai"))
    # the GM's roster says who sits where, and frees the seat: the second seat sits then
    row = next(r for r in gm.crew.roster.children if r.children[0].description.endswith("Kai"))
    assert "from a seat (Ana)" in row.children[1].value
    free = row.children[2]
    assert free.layout.display == "" and free.description == "Free seat"
    free.click()
    assert not gm.messages.is_error, gm.messages.text
    assert gm.journey.entries[-1].action == {"kind": "free_seat", "who": "Kai"}
    assert gm.journey.entries[-1].by == ""  # the GM's
    first.poll()
    assert first.claimed == "" and "The GM freed this seat" in first.seat_note.value
    second.poll()
    assert second.claimed == "Kai" and "You play <b>Kai</b>" in second.seat_note.value
    with pytest.raises(Exception, match="this seat plays no one yet"):
        first.play(Check("operate", who="Kai"))


def test_a_seat_sits_again_after_a_restart_without_a_new_row() -> None:
    """Run All, or a kernel restart and Run All: a new book and a new seat on the same file sit
    at the same seat (its id derived from the journey, the notebook and the character)."""
    gm = gm_table()
    seat = seat_for(gm, "Kai")
    rows = len(gm.journey.store.rows())
    assert seat.journey.entries[-1].by == "Kai"
    seat.close()
    again = VoidlightSeat(JourneyBook.open(gm.journey.path), claim="Kai")
    assert again.seat_id == seat.seat_id and again.claimed == "Kai"
    assert len(again.journey.store.rows()) == rows
    again.claim("Kai")  # sitting where it sits already writes nothing
    assert len(again.journey.store.rows()) == rows
    again.table_input.value = "6 5"
    again.checks.check_buttons["operate"].click()
    assert not again.messages.is_error, again.messages.text


def test_a_seat_waits_for_its_character_to_join_then_sits() -> None:
    book = JourneyBook.start("crew", game="voidlight", seed=5, options={"timer": "scenes"})
    seat = VoidlightSeat(JourneyBook.open(book.path), claim="Kai")
    assert seat.claimed == "" and seat.waiting in seat.children
    book.close()
    gm = gm_table_on(seat.journey.path)
    assert seat.poll() >= 1 and seat.claimed == "Kai"
    assert "Kai" in seat.sheet.value
    gm.poll()
    assert gm.state.seats[0][:1] == ("Kai",)


def gm_table_on(path: Any) -> Any:
    from widgets.voidlight import VoidlightPanel

    panel = VoidlightPanel(JourneyBook.open(path))
    panel.name_input.value = "Vex"
    panel.table_input.value = "3"
    panel.create_button.click()
    panel.crew.join_name.value = "Kai"
    panel.crew.join_how.value = "points"
    panel.table_input.value = "4"
    panel.crew.join_button.click()
    assert not panel.messages.is_error, panel.messages.text
    return panel


def test_the_log_says_which_seat_played_each_action() -> None:
    gm = gm_table()
    seat = seat_for(gm, "Kai")
    seat.table_input.value = "6 5"
    seat.checks.check_buttons["operate"].click()
    gm.poll()
    line = gm.book.log()[-1]
    assert line.by == "Kai" and line.title == "Kai: Check"
    assert "Kai, from Kai&#x27;s seat: Check" in line_html(line) or (
        "Kai, from Kai's seat: Check" in line_html(line)
    )
    assert "Kai, from Kai" in gm.log_view.children[0].value or any(
        "from Kai" in str(getattr(w, "value", "")) for w in descendants(gm.log_view)
    )
    # the GM's own actions read as they always did
    gm.open_sheet("Vex")
    gm.table_input.value = "6 6"
    gm.checks.check_buttons["vigor"].click()
    assert gm.book.log()[-1].by == "" and "seat" not in line_html(gm.book.log()[-1])
    # a reopened book reads who played each action back from the file
    reopened = JourneyBook.open(gm.journey.path)
    assert [line.by for line in reopened.log()][-2:] == ["Kai", ""]
    reopened.close()
