"""Each game refuses each other game's actions cleanly: "A Firelights action played on a
Voidlight journey: ``KeyError: <class 'rules.firelights.actions.Rest'>`` ... (Firelights and
Embers refuse a foreign action cleanly)". Every kind of action of every game is played on a
seeded journey of every other game at each of its first steps (two games share the kinds
'choose' and 'begin'): each is refused with the project's own error, and the journey (its state,
record and chance) is as it was.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hardening_helpers import assert_refused_untouched, journeys
from stateful_play import DRIVERS, FIRELIGHTS_SAMPLES, VOIDLIGHT_SAMPLES, assert_refused

from rules import embers, firelights
from rules.book import JourneyBook
from rules.embers import actions as EA
from rules.errors import IllegalAction, LanternError
from rules.firelights import actions as FA
from rules.record.journey import Journey

__all__ = ["journeys"]  # the folder fixture, autouse

STEPS = 40


def _embers_samples() -> list[Any]:
    """One action of each kind an Embers night of the heuristic player offers."""
    found: dict[str, Any] = {"begin": EA.Begin(), "end_actions": EA.EndActions()}
    journey = Journey.start("embers", seed=3)
    for _ in range(200):
        if journey.state.over:
            break
        for move in embers.legal(journey.state):
            found.setdefault(move.kind, move)
        journey.play(embers.heuristic(journey.state))
    return list(found.values())


def _firelights_samples() -> list[Any]:
    """Each kind of Firelights action, built for a state a journey reached (a Fight names a
    curse of it)."""
    journey = Journey.start("firelights", seed=3)
    journey.play(FIRELIGHTS_SAMPLES["begin"](journey.state))
    player = firelights.SensiblePlayer()
    for _ in range(20):
        journey.play(player(journey.state))
    return [build(journey.state) for build in FIRELIGHTS_SAMPLES.values()]


SAMPLES: dict[str, list[Any]] = {
    "firelights": _firelights_samples(),
    "voidlight": list(VOIDLIGHT_SAMPLES.values()),
    "embers": _embers_samples(),
}


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_every_game_refuses_every_other_games_actions(game: str) -> None:
    driver, rng = DRIVERS[game], random.Random(11)
    foreign = [action for other in sorted(SAMPLES) if other != game for action in SAMPLES[other]]
    journey = Journey.start(game, seed=5)
    refused = 0
    for _ in range(STEPS):
        for action in foreign:
            assert_refused(journey, lambda action=action: action, LanternError)
            refused += 1
        if journey.state.over:
            break
        journey.play(driver.pick(journey.state, rng))
    assert refused >= len(foreign) * 2


def test_a_firelights_rest_on_a_voidlight_journey_is_refused_and_nothing_changes(
    journeys: Path,
) -> None:
    """The case found: a raw ``KeyError`` from rules/voidlight/game.py, now a sentence."""
    book = JourneyBook.start("vex", game="voidlight", seed=5)
    book.play(VOIDLIGHT_SAMPLES["create"])
    message = "Rest is not an action of Voidlight: play one of the actions rules.voidlight defines"
    assert_refused_untouched(journeys, IllegalAction, message, lambda: book.play(FA.Rest("")))
    book.close()
