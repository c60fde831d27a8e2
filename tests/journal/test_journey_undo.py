"""Journey.undo / extend / reroll and Point: taking back moves in memory, as the store relies on.

rules.record.journey: "Undoing rebuilds the earlier state from a remembered Point, so it does not replay
the whole journey", and the step numbering stays what a replay of the record gives.
"""

from __future__ import annotations

from typing import Any

import pytest
from journal_helpers import reference, simple_action

from rules.book.log import walk
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import Ask, Begin, Choose, Consult, Discover, Rest, Search
from rules.record import journey as journey_module
from rules.record.journey import Entry, Journey, Point


def played(actions: int) -> Journey[Any, Any]:
    """A Firelights journey of ``actions`` actions, seed 5 (the helpers' yardstick)."""
    return reference(actions, seed=5)


def replayed(journey: Journey[Any, Any]) -> Journey[Any, Any]:
    """The journey rebuilt from its record alone: what every in-memory shortcut must equal."""
    return Journey.from_json(journey.to_json())


def snapshot(journey: Journey[Any, Any]) -> tuple[object, ...]:
    return (journey.state, list(journey.entries), journey.chance.steps, journey.last)


def test_undo_returns_the_entries_and_goes_back_to_the_state_before() -> None:
    journey = played(8)
    before = snapshot(played(7))
    removed = journey.undo()
    assert removed == (played(8).entries[-1],)
    assert snapshot(journey) == before == snapshot(replayed(journey))


def test_undo_then_the_same_action_meets_the_same_outcomes() -> None:
    """The undone action's chance steps are free again: the same cards lie on top."""
    journey = played(6)
    report = journey.last
    journey.undo()
    assert journey.play(simple_action(journey.state)) == report


def test_extend_redoes_exactly() -> None:
    journey = played(9)
    after = snapshot(journey)
    removed = journey.undo()
    journey.extend(removed)
    assert snapshot(journey) == after


def test_reroll_supersedes_the_first_try_and_draws_fresh() -> None:
    journey = played(5)
    first = journey.last
    second = journey.reroll()
    assert second != first
    assert [e.superseded for e in journey.entries] == [False] * 4 + [True, False]
    assert journey.entries[-2].chance != journey.entries[-1].chance
    assert snapshot(journey) == snapshot(replayed(journey))
    third = journey.reroll([["2C", "3C"], [6, 6]])  # a reroll at the table
    assert third.cards[0].rank == 2 and journey.entries[-1].supplied == 2
    assert [e.superseded for e in journey.entries][-3:] == [True, True, False]
    assert snapshot(journey) == snapshot(replayed(journey))


def test_undo_after_a_reroll_takes_back_the_whole_action() -> None:
    journey = played(5)
    journey.reroll()
    journey.reroll()
    removed = journey.undo()
    assert [e.superseded for e in removed] == [True, True, False]
    assert snapshot(journey) == snapshot(played(4))


def test_a_refused_reroll_or_extend_changes_nothing() -> None:
    journey = played(5)
    before = snapshot(journey)
    with pytest.raises(InvalidInput):
        journey.reroll([["ZZ", "3C"], [6, 6]])
    assert snapshot(journey) == before
    with pytest.raises(InvalidInput, match="entry 6"):
        journey.extend([Entry({"kind": "ask", "likelihood": "even", "question": ""}, ())])
    assert snapshot(journey) == before


def test_nothing_to_undo_is_refused() -> None:
    journey = Journey.start("firelights", 1)
    with pytest.raises(IllegalAction, match="not begun"):
        journey.undo()
    with pytest.raises(IllegalAction):
        journey.reroll()


def test_undo_beyond_the_remembered_points_replays_from_the_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(journey_module, "REMEMBERED_POINTS", 4)
    journey = played(40)
    for _ in range(30):
        journey.undo()
    assert snapshot(journey) == snapshot(played(10))


def test_undo_asks_find_point_for_an_older_point() -> None:
    journey = played(30)
    stored = played(10).point()
    asked: list[int] = []

    def find(before: int) -> Point[Any, Any] | None:
        asked.append(before)
        return Point(stored.count, stored.state, stored.steps)  # as a store gives it: no report

    journey.find_point = find
    journey._points.clear()
    journey.undo()
    assert asked == [29]
    assert snapshot(journey) == snapshot(played(29))


def test_resume_from_a_point_replays_only_the_rest() -> None:
    whole = played(20)
    point = played(12).point()
    resumed = Journey(
        whole.game, 5, {}, whole.entries, Point(point.count, point.state, point.steps)
    )
    assert snapshot(resumed) == snapshot(whole)
    with pytest.raises(InvalidInput, match="after 99 entries"):
        Journey(whole.game, 5, {}, whole.entries[:3], Point(99, point.state, 0))


def test_walk_gives_every_report_superseded_tries_included() -> None:
    journey = played(4)
    journey.reroll()
    journey.play(Search("quick"))
    reports = [report for _entry, report in walk(journey.game, {}, journey.entries)]
    assert len(reports) == 6
    assert reports[-1] == journey.last
    assert reports[3].title == reports[4].title == Ask.title


def discovered_and_chosen() -> Journey[Any, Any]:
    """Begin, Discover on a Shade (cards and dice from the table), then the Choose it asks for."""
    journey = Journey.start("firelights", 11)
    journey.play(Begin("Wick", "she/her", 2, 1, 0), [["5C"]])
    journey.play(Discover("quick"), [["9H", "KS"], [6, 6]])
    journey.play(Choose("KS"))
    return journey


def test_reroll_refuses_an_action_that_drew_and_rolled_nothing_and_names_it() -> None:
    """After Discover -> Choose, Reroll would only replay the Choose: it refuses, changing
    nothing, and says to undo first; after the undo the Discover itself can be rerolled."""
    journey = discovered_and_chosen()
    before = snapshot(journey)
    assert not journey.can_reroll
    message = (
        "the last action (Choose) drew and rolled nothing: undo it first to reroll the one before"
    )
    assert journey.reroll_refusal() == message
    with pytest.raises(IllegalAction) as caught:
        journey.reroll()
    assert str(caught.value) == message
    assert snapshot(journey) == before
    journey.undo()
    assert journey.can_reroll and journey.reroll_refusal() is None
    journey.reroll()
    assert [e.superseded for e in journey.entries] == [False, True, False]


@pytest.mark.parametrize("action", [Rest(), Consult("region")], ids=["rest", "consult"])
def test_reroll_is_offered_exactly_when_the_last_action_met_chance(action: Any) -> None:
    """Rest draws and rolls nothing (the discards only go back under the pile): refused. A roll
    on the tables meets a d66: offered."""
    journey = played(3)
    journey.play(action)
    assert journey.can_reroll == bool(journey.entries[-1].chance)
    assert journey.can_reroll == isinstance(action, Consult)
    if not journey.can_reroll:
        with pytest.raises(IllegalAction, match=r"\(Rest\) drew and rolled nothing"):
            journey.reroll()


def test_nothing_to_reroll_before_the_journey_begins_says_so() -> None:
    journey = Journey.start("firelights", 1)
    assert not journey.can_reroll
    assert journey.reroll_refusal() == "there is no action to take back: the journey has not begun"
