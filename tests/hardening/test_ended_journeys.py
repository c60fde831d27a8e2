"""An ended journey leaves no cards in play (a push-on Darkness on Discover
that extinguishes the light discards the two cards instead of asking which to hide)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "firelights"))

from test_firelights_journeys import well_formed

from rules.firelights import GAME, available
from rules.record.journey import Journey


@pytest.mark.parametrize("block", range(4))
def test_an_ended_journey_leaves_no_cards_in_play(block: int) -> None:
    ended = 0
    for seed in range(block * 60, (block + 1) * 60):
        rng = random.Random(seed)
        journey = Journey.start("firelights", seed)
        for _ in range(300):
            state = journey.state
            if state.over:
                break
            offered = available(state)
            kinds = [k for k in offered if k not in ("consult", "slip")] or list(offered)
            journey.play(rng.choice(well_formed(state, rng.choice(kinds), rng)))
        state = journey.state
        GAME.check(state)
        if state.over:
            ended += 1
            assert state.in_play == (), (seed, journey.entries[-1].action)
            assert state.pending is None, seed
    assert ended > 30  # most random journeys end within 300 actions
