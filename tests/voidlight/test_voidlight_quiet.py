"""apply_quietly is apply without the report: the same refusals, the same chance steps and the
same states, action for action, over many seeded expeditions (solo with every beam policy and
the player's other choices mixed in, and crews), so a simulation or a rollout plays the rules a
journey plays."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.errors import LanternError
from rules.play.simulate import run_seed
from rules.studies.voidlight_crew import Crew, CrewTrek, crew_start
from rules.table.chance import Chance, FastChance
from rules.voidlight import Damage, Push, SkipCost, State
from rules.voidlight.explorer import BEAMS, Explorer, Trek, start, trek_outcome
from rules.voidlight.game import apply, apply_quietly
from rules.voidlight.search import choices

#: Moves a player may try at any moment, allowed or not: both must refuse them alike.
TRIED = (Push(), SkipCost(), Damage(3))


def both(state: State, action: Any, loud: Any, quiet: Any) -> tuple[State, State] | None:
    """``action`` played both ways, each with its own twin of the chance source (None: both
    refused it, with the same words)."""
    try:
        played, report = apply(state, action, loud)
    except LanternError as error:
        with pytest.raises(type(error)) as refused:
            apply_quietly(state, action, quiet)
        assert str(refused.value) == str(error)
        return None
    assert report.title == action.title
    new, nothing = apply_quietly(state, action, quiet)
    assert nothing is None
    return played, new


def next_trek(trek: Trek, action: Any, state: State) -> Trek:
    """The expedition after ``action``, counted as :class:`~rules.voidlight.explorer.Expedition`
    counts it."""
    kind = getattr(action, "kind", "")
    if kind == "check":
        return Trek(state, trek.scene, True, trek.swaps)
    if kind == "elapse":
        return Trek(state, trek.scene + 1, False, trek.swaps)
    return Trek(state, trek.scene, trek.checked, trek.swaps + (kind == "swap_battery"))


@pytest.mark.parametrize("beam", BEAMS)
@pytest.mark.parametrize("interval", [10, 30])
def test_a_solo_expedition_plays_the_same_states_quietly(beam: str, interval: int) -> None:
    explorer = Explorer(beam)
    for run in range(12):
        seed = run_seed(interval, run)
        trek = start(interval, beam, run % 3)
        loud, quiet, mixer = FastChance(seed), FastChance(seed), random.Random(seed)
        for _ in range(600):
            if trek_outcome(trek, 12) is not None:
                break
            moves = choices(trek, explorer)
            action = mixer.choice(moves) if mixer.random() < 0.3 else moves[0]
            if mixer.random() < 0.05:  # a move tried out of turn, refused or played alike
                action = mixer.choice(TRIED)
            played = both(trek.state, action, loud, quiet)
            if played is not None:
                assert played[0] == played[1]
                trek = next_trek(trek, action, played[1])
        assert loud.rng.getstate() == quiet.rng.getstate()


@pytest.mark.parametrize("size", [2, 4])
def test_a_crew_expedition_plays_the_same_states_quietly(size: int) -> None:
    crew = Crew("adaptive")
    for run in range(6):
        seed = run_seed(size, run)
        trek = crew_start(size, 10, 2, "adaptive")
        loud, quiet = Chance(seed), Chance(seed)
        for _ in range(300):
            if trek_outcome(trek, 8) is not None:
                break
            action = crew(trek)
            played = both(trek.state, action, loud, quiet)
            assert played is not None and played[0] == played[1]
            checked = trek.state.index(action.who) + 1 if action.kind == "check" else trek.checked
            elapsed = action.kind == "elapse"
            trek = CrewTrek(played[1], trek.scene + elapsed, 0 if elapsed else checked, trek.swaps)
        assert loud.steps == quiet.steps
