"""What is owed is said, and not skipped silently: a Check's cost, a Critical Save, a choice.

"When a Check yields 1 or 0 Hits, and you need a cost for your character's action, roll or pick
on the table below." A cost is owed from such a Check until it is rolled, picked or skipped;
another Check or a rest is refused while it is owed (house rule 'cost'). Journeys recorded before
(no 'costs' option) replay as they always did: the next Check let the cost lapse.
"""

from __future__ import annotations

import json

from voidlight_helpers import assert_refused, begun, play

from rules.errors import IllegalAction
from rules.record.journey import Journey
from rules.voidlight import (
    Check,
    Cost,
    Damage,
    Elapse,
    Fortune,
    LongRest,
    Push,
    Save,
    ShortRest,
    SkipCost,
    Take,
    available,
    owed,
    why_not,
)

STILL_DUE = "the cost of your Vigor check is still due: take it, or skip it"


def test_a_check_that_yields_0_hits_owes_a_cost_and_says_so() -> None:
    """ "0 HITS: Your character fails their action and there's a cost." """
    journey = begun()
    report = play(journey, Check("vigor"), [2, 3])
    assert [(due.kind, due.text) for due in owed(journey.state)] == [
        ("cost", "the cost of your Vigor check")
    ]
    assert report.lines[-1] == "a cost is due: roll it or pick it on the table, or skip it"
    assert {"cost", "skip_cost"} <= set(available(journey.state))


def test_a_check_that_yields_2_hits_owes_nothing() -> None:
    """ "2+ HITS: Your character succeeds at their action." """
    journey = begun()
    play(journey, Check("vigor"), [5, 6])
    assert owed(journey.state) == ()
    assert_refused(IllegalAction, "a cost is taken when a Check yields 1 or 0 Hits",
                   lambda: journey.play(SkipCost()))  # fmt: skip


def test_another_check_while_the_cost_is_owed_is_refused_naming_it_and_changes_nothing() -> None:
    """ "1 HIT: [...] succeeds but there is a cost": the cost is not dropped by the next roll."""
    journey = begun()
    play(journey, Check("vigor"), [5, 1])
    before = (journey.state, len(journey.entries))
    assert_refused(IllegalAction, f"Check is not possible now: {STILL_DUE}",
                   lambda: journey.play(Check("insight")))  # fmt: skip
    assert (journey.state, len(journey.entries)) == before
    assert "check" not in available(journey.state)
    assert why_not(journey.state, "check") == STILL_DUE


def test_a_rest_while_the_cost_is_owed_is_refused_naming_it() -> None:
    """A rest ends the moment of the last Check, so it would pass its cost by."""
    journey = begun()
    play(journey, Check("vigor"), [1, 1])
    assert_refused(IllegalAction, f"Short Rest is not possible now: {STILL_DUE}",
                   lambda: journey.play(ShortRest()))  # fmt: skip
    assert_refused(IllegalAction, f"Long Rest is not possible now: {STILL_DUE}",
                   lambda: journey.play(LongRest("")))  # fmt: skip


def test_other_moves_leave_the_cost_owed() -> None:
    """The clock, gear and the oracle do not end the moment of the Check."""
    journey = begun()
    play(journey, Check("vigor"), [1, 1])
    play(journey, Elapse(5))
    play(journey, Take("Rope"))
    play(journey, Fortune("even"), [5, 2])
    assert [due.kind for due in owed(journey.state)] == ["cost"]


def test_a_push_comes_before_the_cost_and_keeps_it_owed_on_a_failure() -> None:
    """ "After a Check, you may have your character push themselves, rerolling all Misses." """
    journey = begun()
    play(journey, Check("vigor"), [1, 2])
    play(journey, Push(), [3, 4])
    assert [due.kind for due in owed(journey.state)] == ["cost"]
    assert "check" not in available(journey.state)


def test_taking_the_cost_settles_it_and_the_next_check_is_offered() -> None:
    """ "roll or pick on the table below" """
    journey = begun()
    play(journey, Check("vigor"), [1, 1])
    play(journey, Cost(25))  # THE ENVIRONMENT CHANGES
    assert owed(journey.state) == () and "check" in available(journey.state)
    assert_refused(IllegalAction, "a cost is taken when a Check yields 1 or 0 Hits, once",
                   lambda: journey.play(SkipCost()))  # fmt: skip


def test_skipping_the_cost_settles_it_without_the_table() -> None:
    """ "and you need a cost": the table is for when one is needed; skipping it is a choice the
    Journey Book records, and the Check can no longer be pushed."""
    journey = begun()
    play(journey, Check("vigor"), [5, 1])
    report = play(journey, SkipCost())
    assert report.title == "Skip the cost" and report.dice == ()
    assert "no cost from the table for the Vigor check (partial)" in report.lines[0]
    assert owed(journey.state) == ()
    assert "check" in available(journey.state) and "push" not in available(journey.state)
    assert "taken or skipped" in why_not(journey.state, "push")


def test_a_critical_save_due_comes_before_the_cost() -> None:
    """ "When they reach 0 Hit Points [...] make a Critical Save": it stops play first."""
    journey = begun()
    play(journey, Check("vigor"), [1, 1])
    play(journey, Damage(10))
    assert [due.kind for due in owed(journey.state)] == ["save", "cost"]
    play(journey, Save("vigor"), [6, 1])
    assert [due.kind for due in owed(journey.state)] == ["cost"]


def test_the_dying_owe_no_cost_and_may_take_the_long_rest() -> None:
    """ "If helped in time, they wake after a Long Rest": a cost cannot stand in the way."""
    journey = begun()
    play(journey, Check("vigor"), [1, 1])
    play(journey, Damage(10))
    play(journey, Save("vigor"), [1, 1])
    assert journey.state.status == "dying" and owed(journey.state) == ()
    play(journey, LongRest("vigor"))
    assert journey.state.status == "standing"


def test_a_new_journey_records_that_costs_are_owed() -> None:
    journey = Journey.start("voidlight", 3)
    assert journey.options == {"costs": "due"} and journey.state.costs == "due"


def test_a_journey_recorded_before_costs_were_owed_replays_unchanged() -> None:
    """Its record names no 'costs' option: a Check after an untaken cost lets it lapse, as then."""
    old = begun(options={"costs": "lapse"})
    play(old, Check("vigor"), [1, 1])
    play(old, Check("insight"), [6])
    play(old, ShortRest(), [4])
    record = json.loads(json.dumps(old.to_json()))
    del record["options"]["costs"]
    replayed = Journey.from_json(record)
    assert replayed.options == {} and replayed.state == old.state
    assert replayed.state.costs == "lapse"
    assert [entry.action["kind"] for entry in replayed.entries] == [
        "create", "check", "check", "short_rest"
    ]  # fmt: skip
