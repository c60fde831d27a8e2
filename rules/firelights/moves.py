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
    "KINDS",
    "ROLLING",
    "available",
    "can_roll",
    "fightable",
    "hidden_paths",
    "ignitable",
    "modifier",
    "odds",
    "odds_for",
    "refusal",
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


#: Every action kind, in the order :func:`available` lists them.
KINDS = ("begin", "choose", *ROLLING, "travel", "rest", "flee", "consult", "slip")


def available(state: State) -> tuple[str, ...]:
    """The action kinds the rules offer now (the panel enables exactly these).

    Consulting the tables and writing a slip on your location change nothing in play, so they
    are always offered (a slip once there is a map).
    """
    return tuple(kind for kind in KINDS if refusal(state, kind) is None)


def why_not(state: State, kind: str) -> str:
    """Why ``kind`` is not offered now, in words the panel can show."""
    return refusal(state, kind) or "it is not offered now"


def refusal(state: State, kind: str) -> str | None:
    """None when ``kind`` is offered now, else why not: the one place that decides it."""
    if kind == "consult":
        return None
    if state.character is None:
        return None if kind == "begin" else "create your Firelight first (Begin)"
    if kind == "slip":
        return None
    if state.over:
        return f"the journey is over ({state.status})"
    pending = state.pending
    if pending is not None:
        if pending.kind == "evade":
            follow_up = "evade" if can_roll(state) else "rest"
        else:
            follow_up = "choose"
        return None if kind == follow_up else pending.prompt
    if state.exhausted and not state.push_on:
        if kind == "rest" or (kind == "flee" and state.facing):
            return None
        reason = "your Fatigue is full" if state.fatigue_full else "your Story Deck is empty"
        return f"{reason}: rest or flee (or turn on the push-on option)"
    if kind in ROLLING:
        if not can_roll(state):
            held = len(state.deck.draw_pile)
            return f"the Story Deck holds {held} card(s) and an action draws {ACTION_CARDS}: rest first"
        if kind == "buy" and state.treasures <= 0:
            return "you hold no treasures to spend"
        if kind == "fight" and not fightable(state):
            return "every Curse has perished"
        return None
    if kind == "travel":
        touching = any(region.face_up for region in state.world.neighbours())
        return None if touching else "no revealed region touches your location"
    if kind == "rest":
        return None
    if kind == "flee":
        return None if state.facing else "you face no Curse to flee from"
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
