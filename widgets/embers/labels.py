"""The words on an Embers hero action's button: what it does here and now, and its cost.

Read from the rules (the side's card, :func:`rules.embers.preview.forage_takes`,
:mod:`rules.embers.words`); nothing here decides a rule.
"""

from __future__ import annotations

from rules.embers import LOCATIONS, Act, State
from rules.embers.actions import MANEUVER, PROMOTE, move_kind
from rules.embers.preview import forage_takes, plural
from rules.embers.words import action_words, maneuver_words

__all__ = ["act_label", "act_tip"]


def act_label(state: State, action: Act) -> str:
    """A hero action's button label: what it does here and now, and its cost."""
    side = state.side(action.hero)
    kind = move_kind(side, action.action)
    if kind == PROMOTE:
        level_2 = state.cards.hero(action.hero).level_2.name
        return f"Promote to {level_2} ({side.promote} AP)"
    if kind == MANEUVER:
        there = state.camp[LOCATIONS.index(action.target)]
        with_whom = f" with {there} at" if there else " to"
        return f"{side.maneuver.title()}{with_whom} {action.target} (1 AP)"
    move = side.named[action.action]
    if move.effect == "defend":
        top = state.wild[LOCATIONS.index(action.target)][-1]
        monster = state.cards.card(top).monster.name
        what = f" → {action.target}: defeat the {monster}"
    elif move.effect == "forage":
        what = f": take {plural(forage_takes(state, action.hero, action.action), 'card')}"
    else:
        what = f" → {action.target}: +{plural(move.amount, 'action point')}"
    return f"{action.action}{what} ({move.cost} AP)"


def act_tip(state: State, action: Act) -> str:
    """The tooltip of a hero's action button: what it does and what it costs."""
    side = state.side(action.hero)
    kind = move_kind(side, action.action)
    if kind == PROMOTE:
        return f"Flip {action.hero} to level 2 for {plural(side.promote, 'action point')}"
    if kind == MANEUVER:
        return f"Maneuver (1 action point): {maneuver_words(side.maneuver)}"
    return action_words(side.named[action.action])
