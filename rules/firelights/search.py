"""Firelights' strong player and its advice: each move open now looked at through the unseen
Story Deck.

The draw pile is kept in no order (:class:`rules.table.cards.Deck`) and every draw is a chance step, so a
rollout that draws with a generator of its own plays one of the shuffles the player cannot tell
apart. :func:`advise` plays each candidate move (:func:`choices`) now and the rest of the journey
with the sensible player (:class:`rules.firelights.SensiblePlayer`) and counts the journeys that
light six beacons; ``within``: six beacons within that many more actions, the harder question
once the sensible player completes nearly every journey (it does: see ``python -m bench strong``).

>>> from rules.record.journey import Journey
>>> journey = Journey.start("firelights", seed=3)
>>> _ = journey.play(BEGIN)
>>> rows = advise(journey.state, runs=3, seed=1, within=40)
>>> sum(row.best for row in rows), all(0 <= row.estimate <= 1 for row in rows)
(1, True)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.errors import InvalidInput, LanternError
from rules.firelights import actions as A
from rules.firelights.game import advance, apply, apply_quietly
from rules.firelights.moves import available, check, fightable, hidden_paths, ignitable
from rules.firelights.state import State
from rules.firelights.strategy import BEGIN, SensiblePlayer, best_approach, hopeless
from rules.firelights.world import around
from rules.play.advice import Advice, Lookahead, SearchPlayer, estimate
from rules.table.chance import Source

__all__ = ["LOOKAHEAD", "NO_LIMIT", "Paced", "PacedGame", "advise", "choices", "strong_player"]

#: More actions than any journey takes: "six beacons" with no limit on the actions.
NO_LIMIT = 10**6
#: The player a question about the rest of the journey assumes: the sensible strategy with its
#: defaults.
SENSIBLE = SensiblePlayer()


class Paced(NamedTuple):
    """A journey's state and how many actions are ``left`` before the question's limit."""

    #: The journey's state.
    state: State
    #: How many actions are left before the question's limit.
    left: int = NO_LIMIT


def choices(state: State) -> list[Any]:
    """The moves of play open now, each one the rules allow: every pending option; an Action
    with the best approach (the approach changes only the modifier); every hidden path to reveal
    or buy; every Curse to fight; every revealed region next door; rest and flee. The moves that
    change nothing in play (the Oracle, the tables, a slip) are left out."""
    if state.character is None:
        return [BEGIN]
    offered = available(state)
    if state.over:
        return []
    approach = best_approach(state)
    found: list[Any] = []
    pending = state.pending
    if pending is not None:
        if "choose" in offered:
            found += [A.Choose(option) for option in pending.options]
        if "evade" in offered:
            found.append(A.Evade(approach))
    else:
        hidden = hidden_paths(state)
        if "confront" in offered:
            if ignitable(state):
                found.append(A.Confront(approach, "ignite"))
            found += [A.Confront(approach, "reveal", cell) for cell in hidden]
        if "buy" in offered:
            found += [A.BuyInformation(state.treasures, cell) for cell in hidden]
        if "fight" in offered:
            found += [A.Fight(approach, curse) for curse in fightable(state)]
        if "search" in offered:
            found.append(A.Search(approach))
        if "discover" in offered:
            found.append(A.Discover(approach))
        if "travel" in offered and state.world.token is not None:
            revealed = state.world.revealed
            found += [A.Travel(cell) for cell in around(state.world.token) if cell in revealed]
        if "flee" in offered:
            found.append(A.Flee())
    if "rest" in offered:
        found.append(A.Rest(f"Rested with {state.world.lit} of 6 beacons lit."))
    return [move for move in found if _allowed(state, move)]


def _allowed(state: State, move: Any) -> bool:
    try:
        check(state, move)
    except LanternError:
        return False
    return True


def _step(paced: Paced, move: Any, chance: Source) -> Paced:
    """A rollout's step: the rules' checks and new state, without the report it never reads."""
    return Paced(apply_quietly(paced.state, move, chance)[0], paced.left - 1)


def _lit_six(paced: Paced) -> bool | None:
    """True once six beacons burn; False once the light is out, the journey is hopeless or the
    actions are spent; None while it goes on."""
    state = paced.state
    if state.status == "complete":
        return True
    if state.over or paced.left <= 0 or hopeless(state):
        return False
    return None


def _lit_six_by(state: State) -> bool | None:
    """:func:`_lit_six` of a state whose rollout counts its actions itself (advice: the
    horizon is the rollout's ``max_steps``): True once six beacons burn, False once the light
    is out or the journey is hopeless, None while it goes on."""
    status = state.status
    if status == "complete":
        return True
    if status != "playing" or hopeless(state):  # over, or hopeless
        return False
    return None


def _moves(paced: Paced) -> list[Any]:
    return choices(paced.state)


def _sensible(paced: Paced) -> Any:
    return SENSIBLE(paced.state)


#: Firelights as the search sees it: :func:`choices`, the sensible player finishing each journey.
LOOKAHEAD: Lookahead[Paced] = Lookahead(_moves, _step, _sensible, _lit_six, max_steps=NO_LIMIT)


class PacedGame:
    """Firelights played on :class:`Paced` states (what a simulation of the limited question
    plays): the rules' own ``apply``, counting the actions down."""

    def apply(self, paced: Paced, action: Any, chance: Source) -> tuple[Paced, Any]:
        """The rules' own ``apply``, with one action fewer left."""
        state, report = apply(paced.state, action, chance)
        return Paced(state, paced.left - 1), report


def advise(state: State, runs: int = 200, seed: int = 0, within: int | None = None) -> list[Advice]:
    """One row per move of :func:`~rules.firelights.search.choices`: the chance to light six beacons
    (``within``: within that many more actions, this one counted) when it is played now and the
    sensible player plays the rest, by ``runs`` rollouts with a generator of the advice's own
    (``seed``)."""
    if not isinstance(state, State):
        raise InvalidInput(f"advise reads a Firelights State, got {state!r}")
    if within is not None and (
        isinstance(within, bool) or not isinstance(within, int) or within < 1
    ):
        raise InvalidInput(f"within is a whole number of actions, 1 or more, not {within!r}")
    # Each rollout plays its own states, not Paced ones (no pair to build per action): its
    # first move and the sensible player's next ``within - 1`` (the rollout's max_steps), what
    # LOOKAHEAD's countdown allows, ending as _lit_six ends it.
    ahead = Lookahead(choices, advance, SENSIBLE.next_action, _lit_six_by, (within or NO_LIMIT) - 1)
    return estimate(ahead, state, runs=runs, seed=seed)


def strong_player(
    seed: int = 0, runs: int = 64, seconds: float | None = 0.05
) -> SearchPlayer[Paced]:
    """The search player on :class:`Paced` states: at most ``runs`` rollouts per move and
    ``seconds`` per decision."""
    return SearchPlayer(LOOKAHEAD, seed, runs, seconds)
