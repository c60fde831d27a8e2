"""Every state a game passes through pickles and comes back equal: ``simulate`` hands states to a
process pool or Dask, and Advice to the process it thinks in. A value
kept once worked out (a curse track's Curse, a map's paths) must pickle too; a Curse pickles as
its name."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from rules.embers import heuristic, legal
from rules.firelights import SensiblePlayer
from rules.firelights.curses import CURSES
from rules.firelights.strategy import BEGIN
from rules.record.journey import Journey
from rules.table.chance import FastChance
from rules.voidlight.explorer import Expedition as VoidlightExpedition
from rules.voidlight.explorer import Explorer, start


def _round_trip(value: Any) -> None:
    back = pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == value
    assert repr(back) == repr(value)


def test_a_curse_pickles_as_its_name() -> None:
    for curse in CURSES:
        assert pickle.loads(pickle.dumps(curse)) is curse


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_firelights_state_of_a_journey_pickles(seed: int) -> None:
    journey = Journey.start("firelights", seed=seed)
    journey.play(BEGIN)
    player = SensiblePlayer()
    for _ in range(80):
        state = journey.state
        [track.perished for track in getattr(state, "curses", ())]  # worked out and kept
        _round_trip(state)
        if state.over:
            break
        journey.play(player(state))


@pytest.mark.parametrize("seed", [1, 2])
def test_every_embers_state_of_a_night_pickles(seed: int) -> None:
    journey = Journey.start("embers", seed=seed)
    for _ in range(80):
        state = journey.state
        _round_trip(state)
        if not legal(state):
            break
        journey.play(heuristic(state))


def test_every_voidlight_state_of_an_expedition_pickles() -> None:
    trek, explorer, game = start(20, "standard"), Explorer(), VoidlightExpedition()
    chance = FastChance(7)
    for _ in range(120):
        _round_trip(trek.state)
        if trek.state.status in ("lost", "dying") or trek.scene >= 12:
            break
        trek, _ = game.apply(trek, explorer(trek), chance)
