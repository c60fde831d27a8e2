"""What may be done now, and at what odds: the one place that decides which moves are open.

:func:`available` lists the action kinds the rules offer in a state (a panel enables exactly
these), :func:`why_not` says in words why one is not, and :func:`odds` gives the exact chance of
Light, Shade and Darkness for an action before it is taken.
"""

from __future__ import annotations

from typing import Any

from rules.chance import Distribution
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import actions as A
from rules.firelights.action_roll import Result
from rules.firelights.action_roll import odds as _odds
from rules.firelights.state import State

__all__ = [
    "ACTION_CARDS",
    "ROLLING",
    "available",
    "can_roll",
    "fightable",
    "hidden_paths",
    "ignitable",
    "modifier",
    "odds",
    "odds_for",
    "why_not",
]

ROLLING = ("confront", "search", "buy", "discover", "fight", "evade", "ask")

#: Cards an action draws ("Draw 2 cards face-up from your Story Deck").
ACTION_CARDS = 2


def can_roll(state: State) -> bool:
    """Whether the Story Deck holds the cards an action draws."""
    return len(state.deck.draw_pile) >= ACTION_CARDS


def ignitable(state: State) -> bool:
    """Whether your location holds an unlit beacon (Confront Risk may ignite it: house rule)."""
    if state.world.token is None:
        return False
    here = state.world.current
    return here.beacon and not here.lit


def fightable(state: State) -> tuple[str, ...]:
    """The Curses you may fight now: the one you face, else any living one (our reading of "If
    you encounter a Curse, you may confront them": you may seek one out)."""
    return (state.facing,) if state.facing else state.living_curses


def hidden_paths(state: State) -> tuple[tuple[int, int], ...]:
    """The cells of the hidden paths on the map (Confront Risk or Buy Information reveal them)."""
    return tuple(region.at for region in state.world.regions if not region.face_up)


def available(state: State) -> tuple[str, ...]:
    """The action kinds the rules offer now (the panel enables exactly these).

    Consulting the tables and writing a slip on your location change nothing in play, so they
    are always offered (a slip once there is a map).
    """
    if state.character is None:
        return ("begin", "consult")
    return (*_in_play(state), "consult", "slip")


def _in_play(state: State) -> tuple[str, ...]:
    if state.over:
        return ()
    can_draw = can_roll(state)
    if state.pending is not None:
        if state.pending.kind == "evade":
            return ("evade",) if can_draw else ("rest",)
        return ("choose",)
    flee = ("flee",) if state.facing else ()
    if state.exhausted and not state.push_on:
        return ("rest", *flee)
    rolls = tuple(
        kind
        for kind in ROLLING
        if can_draw
        and (kind != "buy" or state.treasures > 0)
        and (kind != "fight" or fightable(state))
    )
    travel = ("travel",) if any(r.face_up for r in state.world.neighbours()) else ()
    return (*rolls, *travel, "rest", *flee)


def why_not(state: State, kind: str) -> str:
    """Why ``kind`` is not offered now, in words the panel can show."""
    if state.over:
        return f"the journey is over ({state.status})"
    if state.character is None:
        return "create your Firelight first (Begin)"
    if state.pending is not None:
        return state.pending.prompt
    if state.exhausted and not state.push_on:
        reason = "your Fatigue is full" if state.fatigue_full else "your Story Deck is empty"
        return f"{reason}: rest or flee (or turn on the push-on option)"
    if kind in ROLLING and not can_roll(state):
        return f"the Story Deck holds {len(state.deck.draw_pile)} card(s) and an action draws 2: rest first"
    if kind == "buy":
        return "you hold no treasures to spend"
    if kind == "fight":
        return "every Curse has perished"
    if kind == "travel":
        return "no revealed region touches your location"
    if kind == "flee":
        return "you face no Curse to flee from"
    return "it is not offered now"


def modifier(state: State, action: Any) -> int:
    """The modifier an action adds to the dice (approach, treasures or likelihood)."""
    if isinstance(action, A.BuyInformation):
        return action.treasures
    if isinstance(action, A.Ask):
        if action.likelihood not in A.LIKELIHOODS:
            raise InvalidInput(
                f"the Oracle's likelihood is one of {list(A.LIKELIHOODS)}, got {action.likelihood!r}"
            )
        return A.LIKELIHOODS[action.likelihood]
    if not hasattr(action, "approach"):
        raise InvalidInput(f"only the Actions roll against two cards: {action!r} has no modifier")
    if state.character is None:
        raise IllegalAction("create your Firelight first (Begin)")
    return state.character.modifier(action.approach)


def odds(state: State, action: Any) -> Distribution[Result]:
    """The exact odds of Light, Shade and Darkness for ``action``, from the cards left."""
    return _odds(state.deck.draw_pile, modifier(state, action))


def odds_for(state: State, bonus: int) -> Distribution[Result]:
    """The exact odds for a bare modifier (the odds explorer)."""
    return _odds(state.deck.draw_pile, bonus)
