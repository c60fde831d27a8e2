"""Embers' strong player and its advice: every legal move looked at through the unseen deck.

The deck below the revealed top card is runs of cards in unknown order, and each card comes up by
a chance step (:mod:`rules.embers.state`): a rollout that resolves the steps with a generator of
its own plays one of the orders the player cannot tell apart. :func:`advise` plays each legal move
now and the rest of the night with the heuristic player (:func:`rules.embers.heuristic`) and
counts the nights survived; :func:`strong_player` plays the move with the most, within a budget.

>>> from rules.table.chance import FastChance
>>> from rules.embers import Begin, State, apply
>>> state, _ = apply(State.new("warrior"), Begin(), FastChance(4))
>>> rows = advise(state, runs=4, seed=1)
>>> len(rows) == len(legal(state)), sum(row.best for row in rows)
(True, 1)
"""

from __future__ import annotations

from typing import Any

from rules.embers.game import advance
from rules.embers.moves import legal
from rules.embers.players import heuristic
from rules.embers.state import State
from rules.errors import InvalidInput
from rules.play.advice import Advice, Lookahead, SearchPlayer, estimate
from rules.table.chance import Source

__all__ = ["LOOKAHEAD", "advise", "strong_player", "won"]


def won(state: State) -> bool | None:
    """True once the heroes see the dawn, False once the night is lost, None while it lasts."""
    phase = state.phase
    if phase == "won":
        return True
    return False if phase == "lost" else None


def _step(state: State, move: Any, chance: Source) -> State:
    return advance(state, move, chance)  # a rollout reads no report


#: Embers as the search sees it: every legal move, the heuristic player finishing each night.
LOOKAHEAD: Lookahead[State] = Lookahead(legal, _step, heuristic, won, max_steps=10_000)


def advise(state: State, runs: int = 200, seed: int = 0) -> list[Advice]:
    """One row per legal move now: the chance to win when it is played now and the heuristic
    player plays the rest, by ``runs`` rollouts with a generator of the advice's own (``seed``)."""
    if not isinstance(state, State):
        raise InvalidInput(f"advise reads an Embers State, got {state!r}")
    return estimate(LOOKAHEAD, state, runs=runs, seed=seed)


def strong_player(
    seed: int = 0, runs: int = 64, seconds: float | None = 0.05
) -> SearchPlayer[State]:
    """The search player: at most ``runs`` rollouts per move and ``seconds`` per decision."""
    return SearchPlayer(LOOKAHEAD, seed, runs, seconds)
