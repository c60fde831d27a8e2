"""The solo tools: Fortune Rolls, Reaction Rolls, Encounter Pools, the enemy Hit Point guide and
the theme and action oracle.

- Fortune: "If it feels likely, roll 3D (or 4D if it is almost certain). If it feels even, roll
  2D. If it feels unlikely, roll 1D (or 0D if the chance is slim). You may also use an Attribute
  score." 2+ Hits yes (extra Hits amplify), 1 yes with a twist, 0 no with a twist.
- Reaction: "If unsure, roll 2D." 2+ approachable or friendly, 1 hesitant, 0 distant or hostile.
- Encounter Pools: "Use P2 for something close, P4 for a growing threat, or P6 for distant
  danger [...] When the Pool is emptied, the encounter arrives." Rolled like the Voidlight: 1 die
  removed per Miss, at most 2 per roll.
- Enemies: "lesser foes usually have 6 to 8 Hit Points, hardened foes 10 to 14, deadly foes 14 to
  20, and elites 20+". House rule for "roll for an enemy": 1D, 1-3 lesser, 4-5 hardened, 6
  deadly, and its Hit Points rolled evenly in the tier's range.

>>> FORTUNE_DICE["likely"], fortune_answer(1)
(3, 'yes, but')
>>> enemy_tier(4), ENEMY_HP["hardened"]
('hardened', (10, 14))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from rules.errors import InvalidInput
from rules.table import tables
from rules.table.chance import Distribution, Source
from rules.table.dice import Position, Roll, count_hits, dice_to_roll
from rules.voidlight.checks import TABLED, check_outcome, read_hits
from rules.voidlight.pools import removed
from rules.voidlight.state import EncounterPool
from rules.voidlight.turn import Turn

__all__ = [
    "ENCOUNTER_SIZES",
    "ENEMY_HP",
    "FORTUNE_DICE",
    "MOST_LOST",
    "ORACLE_TABLES",
    "Between",
    "enemy_tier",
    "fortune_answer",
    "fortune_odds",
    "inspire",
    "react_odds",
    "reaction",
    "roll_encounter",
    "roll_hits",
    "start_encounter",
]

#: The dice a Fortune Roll rolls for how likely it feels.
FORTUNE_DICE = {"almost certain": 4, "likely": 3, "even": 2, "unlikely": 1, "slim": 0}
#: A Fortune Roll's answer by outcome.
FORTUNE_ANSWERS = {"success": "yes", "partial": "yes, but", "failure": "no, and"}
#: A Reaction Roll's answer by outcome.
REACTIONS = {"success": "approachable", "partial": "hesitant", "failure": "hostile"}
#: P2 something close, P4 a growing threat, P6 distant danger (other sizes 1..6 allowed).
ENCOUNTER_SIZES = {2: "something close", 4: "a growing threat", 6: "distant danger"}
#: The most dice one roll of an Encounter Pool removes.
MOST_LOST = 2
#: Each tier of enemy -> the range of its Hit Points, lowest and highest.
ENEMY_HP: Mapping[str, tuple[int, int]] = {
    "lesser": (6, 8),
    "hardened": (10, 14),
    "deadly": (14, 20),
}
#: The oracle's two tables, each read across both its columns at once.
ORACLE_TABLES = {"theme": "voidlight-themes", "action": "voidlight-actions"}


def fortune_answer(hits: int) -> str:
    """A Fortune Roll's answer for its Hits: "yes", "yes, but" or "no, and"."""
    return FORTUNE_ANSWERS[check_outcome(hits)]


def reaction(hits: int) -> str:
    """A Reaction Roll's answer for its Hits: "approachable", "hesitant" or "hostile"."""
    return REACTIONS[check_outcome(hits)]


def _answers(dice: int, position: Position, answers: Mapping[str, str]) -> Distribution[str]:
    """A roll's odds read as ``answers`` (by check outcome), best first; Absolute reads as 2
    Hits and Impossible as none, with no roll."""
    if not position.rolls:
        return Distribution({answers[check_outcome(2 if position is Position.ABSOLUTE else 0)]: 1})
    return read_hits(dice, position, lambda k: answers[check_outcome(k)], tuple(answers.values()))


#: Every Fortune and Reaction Roll's odds, built once at import: a question is a look-up.
_READINGS = {
    (answers is REACTIONS, dice, where): _answers(dice, where, answers)
    for answers in (FORTUNE_ANSWERS, REACTIONS)
    for dice in range(TABLED + 1)
    for where in Position
    if where.rolls
}


def _read(dice: int, position: Position, answers: Mapping[str, str]) -> Distribution[str]:
    found = (
        None if isinstance(dice, bool) else _READINGS.get((answers is REACTIONS, dice, position))
    )
    return found if found is not None else _answers(dice, position, answers)


def fortune_odds(dice: int, position: Position = Position.STANDARD) -> Distribution[str]:
    """The exact odds of a Fortune Roll's answer: "yes", "yes, but", "no, and" (Absolute: yes,
    Impossible: no, with no roll)."""
    return _read(dice, position, FORTUNE_ANSWERS)


def react_odds(dice: int, position: Position = Position.STANDARD) -> Distribution[str]:
    """The exact odds of a Reaction Roll: "approachable", "hesitant", "hostile" (Absolute:
    approachable, Impossible: hostile, with no roll)."""
    return _read(dice, position, REACTIONS)


def roll_hits(turn: Turn, dice: int, position: Position, chance: Source) -> int:
    """Roll ``dice`` (0: one die, only a 6 Hits) and count the Hits; Absolute counts 2 and
    Impossible 0, with no roll."""
    if position is Position.ABSOLUTE:
        return max(dice, 2)
    if position is Position.IMPOSSIBLE:
        return 0
    count, rolled = dice_to_roll(dice, position)
    faces = chance.resolve(Roll(count))
    turn.dice.extend(faces)
    return count_hits(faces, rolled)


def enemy_tier(face: int) -> str:
    """An enemy's tier for a 1D roll: 1-3 lesser, 4-5 hardened, 6 deadly."""
    return "lesser" if face <= 3 else "hardened" if face <= 5 else "deadly"


@dataclass(frozen=True)
class Between:
    """A whole number from ``low`` to ``high``, each equally likely (an enemy's Hit Points)."""

    #: The lowest number.
    low: int
    #: The highest number.
    high: int

    def distribution(self) -> Distribution[int]:
        """Each number from ``low`` to ``high``, equally likely."""
        return Distribution.uniform(range(self.low, self.high + 1))

    def sample(self, rng: random.Random) -> int:
        """One number drawn with ``rng``."""
        return rng.randint(self.low, self.high)

    def check(self, outcome: object) -> int:
        """A number typed At the table, checked to be in the range."""
        if isinstance(outcome, bool) or not isinstance(outcome, int):
            raise InvalidInput(f"expected a number from {self.low} to {self.high}, got {outcome!r}")
        if not self.low <= outcome <= self.high:
            raise InvalidInput(f"expected a number from {self.low} to {self.high}, got {outcome!r}")
        return outcome

    def to_json(self, outcome: int) -> int:
        """The number as the record keeps it."""
        return outcome


def start_encounter(turn: Turn, name: str, size: int) -> None:
    """Start an Encounter Pool ``name`` of ``size`` dice; a bad size or a taken name is refused,
    naming it."""
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 6:
        raise InvalidInput(f"an Encounter Pool has 1 to 6 dice (P2, P4, P6), not {size!r}")
    if not isinstance(name, str) or not name.strip():
        raise InvalidInput(f"name the Encounter Pool (you gave {name!r})")
    if any(p.name.casefold() == name.strip().casefold() for p in turn.state.encounters):
        raise InvalidInput(f"there is an Encounter Pool named {name!r} already: name it apart")
    pool = EncounterPool(name.strip(), size)
    turn.set(encounters=(*turn.state.encounters, pool), pools_started=turn.state.pools_started + 1)
    what = ENCOUNTER_SIZES.get(size)
    turn.say(f"Encounter Pool {pool.name}: P{size}" + (f", {what}" if what else ""))


def roll_encounter(turn: Turn, index: int, chance: Source, why: str = "") -> bool:
    """Roll Encounter Pool ``index``; True when it is emptied (the encounter arrives; the pool is
    set aside)."""
    pool = turn.state.encounters[index]
    faces = chance.resolve(Roll(pool.dice))
    turn.dice.extend(faces)
    lost = removed(faces, MOST_LOST)
    left = pool.dice - lost
    pools = list(turn.state.encounters)
    rolled = " ".join(map(str, faces))
    prefix = f"{why}: " if why else ""
    if left == 0:
        del pools[index]
        turn.set(encounters=tuple(pools))
        turn.say(f"{prefix}{pool.name} rolls {rolled}: the pool is emptied, the encounter arrives")
        return True
    pools[index] = EncounterPool(pool.name, left)
    turn.set(encounters=tuple(pools))
    turn.say(f"{prefix}{pool.name} rolls {rolled}: {lost} removed (P{left})")
    return False


def inspire(turn: Turn, table: str, chance: Source) -> tuple[int, ...]:
    """Roll the theme and/or action tables, reading both columns of each; the d66 rolls."""
    names = tuple(ORACLE_TABLES) if table == "both" else (table,)
    if any(name not in ORACLE_TABLES for name in names):
        raise InvalidInput(f"the oracle rolls 'theme', 'action' or 'both', not {table!r}")
    rolls = []
    for name in names:
        found = tables.load(ORACLE_TABLES[name])
        roll, row = found.roll(chance)
        rolls.append(roll)
        words = " / ".join(row[column] for column in found.columns)
        turn.say(f"{name.title()} {roll}: {words}")
    return tuple(rolls)
