"""Embers' search player and advice: its moves are always legal, advice with a fixed
seed gives the same rows, and asking changes nothing in the journey (its record, its state, its
next chance steps)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.embers import Begin, State, advise, apply, heuristic, legal
from rules.embers.search import strong_player
from rules.record.journey import Journey
from rules.table.chance import FastChance


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), difficulty=st.sampled_from(("recruit", "warrior", "veteran")))
def test_the_strong_player_plays_only_legal_moves(seed: int, difficulty: str) -> None:
    player = strong_player(seed, runs=2, seconds=None)
    state, chance = State.new(difficulty), FastChance(seed)
    for _ in range(25):
        if state.over:
            break
        move = player(state)
        assert move in legal(state)
        state, _report = apply(state, move, chance)


def test_the_strong_player_is_reproducible() -> None:
    def moves(seed: int) -> list[object]:
        player, state, chance = strong_player(seed, 2, None), State.new("warrior"), FastChance(4)
        found = []
        for _ in range(12):
            found.append(player(state))
            state, _ = apply(state, found[-1], chance)
        return found

    assert moves(1) == moves(1)


def test_advice_has_one_row_per_legal_move_and_a_fixed_seed_gives_the_same_rows() -> None:
    state, _ = apply(State.new("warrior"), Begin(), FastChance(11))
    rows = advise(state, runs=3, seed=5)
    assert [row.move for row in rows] == legal(state)
    assert all(row.runs == 3 and row.low <= row.estimate <= row.high for row in rows)
    assert sum(row.best for row in rows) == 1
    assert advise(state, runs=3, seed=5) == rows


def test_advice_is_a_look_not_an_action() -> None:
    journey = Journey.start("embers", seed=21, options={"difficulty": "warrior"})
    journey.play(Begin())
    for _ in range(3):
        journey.play(heuristic(journey.state))
    record, state, steps = journey.to_json(), journey.state, journey.chance.steps
    random.seed(1)
    before = random.getstate()
    advise(journey.state, runs=2, seed=3)
    assert (journey.to_json(), journey.state, journey.chance.steps) == (record, state, steps)
    assert random.getstate() == before
    # the next chance steps are the ones a journey that never asked meets
    twin = Journey.from_json(record)
    for _ in range(6):
        if journey.state.over:
            break
        move = heuristic(journey.state)
        assert journey.play(move) == twin.play(move)
