"""Firelights' search player and advice: every candidate move is one the rules allow
and the strong player plays only those; advice with a fixed seed gives the same rows; asking
changes nothing in the journey (its record, its state, its next draws)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import LanternError
from rules.firelights import GAME, SensiblePlayer, advise, apply
from rules.firelights.moves import check
from rules.firelights.search import Paced, PacedGame, choices, strong_player
from rules.firelights.strategy import BEGIN
from rules.record.journey import Journey
from rules.table.chance import FastChance


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_strong_player_plays_only_moves_the_rules_allow(seed: int) -> None:
    player, game = strong_player(seed, runs=2, seconds=None), PacedGame()
    paced, chance = Paced(GAME.initial({}), 40), FastChance(seed)
    for _ in range(20):
        if paced.state.over:
            break
        move = player(paced)
        assert move in choices(paced.state) or move == SensiblePlayer()(paced.state)
        check(paced.state, move)  # raises if the rules refuse it
        paced, _report = game.apply(paced, move, chance)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), actions=st.integers(0, 40))
def test_every_choice_is_allowed(seed: int, actions: int) -> None:
    state, chance, player = GAME.initial({}), FastChance(seed), SensiblePlayer()
    for _ in range(actions):
        if state.over:
            break
        state, _ = apply(state, player(state), chance)
    for move in choices(state):
        try:
            check(state, move)
        except LanternError as error:  # pragma: no cover - the assertion says which
            raise AssertionError(f"{move!r} is refused: {error}") from error


def test_a_fixed_seed_gives_the_same_rows() -> None:
    journey = Journey.start("firelights", seed=3)
    journey.play(BEGIN)
    rows = advise(journey.state, runs=2, seed=4, within=30)
    assert [row.move for row in rows] == choices(journey.state)
    assert advise(journey.state, runs=2, seed=4, within=30) == rows
    assert sum(row.best for row in rows) == 1


def test_advice_is_a_look_not_an_action() -> None:
    journey = Journey.start("firelights", seed=8)
    journey.play(BEGIN)
    player = SensiblePlayer()
    for _ in range(4):
        journey.play(player(journey.state))
    record, state, steps = journey.to_json(), journey.state, journey.chance.steps
    random.seed(2)
    before = random.getstate()
    advise(journey.state, runs=2, seed=1, within=20)
    assert (journey.to_json(), journey.state, journey.chance.steps) == (record, state, steps)
    assert random.getstate() == before
    twin = Journey.from_json(record)
    for _ in range(5):
        if journey.state.over:
            break
        move = player(journey.state)
        assert journey.play(move) == twin.play(move)


def test_advice_counts_the_actions_as_the_paced_search_does() -> None:
    """advise plays each rollout on plain states, its horizon the rollout's max_steps: the same
    rows as the search on Paced states, which counts the actions down in each state (LOOKAHEAD,
    the strong player's), within a few actions, within many, and with no limit."""
    from rules.firelights.search import LOOKAHEAD
    from rules.play.advice import estimate

    state, chance, player, looked = GAME.initial({}), FastChance(8), SensiblePlayer(), 0
    for taken in range(60):
        if state.over:
            break
        if taken % 9 == 3 and len(choices(state)) > 1:
            looked += 1
            for within in (1, 2, 7, 40, None):
                paced = Paced(state) if within is None else Paced(state, within)
                assert advise(state, runs=6, seed=taken, within=within) == estimate(
                    LOOKAHEAD, paced, runs=6, seed=taken
                )
        state = apply(state, player(state), chance)[0]
    assert looked >= 3
