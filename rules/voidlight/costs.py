"""The Check Costs table: "When a Check yields 1 or 0 Hits, and you need a cost for your
character's action, roll or pick on the table below."

Each entry's words are read into an :class:`Effect` (:func:`effect`), and :func:`take_cost`
applies it, resolving the dice in it (RULES-NOTES: "resolved by the software when the player
applies them; damage never goes below 0"). House rules where the entry leaves it open:

- "ROLL 1D/2D, A HIT STARTS AN ENCOUNTER POOL": a Hit is 5 or 6; the pool is a P6 (distant
  danger), named "Encounter N";
- "A PIECE OF EQUIPMENT FALLS / BREAKS": the player picks the item (the preference named); a fallen
  item leaves the inventory, a broken one stays in its slots, marked broken;
- "GAIN A WOUNDED OR HARMED CONDITION": the player picks the word;
- "THE ENVIRONMENT CHANGES", "FORGET THE LAST 10M" and Panic's stop are for the player to narrate.

>>> effect("TAKE 1D-1 DMG")
Effect(kind='damage', amount=-1, die=True, name='', slots=1, worsens='', attributes=(), minutes=0, prefer='')
>>> effect("-1 TO ALL ATTRIBUTES FOR 20 MINUTES").attributes
('vigor', 'operate', 'insight', 'diplomacy')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from rules.errors import InvalidInput
from rules.table import tables
from rules.table.chance import Source
from rules.table.dice import D66, Position, count_hits, d66_value
from rules.voidlight.battery import drain
from rules.voidlight.character import ATTRIBUTES, WORSENING, Condition, Penalty
from rules.voidlight.damage import damage, gain
from rules.voidlight.pools import FULL, roll
from rules.voidlight.solo import ENEMY_HP, Between, enemy_tier, start_encounter
from rules.voidlight.state import Enemy, Pending
from rules.voidlight.turn import Turn

__all__ = ["TABLE", "Effect", "effect", "entry_text", "roll_enemy", "take_cost"]

#: The cost table's name among the tables the game reads.
TABLE = "voidlight-costs"
#: House rule: the pool a Hit starts on "ROLL 1D/2D, A HIT STARTS AN ENCOUNTER POOL".
HIT_STARTS = 6
#: The roll on the table (a value: one serves every cost rolled).
_D66 = D66()
_STANDARD = Position.STANDARD  # read once: an Enum class's members are looked up slowly


@dataclass(frozen=True)
class Effect:
    """What a cost entry does, read once from its words: its kind and the numbers and names it
    takes (a "penalty" is -1 to ``attributes`` for ``minutes``; a "drain" ``amount``, 1D +
    ``amount``, or all)."""

    #: What it does: "damage", "condition", "choose condition", "maybe encounter", "encounter",
    #: "drain", "falls", "breaks", "penalty", "enemy" or "narrate".
    kind: str
    #: Its number: damage, dice, a pool's size or the dice drained.
    amount: int = 0
    #: 1D is added to ``amount`` (damage or a drain).
    die: bool = False
    #: The condition's name ("A or B" for a choice).
    name: str = ""
    #: Slots the condition fills.
    slots: int = 1
    #: How the condition worsens ("" when it does not).
    worsens: str = ""
    #: The Attributes a penalty lowers.
    attributes: tuple[str, ...] = ()
    #: How long a penalty lasts.
    minutes: int = 0
    #: The equipment that falls or breaks, when the entry names it.
    prefer: str = ""


_DIE = r"(?P<die>1D)?(?P<amount>[+-]?\d+)?"


def _amount(match: re.Match[str]) -> tuple[int, bool]:
    return int(match["amount"] or 0), bool(match["die"])


@lru_cache(maxsize=256)  # bounded: keyed by the words of an entry (36 on the shipped table)
def effect(text: str) -> Effect:
    """The effect of a cost entry's words; an entry this does not read is refused by name (read
    once per entry: every cost taken reads one)."""
    words = text.strip().upper()
    if m := re.fullmatch(rf"TAKE {_DIE} DMG", words):
        amount, die = _amount(m)
        return Effect("damage", amount, die)
    if m := re.fullmatch(rf"VOIDLIGHT BATTERY POOL DRAINS BY {_DIE}", words):
        amount, die = _amount(m)
        return Effect("drain", amount, die)
    if words == "VOIDLIGHT BATTERY POOL DRAINS COMPLETELY":
        return Effect("drain", FULL, name="completely")
    if m := re.fullmatch(r"ROLL (\d)D, A HIT STARTS AN ENCOUNTER POOL", words):
        return Effect("maybe encounter", int(m[1]))
    if m := re.fullmatch(r"START A P(\d) ENCOUNTER POOL", words):
        return Effect("encounter", int(m[1]))
    if m := re.fullmatch(r"A PIECE OF EQUIPMENT (FALLS|BREAKS)(?: \((\w+) PREFERRED\))?", words):
        return Effect(m[1].lower(), prefer=(m[2] or "").lower())
    if m := re.fullmatch(r"-1 (\w+) FOR (\d+) MINUTES", words):
        return Effect("penalty", 1, attributes=(m[1].lower(),), minutes=int(m[2]))
    if m := re.fullmatch(r"-1 TO ALL ATTRIBUTES FOR (\d+) MINUTES", words):
        return Effect("penalty", 1, attributes=ATTRIBUTES, minutes=int(m[1]))
    if words == "ROLL FOR AN ENEMY":
        return Effect("enemy")
    if words in ("THE ENVIRONMENT CHANGES", "FORGET THE LAST 10M"):
        return Effect("narrate", name=text.strip().capitalize())
    if m := re.fullmatch(r"GAIN A (\w+) OR (\w+) CONDITION", words):
        return Effect("choose condition", name=f"{m[1].title()} or {m[2].title()}")
    if m := re.fullmatch(r"GAIN A (\w+) CONDITION(?: \((\d) SLOTS\))?", words):
        return Effect("condition", name=m[1].title(), slots=int(m[2] or 1))
    if m := re.fullmatch(r"GAIN ([\w ]+?)[;:] (.*)", words):
        name = m[1].title()
        worsens = name.lower() if name.lower() in WORSENING else ""
        return Effect("condition", name=name, worsens=worsens)
    raise InvalidInput(f"a Check Costs entry this software does not read: {text!r}")


@cache
def entry_text(code: int) -> str:
    """The words of cost entry ``code`` (11..66), from the table's data file."""
    return tables.load(TABLE).entry(d66_value(code), "cost")


def take_cost(turn: Turn, picked: int | None, chance: Source) -> int:
    """Roll (``picked`` None) or pick a cost and apply it; the entry."""
    code = chance.resolve(_D66) if picked is None else d66_value(picked)
    text = entry_text(code)
    if turn.lines is not None:
        turn.tell(f"cost {'rolled' if picked is None else 'picked'}: {code} {text}")
    _apply(turn, effect(text), text, chance)
    return code


def _apply(turn: Turn, found: Effect, text: str, chance: Source) -> None:
    kind = found.kind
    if kind == "damage":
        amount, source = found.amount, ""
        if found.die:
            (face,) = chance.resolve(roll(1))
            turn.dice.append(face)
            amount = max(0, face + found.amount)
        if turn.lines is not None:  # the source is said only in a report
            source = (
                f"1D{found.amount:+d} = {face}{found.amount:+d}".replace("+0", "")
                if found.die
                else text.title()
            )
        damage(turn, amount, source)
    elif kind == "drain":
        amount = found.amount
        if found.die:
            (face,) = chance.resolve(roll(1))
            turn.dice.append(face)
            amount = face + found.amount
            if turn.lines is not None:
                turn.say(f"1D{found.amount:+d} = {amount}".replace("+0", ""))
        drain(turn, amount, "the cost")
    elif kind == "maybe encounter":
        faces = chance.resolve(roll(found.amount))
        turn.dice.extend(faces)
        hits = count_hits(faces, _STANDARD)
        if turn.lines is not None:
            turn.say(f"{found.amount}D: {' '.join(map(str, faces))}: {hits} Hit{'s' * (hits != 1)}")
        if hits:
            start_encounter(turn, f"Encounter {turn.state.pools_started + 1}", HIT_STARTS)
        else:
            turn.say("no Hit: no Encounter Pool")
    elif kind == "encounter":
        start_encounter(turn, f"Encounter {turn.state.pools_started + 1}", found.amount)
    elif kind in ("falls", "breaks"):
        _equipment(turn, kind, found.prefer)
    elif kind == "penalty":
        until = turn.state.clock.minute + found.minutes
        added = _penalties(found.attributes, until, found.amount)
        turn.update(penalties=(*turn.sheet.penalties, *added))
        if turn.lines is not None:
            names = ", ".join(name.title() for name in found.attributes)
            turn.tell_secret(
                f"-{found.amount} {names} until minute {until} of the expedition",
                f"-{found.amount} {names} for {found.minutes} minutes",
            )
    elif kind == "enemy":
        roll_enemy(turn, "", chance)
    elif kind == "narrate":
        if turn.lines is not None:
            turn.say(f"{found.name}: narrate it")
    elif kind == "choose condition":
        options = tuple(found.name.split(" or "))
        turn.ask(Pending("condition", options, f"Choose the condition: {found.name}"))
    else:
        next_due = turn.state.clock.minute + WORSENING[found.worsens] if found.worsens else None
        condition = _condition(found.name, found.slots, found.worsens, next_due)
        if found.name == "Panic":
            turn.say("Panic: immediately stop your current action")
        if found.worsens:
            turn.say(f"{found.name} worsens every 10 minutes until treated")
        gain(turn, condition)


@lru_cache(maxsize=256)  # bounded: an entry's attributes, until a minute of the expedition
def _penalties(attributes: tuple[str, ...], until: int, amount: int) -> tuple[Penalty, ...]:
    """The penalties of a cost entry (values: made once, and checked once, per minute)."""
    return tuple(Penalty(name, until, amount) for name in attributes)


@lru_cache(maxsize=256)  # bounded: the table's conditions, worsening from a minute
def _condition(name: str, slots: int, worsens: str, next_due: int | None) -> Condition:
    """The condition a cost entry gives (a value: made, and checked, once)."""
    return Condition(name, slots, worsens=worsens, next_due=next_due)


def _equipment(turn: Turn, kind: str, prefer: str) -> None:
    names = turn.sheet.item_names
    verb = "falls" if kind == "falls" else "breaks"
    if kind == "breaks":
        names = tuple(dict.fromkeys(i.name for i in turn.sheet.items if not i.broken))
    if not names:
        turn.say(f"a piece of equipment {verb}, but you carry none that could")
        return
    preferred = f" ({prefer} preferred)" if prefer else ""
    turn.ask(_choice(kind, names, f"A piece of equipment {verb}{preferred}: choose which"))


@lru_cache(maxsize=256)  # bounded: the two kinds, what a character carries, the table's words
def _choice(kind: str, options: tuple[str, ...], prompt: str) -> Pending:
    """The choice of the piece of equipment that falls or breaks (a value: made once)."""
    return Pending(kind, options, prompt)


def roll_enemy(turn: Turn, name: str, chance: Source) -> Enemy:
    """Roll for an enemy (house rule): its tier by 1D, its Hit Points in the tier's range."""
    (face,) = chance.resolve(roll(1))
    turn.dice.append(face)
    tier = enemy_tier(face)
    low, high = ENEMY_HP[tier]
    hp = chance.resolve(Between(low, high))
    count = len(turn.state.enemies) + 1
    foe = Enemy(name.strip() if name and name.strip() else f"Enemy {count}", tier, hp, hp)
    turn.set(enemies=(*turn.state.enemies, foe))
    turn.say(f"roll for an enemy: {face}, a {tier} foe ({low}-{high} HP): {foe.name}, {hp} HP")
    return foe
