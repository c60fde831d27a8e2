"""Advice in the panel ("Advice in the panel"): an Advice toggle in every game panel, off
by default; on, a row per move open now with its chance and 95% interval, the best marked; a new
state drops the rows and thinks again; a look, never an action (the journey's record and chance
are untouched); the controls still play."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from panel_helpers import run_apart

from rules.embers import Act, Begin, legal
from rules.firelights.search import choices
from rules.firelights.strategy import BEGIN
from rules.play.advice import Advice, standing
from rules.record.journey import Journey
from rules.table.estimate import wilson_interval
from rules.voidlight import CreateRandom, Join
from widgets.embers import EmbersPanel
from widgets.firelights import FirelightsPanel
from widgets.frame.advice import BEST_CLASS, WAITING, AdviceView
from widgets.frame.base import GameFrame
from widgets.voidlight import VoidlightPanel

FIRST = {"embers": Begin(), "firelights": BEGIN, "voidlight": CreateRandom("Ash", "")}
PANELS: dict[str, type[GameFrame]] = {
    "embers": EmbersPanel,
    "firelights": FirelightsPanel,
    "voidlight": VoidlightPanel,
}


#: Seeds whose first decision has moves that differ after 8 rollouts each (on seed 3 every Embers
#: and Voidlight move has lost every rollout so far: no move stands out).
APART = {"embers": 5, "firelights": 3, "voidlight": 5}


def begun(game: str, seed: int = 3) -> Any:
    panel = PANELS[game](seed=seed)
    panel.act(FIRST[game])
    return panel


@pytest.mark.parametrize("game", sorted(PANELS))
def test_the_toggle_is_off_by_default_and_shows_nothing(game: str) -> None:
    panel = begun(game)
    view = panel.advice
    assert isinstance(view, AdviceView)
    assert view.toggle.value is False
    assert view.refresh(1) == [] and view.table.value == "" and view.note.value == ""
    assert not view.thinking
    panel.close()


@pytest.mark.parametrize("game", sorted(PANELS))
def test_on_a_row_per_move_with_its_interval_the_best_marked(game: str) -> None:
    panel = begun(game, APART[game])
    view = panel.advice
    view.toggle.value = True
    assert view.note.value == "Thinking…"  # no loop here: refresh() is the step
    rows = view.refresh(4)
    view.refresh(4)  # a second batch is pooled with the first
    rows = view.rows
    if game == "embers":
        assert [row.move for row in rows] == legal(panel.state)
    elif game == "firelights":
        assert [row.move for row in rows] == choices(panel.state)
    assert rows and all(row.runs == 8 for row in rows)
    assert all(0 <= row.low <= row.estimate <= row.high <= 1 for row in rows)
    assert sum(row.best for row in rows) == 1
    table = view.table.value
    for row in rows:
        assert view.hook.label(panel.state, row.move).replace("&", "&amp;") in table
    where = standing(rows)
    if where.best is None:  # not clearly ahead yet: nothing is marked, and the note says so
        assert "★ best" not in table and view._marked == []
        assert "too close to call" in view.note.value or "no move stands out" in view.note.value
        panel.close()
        return
    assert table.count("★ best") == 1
    assert table.index("★ best") < table.index("</tr>", table.index("</th></tr>") + 10)  # first
    marked = [w for w in view.hook.controls(panel.state, where.best.move)]
    assert marked and all(BEST_CLASS in w._dom_classes for w in marked)
    panel.close()


def test_no_best_is_marked_before_the_leader_is_clearly_ahead() -> None:
    """At 8 rollouts a move leads Firelights' first decision, but its interval overlaps the next
    one's: no mark, "too close to call", the leader's row says it leads; with enough rollouts a
    Voidlight move clears every other and is marked."""
    panel = begun("firelights", APART["firelights"])
    view = panel.advice
    view.toggle.value = True
    rows = view.refresh(8)
    assert standing(rows).why == "close" and view.best is None
    assert "★ best" not in view.table.value and view._marked == []
    assert "too close to call: no move is clearly ahead after 8 rollouts" in view.note.value
    assert view.table.value.count("leads, too close to call") == 1
    panel.close()
    panel = begun("voidlight", APART["voidlight"])
    view = panel.advice
    view.toggle.value = True
    rows = view.refresh(64)
    best = standing(rows).best
    assert best is not None and view.best is best
    assert view.table.value.count("★ best") == 1 and "too close" not in view.note.value
    marked = list(view.hook.controls(panel.state, best.move))
    assert marked and all(BEST_CLASS in w._dom_classes for w in marked)
    panel.close()


def test_while_thinking_the_note_says_the_rows_are_still_settling() -> None:
    panel = begun("firelights", APART["firelights"])
    view = panel.advice
    view.toggle.value = True
    view.refresh(8)
    loop = asyncio.new_event_loop()  # a loop of its own: none may be current in this thread
    try:
        view._task = loop.create_future()  # a refinement under way, as the loop's task would be
        assert "still settling: no move is clearly ahead yet" in view._verdict(8)
    finally:
        view._task = None
        loop.close()
        panel.close()


def test_a_move_that_never_ends_well_says_why_and_the_chance_names_whose_it_is() -> None:
    """Embers' moves that read 0%: the row says the heuristic player lost every rollout from
    there, and the column names the chance as that player's."""
    panel = begun("embers", APART["embers"])
    view = panel.advice
    view.toggle.value = True
    rows = view.refresh(8)
    nothing = [row for row in rows if row.successes == 0]
    assert nothing
    table = view.table.value
    assert table.count("the heuristic player did not win in any of 8 rollouts") == len(nothing)
    assert (
        '<th class="lantern-advice-number" title="The chance the heuristic player goes on to win '
        'after it">Chance (the heuristic player)</th>' in table
    )
    panel.close()


def test_when_every_move_has_fared_alike_none_is_marked_best() -> None:
    """A mark on one of many moves that all lost every rollout would only name the first listed:
    none is marked, and the note says no move stands out."""
    panel = begun("embers", 3)  # a Warrior deal the heuristic player loses from every move
    view = panel.advice
    view.toggle.value = True
    rows = view.refresh(8)
    assert len(rows) > 1 and {row.estimate for row in rows} == {0.0}
    assert view.best is None and view._marked == []
    assert "★ best" not in view.table.value
    assert "no move stands out" in view.note.value
    panel.close()


def test_a_state_change_drops_the_rows_and_the_next_batch_reads_the_new_state() -> None:
    panel = begun("embers")
    view = panel.advice
    view.toggle.value = True
    view.refresh(1)
    marked = list(view._marked)
    panel.act(legal(panel.state)[-1])  # End actions
    assert view.rows == [] and view.note.value == "Thinking…"
    assert all(BEST_CLASS not in w._dom_classes for w in marked)
    rows = view.refresh(1)
    assert [row.move for row in rows] == legal(panel.state)
    view.toggle.value = False
    assert view.rows == [] and view.table.value == ""
    panel.close()


def test_while_a_new_state_is_thought_about_the_last_table_keeps_its_place_hidden() -> None:
    """The rows go at once, but the table's place stays (hidden, and hidden from screen readers)
    until the new rows come: a table that vanished and came back would push the click's result,
    shown below it, out of the player's view."""
    panel = begun("firelights", APART["firelights"])
    view = panel.advice
    view.toggle.value = True
    view.refresh(8)
    shown = view.table.value
    assert "lantern-advice-table" in shown
    panel.act(choices(panel.state)[0])
    assert view.rows == [] and view.note.value == "Thinking…"
    assert view.table.value == f'<div class="{WAITING}" aria-hidden="true">{shown}</div>'
    panel.act(choices(panel.state)[0])  # another state before any row came: the same place kept
    assert view.table.value.count(WAITING) == 1 and shown in view.table.value
    rows = view.refresh(1)
    assert rows and WAITING not in view.table.value
    assert "lantern-advice-table" in view.table.value
    panel.close()


@pytest.mark.parametrize("game", sorted(PANELS))
def test_advice_is_a_look_the_journey_record_and_chance_unchanged(game: str) -> None:
    """Asked or not, the same clicks give the same journey: advice draws nothing from it."""
    advised, plain = begun(game, seed=11), begun(game, seed=11)
    record, steps = advised.journey.to_json(), advised.journey.chance.steps
    advised.advice.toggle.value = True
    advised.advice.refresh(2)
    advised.advice.refresh(1)
    assert advised.journey.to_json() == record
    assert advised.journey.chance.steps == steps
    move = advised.advice.rows[0].move
    advised.act(move)
    plain.act(move)
    assert advised.journey.to_json() == plain.journey.to_json()
    assert advised.state == plain.state
    assert isinstance(plain.journey, Journey)
    advised.close()
    plain.close()


def test_the_controls_still_play_with_advice_on() -> None:
    panel = begun("embers")
    panel.advice.toggle.value = True
    panel.advice.refresh(1)
    before = len(panel.journey.entries)
    end = next(b for b in panel.choices_row.children if b.description == "End actions")
    end.click()
    assert len(panel.journey.entries) == before + 1
    assert panel.messages.value in ("", None) or "error" not in str(panel.messages.value)
    panel.close()


def test_on_the_loop_it_refines_in_the_background_and_a_change_cancels() -> None:
    async def main() -> tuple[int, bool, bool, bool]:
        panel = begun("embers")
        view = panel.advice
        view.toggle.value = True
        first = view._task
        assert first is not None
        for _ in range(400):  # at most 4 s
            await asyncio.sleep(0.01)
            if view.rows and min(row.runs for row in view.rows) > 4:
                break
        refined = min(row.runs for row in view.rows)
        panel.act(legal(panel.state)[-1])  # a click: the task of the old state goes
        await asyncio.sleep(0)
        cancelled = first.cancelled() or first.done()
        second = view._task
        view.toggle.value = False
        await asyncio.sleep(0)
        off = second is not None and second.done() and view._task is None
        view.toggle.value = True
        third = view._task
        panel.close()
        await asyncio.sleep(0)
        closed = third is not None and third.done()
        return refined, cancelled, off, closed

    refined, cancelled, off, closed = run_apart(main())
    assert refined > 4  # batches after the first were pooled in
    assert cancelled and off and closed


def test_a_crew_gets_no_advice_and_is_told_why() -> None:
    panel = begun("voidlight")
    panel.act(Join("Bo", at_random=True))
    view = panel.advice
    view.toggle.value = True
    assert view.refresh(1) == []
    assert "No advice here" in view.note.value and "crew of one" in view.note.value
    assert view.table.value == ""
    panel.close()


def test_picking_another_hero_marks_the_best_moves_control_anew() -> None:
    """Why: "the best move marked", also after the player picks a hero: Embers' buttons
    change with the hero picked, the state does not; the mark follows the buttons shown."""
    panel = begun("embers", APART["embers"])
    view = panel.advice
    view.toggle.value = True
    view.refresh(8)
    # a best clearly ahead (8 of 8 against 0 of 8 each: Wilson's intervals 0.68-1 and 0-0.32),
    # so a mark is due: a hero action, whose control is the hero's button until it is picked
    ahead = next(row.move for row in view.rows if isinstance(row.move, Act))
    view.rows = [
        Advice(row.move, float(row.move == ahead), *wilson_interval(8 * (row.move == ahead), 8),
               8 * (row.move == ahead), 8, row.move == ahead)
        for row in view.rows
    ]  # fmt: skip
    view._show()
    heroes = [b.description for b in panel.heroes_row.children]
    assert len(heroes) > 1
    for hero in heroes:
        panel.pick_hero(hero)
        best = view.best
        assert best is not None
        shown = list(panel.heroes_row.children) + list(panel.choices_row.children)
        marked = [w for w in shown if BEST_CLASS in w._dom_classes]
        assert marked == list(view.hook.controls(panel.state, best.move)), hero
        assert marked, f"nothing marked with {hero} picked (best: {best.move})"
    panel.close()


def test_firelights_asks_within_how_many_actions_and_a_new_horizon_starts_again() -> None:
    """Advice "to light six beacons": the sensible player lights them in nearly every
    journey, so the panel asks within a horizon the player chooses (50 actions first)."""
    panel = begun("firelights")
    view = panel.advice
    assert view.horizon in view.children[1].children
    assert view.horizon.options[0][0] == "within 50 actions"
    view.toggle.value = True
    view.refresh(2)
    assert "within 50 actions" in view.note.value
    first = view.rows
    view.horizon.value = 0  # "ever"
    assert view.rows == [] and view.hook.horizon == 0
    rows = view.refresh(2)
    assert "light six beacons ever" in view.note.value
    assert [row.move for row in rows] == [row.move for row in first]
    assert all(row.runs == 2 for row in rows)
    panel.close()


def test_games_with_one_question_show_no_horizon() -> None:
    for game in ("embers", "voidlight"):
        panel = begun(game)
        assert panel.advice.horizon not in panel.advice.children[1].children
        panel.close()


def test_rows_of_an_earlier_state_are_never_pooled_with_a_batch_of_the_next() -> None:
    """A batch of the state before a click that still lands after it (the browser test met one:
    a Voidlight beam clicked while advice refined) starts the rows again, for the state now."""
    from rules.voidlight import Beam

    panel = begun("voidlight", APART["voidlight"])
    view = panel.advice
    view.toggle.value = True
    before = view.refresh(2)
    panel.act(Beam("low"))
    view.rows = before  # as a batch of the earlier state would leave them
    rows = view.refresh(2)
    assert [row.move for row in rows] == [row.move for row in view.hook.advise(panel.state, 1, 0)]
    assert all(row.runs == 2 for row in rows)
    panel.close()
