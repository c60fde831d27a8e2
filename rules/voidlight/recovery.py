"""Recovery and Advancements.

- "When your character takes a Short Rest of about 10 minutes, roll 1D and recover that many Hit
  Points. When your character takes a Long Rest of about 8 hours, they restore all Hit Points and
  1 point to one Attribute score."
- "If helped in time, they wake after a Long Rest with all Hit Points restored."
- "Increase their maximum Hit Points by 2 and raise an Attribute score by 1, to a maximum of 6."
- "Roll the Event Pool when the character rests": both rests roll every Encounter Pool.

A rest ends the moment of the last Check: it can no longer be pushed, nor its cost taken.

House rules: rests take no time on the expedition clock (it counts play time; the Voidlight is
rolled by it); "restore 1 point" brings an attribute back toward its full score (what it was
before Critical Saves lowered it) and never above; a Long Rest also ends the timed attribute
penalties and clears the Fatigued conditions (resting addresses fatigue); an Advancement's 2 new
Hit Points come filled.
"""

from __future__ import annotations

from dataclasses import replace

from rules.errors import IllegalAction
from rules.table.chance import Source
from rules.table.dice import Roll
from rules.voidlight import actions as A
from rules.voidlight.character import ATTRIBUTES, MAX_HP, MAX_SCORE, Character, check_attribute
from rules.voidlight.solo import roll_encounter
from rules.voidlight.turn import Turn

__all__ = ["ADVANCE_HP", "advance", "advance_refusal", "long_rest", "restorable", "short_rest"]

#: Max Hit Points an Advancement adds.
ADVANCE_HP = 2


def _roll_pools(turn: Turn, chance: Source) -> None:
    index = 0
    while index < len(turn.state.encounters):
        arrived = roll_encounter(turn, index, chance, "you rest")
        if not arrived:
            index += 1


def short_rest(turn: Turn, action: A.ShortRest, chance: Source) -> tuple[None, None]:
    """A Short Rest: 1D Hit Points back, up to the maximum."""
    (face,) = chance.resolve(Roll(1))
    turn.dice.append(face)
    sheet = turn.sheet
    turn.update(last_check=None)
    hp = min(sheet.max_hp, sheet.hp + face)
    turn.update(hp=hp)
    turn.tell(
        f"Short Rest: 1D = {face}: {hp - sheet.hp} Hit Points recovered ({hp}/{sheet.max_hp})"
    )
    _roll_pools(turn, chance)
    return None, None


def restorable(turn: Turn) -> tuple[str, ...]:
    """The attributes below their full score, which a Long Rest may restore."""
    sheet = turn.sheet
    return tuple(
        name for name, full in zip(ATTRIBUTES, sheet.full, strict=True) if sheet.score(name) < full
    )


def long_rest(turn: Turn, action: A.LongRest, chance: Source) -> tuple[None, None]:
    """A Long Rest: every Hit Point back and 1 point to an Attribute below its full score; a dying
    character helped in time wakes."""
    open_ = restorable(turn)
    if action.attribute:
        name = check_attribute(action.attribute)
        if name not in open_:
            allowed = ", ".join(open_) or "none (leave it blank)"
            raise IllegalAction(
                f"{name.title()} is at its full score: restore one of {allowed}, not {name!r}"
            )
    elif open_:
        raise IllegalAction(
            f"choose the attribute to restore 1 point to: one of {', '.join(open_)}"
        )
    sheet = turn.sheet
    turn.update(last_check=None)
    if sheet.status == "dying":
        turn.update(status="standing")
        turn.tell("helped in time, you wake after the Long Rest")
    kept = tuple(c for c in sheet.conditions if c.lasting or c.name.casefold() != "fatigued")
    cleared = len(sheet.conditions) - len(kept)
    turn.update(hp=sheet.max_hp, penalties=(), conditions=kept)
    turn.tell(f"Long Rest: all Hit Points restored ({sheet.max_hp}/{sheet.max_hp})")
    if cleared:
        turn.tell(f"{cleared} Fatigued condition{'s' * (cleared > 1)} cleared")
    if sheet.penalties:
        turn.tell("the timed attribute penalties end")
    if action.attribute:
        turn.update(**{action.attribute: sheet.score(action.attribute) + 1})
        turn.tell(f"{action.attribute.title()} restored to {turn.sheet.score(action.attribute)}")
    _roll_pools(turn, chance)
    return None, None


def advance_refusal(sheet: Character) -> str | None:
    """Why ``sheet`` cannot advance now, or None: what the moves offer and :func:`advance` takes
    agree (an Advancement near the cap of max Hit Points was offered, then refused)."""
    if all(score >= MAX_SCORE for score in sheet.scores):
        return f"every Attribute is at {MAX_SCORE} already"
    if sheet.max_hp + ADVANCE_HP > MAX_HP:
        return (
            f"max Hit Points are {sheet.max_hp}: an Advancement's +{ADVANCE_HP} would pass "
            f"{MAX_HP}, the most a character has"
        )
    return None


def advance(turn: Turn, action: A.Advance, chance: Source) -> tuple[None, None]:
    """An Advancement: +2 max Hit Points and +1 to an Attribute, up to the maximum."""
    name = check_attribute(action.attribute)
    sheet = turn.sheet
    if (why := advance_refusal(sheet)) is not None:
        raise IllegalAction(why)
    if sheet.score(name) >= MAX_SCORE:
        raise IllegalAction(f"{name.title()} is at {MAX_SCORE}, the maximum: raise another")
    full = list(sheet.full)
    index = ATTRIBUTES.index(name)
    full[index] = min(MAX_SCORE, max(full[index], sheet.score(name) + 1))
    sheet = replace(sheet, max_hp=sheet.max_hp + ADVANCE_HP, hp=sheet.hp + ADVANCE_HP,
                    full=tuple(full))  # fmt: skip
    turn.put(sheet.with_score(name, sheet.score(name) + 1))
    turn.tell(
        f"Advancement: max Hit Points {turn.sheet.max_hp} ({turn.sheet.hp} now), "
        f"{name.title()} {turn.sheet.score(name)}"
    )
    return None, None
