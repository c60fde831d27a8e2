"""Voidlight's search player and advice on a solo expedition: its moves are always
ones the rules allow; advice with a fixed seed gives the same rows; asking changes nothing in the
journey (its record, its state, its next dice)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import InvalidInput
from rules.record.journey import Journey
from rules.table.chance import FastChance
from rules.voidlight import Check, Join, advise, open_moves
from rules.voidlight.explorer import EXPLORER, Explorer, start, trek_outcome
from rules.voidlight.search import Outing, OutingGame, choices, strong_player


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), beam=st.sampled_from(("standard", "low")))
def test_the_strong_player_plays_only_legal_moves(seed: int, beam: str) -> None:
    player, game = strong_player(seed, runs=2, seconds=None), OutingGame()
    outing, chance = Outing(start(20, beam), 4), FastChance(seed)
    while trek_outcome(outing.trek, outing.scenes) is None:
        move = player(outing)
        assert move.kind in {kind for kind, _who in open_moves(outing.trek.state)}
        outing, _report = game.apply(outing, move, chance)


def test_choices_start_with_the_explorers_move() -> None:
    trek = start(20, "standard")
    found = choices(trek, Explorer())
    assert found[0] == Explorer()(trek) == Check("vigor")
    assert {type(move).__name__ for move in found[1:]} == {"Beam"}


def test_a_fixed_seed_gives_the_same_rows_and_asking_changes_nothing() -> None:
    journey = Journey.start("voidlight", seed=5)
    journey.play(EXPLORER, [[3]])
    journey.play(Check("vigor"))
    record, state, steps = journey.to_json(), journey.state, journey.chance.steps
    random.seed(3)
    before = random.getstate()
    rows = advise(journey.state, runs=2, seed=7, scenes=2)
    assert advise(journey.state, runs=2, seed=7, scenes=2) == rows
    assert sum(row.best for row in rows) == 1
    assert (journey.to_json(), journey.state, journey.chance.steps) == (record, state, steps)
    assert random.getstate() == before
    twin = Journey.from_json(record)
    assert journey.play(Check("operate")) == twin.play(Check("operate"))


def test_advice_is_for_a_crew_of_one() -> None:
    journey = Journey.start("voidlight", seed=5)
    journey.play(EXPLORER, [[3]])
    journey.play(Join("Kai", "he/him", vigor=1, operate=2, insight=1, diplomacy=1), [[4]])
    with pytest.raises(InvalidInput, match="a crew of 2"):
        advise(journey.state, runs=1)
