"""Seats at a shared table, as rules (rules.voidlight.seats): "The GM rolls the Voidlight Pool
[...] using a timer hidden from the players" makes the GM's table one thing and each player's
seat another; our house rules for seats, each a test: a seat is bound to one character by an
action in the journey; "a character is played from one seat at a time"; "a seat plays one
character: the GM frees it before it sits as another"; "a seat plays only [its character's]
Check, Push, costs, items, Critical Save and choices"; "a seat bound to no one plays nothing";
"a character who leaves the expedition leaves their seat free"."""

from __future__ import annotations

from typing import Any

import pytest
from voidlight_helpers import assert_refused, begun, play, round_trip

from rules.errors import IllegalAction, InvalidInput
from rules.voidlight import (
    GAME,
    Check,
    Cost,
    FreeSeat,
    Join,
    Leave,
    TakeSeat,
    available,
    open_moves,
    seat_refusal,
    seated_as,
)
from rules.voidlight.moves import KINDS
from rules.voidlight.seats import RECORDED, SEAT_KINDS, holder


def crew() -> Any:
    """Vex (the GM's first), Kai and Rook, by points; the light between scenes."""
    journey = begun(options={"timer": "scenes"})
    play(journey, Join("Kai", "", 1, 2, 1, 1), [4])
    play(journey, Join("Rook", "", 2, 0, 2, 1), [2])
    return journey


def test_a_seat_is_bound_to_one_character_by_an_action_in_the_journey() -> None:
    journey = crew()
    report = play(journey, TakeSeat("Kai", "ana", "Ana"))
    assert seated_as(journey.state, "ana") == "Kai" and holder(journey.state, "Kai") == (
        "ana",
        "Ana",
    )
    assert report.lines == ("Kai is played from a seat of their own (by Ana)",)
    assert report.dice == () and journey.entries[-1].chance == ()  # it rolls nothing
    again = round_trip(journey)  # the record replays it: a reload, a restart, Run All
    assert again.state == journey.state and seated_as(again.state, "ana") == "Kai"


def test_a_character_is_played_from_one_seat_at_a_time() -> None:
    journey = crew()
    play(journey, TakeSeat("Kai", "ana", "Ana"))
    assert_refused(
        IllegalAction,
        "Kai is played from another seat already (by Ana): ask the GM to free that seat",
        lambda: journey.play(TakeSeat("Kai", "bo")),
    )
    assert_refused(IllegalAction, "this seat plays Kai already",
                   lambda: journey.play(TakeSeat("Kai", "ana")))  # fmt: skip
    play(journey, FreeSeat("Kai"))
    play(journey, TakeSeat("Kai", "bo"))
    assert seated_as(journey.state, "bo") == "Kai" and seated_as(journey.state, "ana") == ""


def test_a_seat_plays_one_character_the_gm_frees_it_before_it_sits_as_another() -> None:
    journey = crew()
    play(journey, TakeSeat("Kai", "ana"))
    assert_refused(IllegalAction, "this seat plays Kai: ask the GM to free it",
                   lambda: journey.play(TakeSeat("Rook", "ana")))  # fmt: skip
    assert_refused(IllegalAction, "no seat plays Rook", lambda: journey.play(FreeSeat("Rook")))
    assert_refused(IllegalAction, "'Ash' is not in the crew",
                   lambda: journey.play(TakeSeat("Ash", "bo")))  # fmt: skip
    assert_refused(IllegalAction, "a seat has an id of its own",
                   lambda: journey.play(TakeSeat("Rook", "  ")))  # fmt: skip


def test_a_seat_plays_only_its_characters_own_moves() -> None:
    journey = crew()
    play(journey, TakeSeat("Kai", "ana"))
    state = journey.state
    assert {"check", "push", "cost", "skip_cost", "take", "drop", "save", "choose"} == SEAT_KINDS
    for kind in SEAT_KINDS - {"save", "choose"}:
        assert seat_refusal(state, "ana", kind, "Kai") is None, kind
        assert seat_refusal(state, "ana", kind, "Rook") == (
            f"this seat plays Kai: it cannot play Rook's {RECORDED[kind].title}"
        )
    for kind in set(RECORDED) - SEAT_KINDS:
        why = seat_refusal(state, "ana", kind, "Kai")
        assert why == f"{RECORDED[kind].title} is the GM's to play: a seat plays its own " + (
            "character's Checks and saves"
        ), kind


def test_a_seat_bound_to_no_one_plays_nothing() -> None:
    state = crew().state
    for kind in RECORDED:
        why = seat_refusal(state, "nobody", kind, "Kai")
        assert why == "this seat plays no one yet: it sits as a character before it plays"


def test_a_save_or_a_choice_is_the_seats_only_when_it_is_asked_of_its_character() -> None:
    """ "each character makes a Critical Save": in the dark the saves are asked in turn; a seat
    answers its own character's only."""
    journey = crew()
    play(journey, TakeSeat("Rook", "ro"))
    journey.play(Leave("Vex"))  # a smaller crew: the dark comes sooner in this test
    # Kai's Vigor check fails and its cost (36: the Voidlight dies) empties the light
    play(journey, Check("vigor", who="Kai"), [1])
    play(journey, Cost(36, "Kai"))
    pending = journey.state.pending
    assert pending is not None and pending.kind == "save" and pending.who == "Kai"
    assert (
        seat_refusal(journey.state, "ro", "save", "") == "this seat plays Rook: it is asked of Kai"
    )
    assert seat_refusal(journey.state, "ro", "choose", "Rook") == (
        "this seat plays Rook: it is asked of Kai"
    )


def test_a_character_who_leaves_the_expedition_leaves_their_seat_free() -> None:
    journey = crew()
    play(journey, TakeSeat("Kai", "ana"))
    play(journey, Leave("Kai"))
    assert journey.state.seats == () and seated_as(journey.state, "ana") == ""


def test_seating_is_no_move_of_play() -> None:
    """Seating is not among the moves the rules offer (a policy or advice never weighs it), and
    is taken while a choice waits and after the end."""
    journey = crew()
    assert "take_seat" not in KINDS and "free_seat" not in KINDS
    assert not any(kind in ("take_seat", "free_seat") for kind, _who in open_moves(journey.state))
    assert "take_seat" not in available(journey.state)
    assert GAME.parse_action({"kind": "take_seat", "who": "Kai", "seat": "a"}) == TakeSeat(
        "Kai", "a"
    )


@pytest.mark.parametrize(
    ("bad", "named"),
    [({"kind": "take_seat", "who": "Kai"}, "'seat'"), ({"kind": "free_seat"}, "'who'")],
)
def test_a_seating_with_a_missing_field_is_refused_by_name(bad: dict[str, Any], named: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        GAME.parse_action(bad)
    assert f"missing 1 required positional argument: {named}" in str(refused.value)
