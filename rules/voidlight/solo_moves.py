"""The solo tools as moves: Fortune and Reaction Rolls, Encounter Pools, the enemy guide and the
theme / action oracle (the rolls themselves are :mod:`rules.voidlight.solo`).

Why apart from :mod:`rules.voidlight.game`: these moves touch neither the Checks nor the clock;
each handler takes the turn being built, its action and the chance source, and returns the
report's outcome and Hits, as every handler :data:`rules.voidlight.game.HANDLERS` names does.
"""

from __future__ import annotations

from dataclasses import replace

from rules.errors import IllegalAction, InvalidInput
from rules.table.chance import Source
from rules.voidlight import actions as A
from rules.voidlight.checks import hits_text, position_of
from rules.voidlight.costs import roll_enemy
from rules.voidlight.moves import fortune_dice
from rules.voidlight.solo import (
    fortune_answer,
    inspire,
    reaction,
    roll_encounter,
    roll_hits,
    start_encounter,
)
from rules.voidlight.turn import Result, Turn

__all__ = [
    "end_pool",
    "enemy",
    "fortune",
    "hurt_enemy",
    "oracle",
    "react",
    "roll_pool",
    "start_pool",
    "whole",
]


def whole(what: str, value: object, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``; else an error naming it."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{what} is a whole number from {low} to {high}, not {value!r}")
    return value


def fortune(turn: Turn, action: A.Fortune, chance: Source) -> Result:
    """Play a Fortune Roll and say its answer."""
    dice = fortune_dice(turn.state, action)
    where = position_of(action.position)
    hits = roll_hits(turn, dice, where, chance)
    answer = fortune_answer(hits)
    question = f"“{action.question.strip()}” " if action.question.strip() else ""
    basis = action.attribute.title() if action.attribute else action.likelihood
    extra = f", {hits - 2} extra to amplify it" if hits > 2 else ""
    turn.say(
        f"{question}Fortune Roll {dice}D ({basis}, {where.value}): {hits_text(hits)}: {answer}{extra}"
    )
    return answer, hits


def react(turn: Turn, action: A.React, chance: Source) -> Result:
    """Play a Reaction Roll and say its answer."""
    dice = whole("a Reaction Roll's dice", action.dice, 0, 6)
    where = position_of(action.position)
    hits = roll_hits(turn, dice, where, chance)
    answer = reaction(hits)
    who = f"{action.who.strip()}: " if action.who.strip() else ""
    turn.say(f"{who}Reaction Roll {dice}D ({where.value}): {hits_text(hits)}: {answer}")
    return answer, hits


def start_pool(turn: Turn, action: A.StartEncounter, chance: Source) -> Result:
    """Start an Encounter Pool."""
    start_encounter(turn, action.name, action.size)
    return None, None


def roll_pool(turn: Turn, action: A.RollEncounter, chance: Source) -> Result:
    """Roll an Encounter Pool: its outcome is "arrives" or "not yet"."""
    arrives = roll_encounter(turn, turn.state.pool(action.name), chance)
    return ("arrives" if arrives else "not yet"), None


def end_pool(turn: Turn, action: A.EndEncounter, chance: Source) -> Result:
    """Set an Encounter Pool aside."""
    index = turn.state.pool(action.name)
    pool = turn.state.encounters[index]
    turn.set(encounters=turn.state.encounters[:index] + turn.state.encounters[index + 1 :])
    turn.say(f"{pool.name} is set aside")
    return None, None


def enemy(turn: Turn, action: A.RollEnemy, chance: Source) -> Result:
    """Roll for an enemy: its outcome is the tier."""
    foe = roll_enemy(turn, action.name if isinstance(action.name, str) else "", chance)
    return foe.tier, None


def hurt_enemy(turn: Turn, action: A.HurtEnemy, chance: Source) -> Result:
    """Damage an enemy still standing."""
    amount = whole("Damage", action.damage, 1, 999)
    foes = list(turn.state.enemies)
    index = next((i for i, foe in enumerate(foes) if foe.hp > 0 and isinstance(action.name, str)
                  and foe.name.casefold() == action.name.strip().casefold()), None)  # fmt: skip
    if index is None:
        standing = ", ".join(repr(f.name) for f in foes if f.hp > 0)
        raise IllegalAction(f"there is no enemy {action.name!r} standing: there is {standing}")
    foe = foes[index]
    foes[index] = replace(foe, hp=max(0, foe.hp - amount))
    turn.set(enemies=tuple(foes))
    down = ": defeated" if foes[index].hp == 0 else ""
    turn.say(f"{foe.name} takes {amount} damage ({foes[index].hp}/{foe.max_hp} HP){down}")
    return ("defeated" if down else None), None


def oracle(turn: Turn, action: A.Inspire, chance: Source) -> Result:
    """Roll the theme and action oracle."""
    inspire(turn, action.table, chance)
    return None, None
