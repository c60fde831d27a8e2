"""Voidlight's strong player and its advice: each move of a solo expedition looked at through
the dice to come.

An expedition is the explorer's (:mod:`rules.voidlight.explorer`): a Check a scene, its cost, then
minutes of expedition time under the Voidlight's timer; the explorer (:class:`Explorer`) plays it.
The dice are chance steps, so a rollout that rolls them with a generator of its own plays one of
the futures the player cannot see. :func:`choices` are the player's own decisions there: the
beam, a Push of the last Check, when to slot the spare Battery, which item a choice gives up;
the fiction's moves (which Attribute a scene asks for, how long it lasts, a rest, a treatment)
stay the explorer's. :func:`advise` plays each one now and the rest of the expedition with the
explorer, and counts the expeditions come back from alive.

>>> from rules.voidlight.explorer import start
>>> rows = advise(start(20, "standard").state, runs=2, seed=1, scenes=2)
>>> sorted(str(row.move) for row in rows)[:2], sum(row.best for row in rows)
(["Beam(mode='high')", "Beam(mode='low')"], 1)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.errors import InvalidInput, LanternError
from rules.play.advice import Advice, Lookahead, SearchPlayer, estimate
from rules.table.chance import Source
from rules.voidlight import actions as A
from rules.voidlight.explorer import Expedition, Explorer, Trek, trek_outcome
from rules.voidlight.game import apply
from rules.voidlight.moves import available
from rules.voidlight.state import State

__all__ = ["SCENES", "Outing", "OutingGame", "advise", "choices", "lookahead", "strong_player"]

#: The scenes of an expedition when none is said (the study's default).
SCENES = 12
#: The beam modes a player may switch to.
MODES = ("low", "standard", "high")


class Outing(NamedTuple):
    """An expedition under way (``trek``) and how many scenes it has."""

    #: The expedition under way.
    trek: Trek
    #: How many scenes it has.
    scenes: int = SCENES


def choices(trek: Trek, explorer: Explorer) -> list[Any]:
    """The explorer's move, then the player's other decisions open now (each one the rules
    allow): every option of a pending choice but a Save's (the fiction names the Attribute);
    with none pending, every other beam, a Push, slotting the spare Battery."""
    state = trek.state
    own = explorer(trek)
    found = [own]
    pending = state.pending
    if pending is not None:
        if pending.kind != "save":
            found += [A.Choose(option) for option in pending.options]
    else:
        offered = available(state)
        if "beam" in offered:
            found += [A.Beam(mode) for mode in MODES if mode != state.light.beam]
        if "push" in offered:
            found.append(A.Push())
        if "swap_battery" in offered:
            found.append(A.SwapBattery())
    unique = list(dict.fromkeys(found))
    return [move for move in unique if move is own or _allowed(state, move)]


def _allowed(state: State, move: Any) -> bool:
    try:  # the rules' own refusal: apply refuses before any die is rolled
        apply(state, move, _NoDice())
    except _Rolled:
        return True
    except LanternError:
        return False
    return True


class _Rolled(Exception):
    """A move got as far as its first die: the rules allowed it."""


class _NoDice:
    def resolve(self, step: Any) -> Any:
        raise _Rolled


_EXPEDITION = Expedition()


def lookahead(explorer: Explorer) -> Lookahead[Outing]:
    """Voidlight as the search sees it, with ``explorer`` finishing each expedition."""

    def moves(outing: Outing) -> list[Any]:
        return choices(outing.trek, explorer)

    def step(outing: Outing, move: Any, chance: Source) -> Outing:
        return Outing(_EXPEDITION.apply(outing.trek, move, chance)[0], outing.scenes)

    def finish(outing: Outing) -> Any:
        return explorer(outing.trek)

    def alive(outing: Outing) -> bool | None:
        ended = trek_outcome(outing.trek, outing.scenes)
        return None if ended is None else ended == "through"

    return Lookahead(moves, step, finish, alive, max_steps=50 * SCENES)


class OutingGame:
    """The expedition played on :class:`Outing` states (what a simulation of it plays)."""

    def apply(self, outing: Outing, action: Any, chance: Source) -> tuple[Outing, Any]:
        """Play ``action`` in the expedition, keeping its length."""
        trek, report = _EXPEDITION.apply(outing.trek, action, chance)
        return Outing(trek, outing.scenes), report


def advise(
    state: State | Trek,
    runs: int = 200,
    seed: int = 0,
    scenes: int = SCENES,
    beam: str = "standard",
) -> list[Advice]:
    """One row per move of :func:`choices`: the chance to come back alive from ``scenes`` more
    scenes (a Trek: from the rest of its ``scenes``) when it is played now and the explorer
    (``beam``: its beam policy) plays the rest, by ``runs`` rollouts with a generator of the
    advice's own (``seed``). Solo play: a crew of one."""
    trek = state if isinstance(state, Trek) else Trek(state) if isinstance(state, State) else None
    if trek is None:
        raise InvalidInput(f"advise reads a Voidlight State, got {state!r}")
    if len(trek.state.crew) != 1:
        raise InvalidInput(
            f"advise looks at a solo expedition (a crew of one), not a crew of "
            f"{len(trek.state.crew)}"
        )
    if isinstance(scenes, bool) or not isinstance(scenes, int) or not 1 <= scenes <= 100:
        raise InvalidInput(f"an expedition has 1 to 100 scenes, not {scenes!r}")
    game = lookahead(Explorer(beam))
    return estimate(game, Outing(trek, scenes), runs=runs, seed=seed)


def strong_player(
    seed: int = 0, runs: int = 64, seconds: float | None = 0.05, beam: str = "standard"
) -> SearchPlayer[Outing]:
    """The search player on :class:`Outing` states, the explorer (``beam``) finishing each
    rollout: at most ``runs`` rollouts per move and ``seconds`` per decision."""
    return SearchPlayer(lookahead(Explorer(beam)), seed, runs, seconds)
