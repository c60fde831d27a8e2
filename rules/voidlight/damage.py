"""Damage, Conditions in Slots, and Critical Saves.

- "When a threat harms your character, they lose a number of Hit Points equal to the Damage dealt
  or suffer a new Condition." Hit Points never go below 0.
- "When your character gains a Condition, write it in an empty Slot; if none are empty, your
  character must drop an item to make room": the player picks the item (a pending "drop").
- "When they reach 0 Hit Points, or when all their Slots are filled by Conditions, make a Critical
  Save [...] Taking Damage while at 0 Hit Points, or suffering a new Condition while all Slots are
  filled by Conditions, triggers another Critical Save." The save's attribute is the player's
  choice (a pending "save").
- "1+ HITS: wounded, but endures. 0 HITS: taken out and dying." Then the attribute loses 1 per
  Miss, at most 2, never below 0.

House rules: a condition that needs more slots than are free when no item fills a slot (only
conditions and small items are left) fills the free slots it can; a dying character makes no
further save for damage or conditions (they are already taken out), but still the dark's.

The dark (:func:`dark_round`): "When the Voidlight dies and every 5 minutes after, each character
makes a Critical Save. On a failure, they're lost to the dark." Each standing or dying character
saves, in the order they joined (house rule), each asked in turn with their own Attribute and
Position; the lost stay on the roster, marked, and the expedition ends when no one is left
standing or dying.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from rules.errors import IllegalAction
from rules.table.chance import Source
from rules.table.dice import Position, count_hits, dice_to_roll
from rules.voidlight.character import ATTRIBUTES, SLOTS, Condition, check_attribute
from rules.voidlight.checks import hits_text, position_of, save_loss
from rules.voidlight.pools import roll
from rules.voidlight.report import LOST
from rules.voidlight.state import Pending
from rules.voidlight.turn import Turn

__all__ = ["damage", "dark_round", "due_save", "gain", "made_room", "save", "worsen"]

#: Read once: an Enum class's members are looked up slowly (through its metaclass) every time.
_ABSOLUTE, _IMPOSSIBLE = Position.ABSOLUTE, Position.IMPOSSIBLE

#: What the player is asked when a Critical Save falls due, by its reason.
PROMPTS = {
    "hit points": "0 Hit Points: make a Critical Save (choose the most relevant Attribute)",
    "again": "Damage while at 0 Hit Points: another Critical Save (choose the Attribute)",
    "slots": "every Slot is filled by Conditions: make a Critical Save (choose the Attribute)",
    "dark": "In the dark: make a Critical Save (choose the Attribute); a failure is lost to the dark",
}


def due_save(turn: Turn, reason: str, prompt: str | None = None) -> None:
    """A Critical Save falls due to the acting character, ``reason`` "hit points", "slots" or
    "dark" (unless one already is, or a dying character would make it for damage or a
    condition); behind a choice already asked, it waits its turn."""
    state = turn.state
    asked = (state.pending, *state.queue) if state.pending is not None else state.queue
    if asked and any(p.kind == "save" and p.who == turn.name for p in asked):
        return
    if turn.sheet.status == "dying" and reason != "dark":
        turn.tell("you are taken out already: no further Critical Save")
        return
    turn.ask(_save_asked(prompt or PROMPTS[reason], reason))


@lru_cache(maxsize=64)  # bounded: the prompts above, and the few their callers word
def _save_asked(prompt: str, reason: str) -> Pending:
    """The choice of a Critical Save's Attribute (a value: made once per prompt)."""
    return Pending("save", ATTRIBUTES, prompt, reason=reason)


def dark_round(turn: Turn) -> None:
    """ "Each character makes a Critical Save": every one standing or dying, in the order they
    joined (house rule), one after another."""
    before = turn.who  # turn.acting(index) for each, without a context manager's cost
    try:
        for index, character in enumerate(turn.state.crew):
            if character.status != "lost":
                turn.who = index
                due_save(turn, "dark")
    finally:
        turn.who = before


def damage(turn: Turn, amount: int, source: str, players: str = "") -> None:
    """Lose ``amount`` Hit Points (never below 0); a save falls due at 0 or below it.
    ``players``: the source as the players' seats read it when ``source`` tells an expedition
    minute (a condition's worsening on the clock)."""
    sheet = turn.sheet

    def told(line: str, read: str) -> None:
        if players:
            turn.tell_secret(line, read)
        else:
            turn.tell(line)

    if amount <= 0:
        told(f"{source}: no damage", f"{players}: no damage")
        return
    before = sheet.hp
    turn.update(hp=max(0, before - amount))
    if turn.lines is not None:
        took = f"{amount} damage ({turn.sheet.hp}/{sheet.max_hp} Hit Points)"
        told(f"{source}: {took}", f"{players}: {took}")
    if before == 0:
        due_save(turn, "hit points", PROMPTS["again"])
    elif turn.sheet.hp == 0:
        due_save(turn, "hit points")


def gain(turn: Turn, condition: Condition) -> None:
    """Write a new Condition in empty Slots, asking which item to drop when there is no room."""
    sheet = turn.sheet
    if sheet.full_of_conditions:
        turn.tell(f"every Slot holds a Condition: {condition.name} has no room")
        due_save(turn, "slots", PROMPTS["slots"].replace("make a", "another"))
        return
    if sheet.free_slots >= condition.slots:
        _write(turn, condition)
        return
    if sheet.droppable:
        need = condition.slots - sheet.free_slots
        prompt = (
            f"{condition.name} needs {condition.slots} slot{'s' * (condition.slots > 1)} and "
            f"{sheet.free_slots} {'is' if sheet.free_slots == 1 else 'are'} free: drop an item "
            f"to make room ({need} more slot{'s' * (need > 1)})"
        )
        turn.ask(Pending("drop", sheet.droppable, prompt, reason="new", condition=condition))
        return
    fits = sheet.free_slots
    turn.tell(f"only {fits} slot{'s' * (fits > 1)} free and no item to drop (house rule)")
    _write(turn, replace(condition, slots=fits))


def _write(turn: Turn, condition: Condition) -> None:
    turn.update(conditions=(*turn.sheet.conditions, condition))
    if turn.lines is not None:
        size = f" ({condition.slots} slots)" if condition.slots > 1 else ""
        turn.tell(f"you gain {condition.name}{size}: {turn.sheet.used_slots}/{SLOTS} slots filled")
    if turn.sheet.full_of_conditions:
        due_save(turn, "slots")


def worsen(turn: Turn, index: int) -> None:
    """Condition ``index`` fills one more Slot (Chem Burn), making room like a new Condition."""
    sheet = turn.sheet
    condition = sheet.conditions[index]
    if sheet.full_of_conditions:
        turn.tell(f"{condition.name} spreads, but every Slot holds a Condition")
        due_save(turn, "slots", PROMPTS["slots"].replace("make a", "another"))
        return
    if sheet.free_slots < 1:
        prompt = f"{condition.name} spreads to another slot: drop an item to make room"
        turn.ask(Pending("drop", sheet.droppable, prompt, reason="worsens", index=index))
        return
    grown = replace(condition, slots=condition.slots + 1)
    conditions = list(sheet.conditions)
    conditions[index] = grown
    turn.update(conditions=tuple(conditions))
    turn.tell(
        f"{condition.name} spreads: {grown.slots} slots ({turn.sheet.used_slots}/{SLOTS} filled)"
    )
    if turn.sheet.full_of_conditions:
        due_save(turn, "slots")


def made_room(turn: Turn, pending: Pending, item: str) -> None:
    """The item the player dropped for a pending "drop"; then the condition is written."""
    sheet = turn.sheet
    index = next((i for i, it in enumerate(sheet.items) if it.name == item and it.slots), None)
    if index is None:
        raise IllegalAction(f"{item!r} fills no slot: drop one of {list(pending.options)}")
    turn.update(items=sheet.items[:index] + sheet.items[index + 1 :])
    turn.tell(f"you drop {item} to make room")
    if pending.reason == "worsens":
        worsen(turn, pending.index)
    else:
        assert pending.condition is not None
        gain(turn, pending.condition)


def save(turn: Turn, attribute: str, position: str, chance: Source) -> tuple[str, int]:
    """Make the pending Critical Save (the acting character's); the outcome ("endure" / "taken
    out") and the Hits."""
    pending = turn.state.pending
    assert pending is not None and pending.kind == "save"
    name = check_attribute(attribute)
    where = position_of(position)
    sheet = turn.state.crew[turn.who]  # turn.sheet, without a property's cost
    score = sheet.effective(name)
    count, rolled = dice_to_roll(score, where)
    faces: tuple[int, ...] = ()
    if where is _ABSOLUTE:
        hits = count or 1
    elif where is _IMPOSSIBLE:
        hits = 0
    else:
        faces = chance.resolve(roll(count))
        turn.dice.extend(faces)
        hits = count_hits(faces, rolled)
    misses = 0 if where is _ABSOLUTE else count - hits
    outcome = "endure" if hits >= 1 else "taken out"
    turn.set(pending=None)
    if turn.lines is not None:
        shown = " ".join(map(str, faces)) if faces else f"no roll ({where.value})"
        turn.tell(
            f"Critical Save with {name.title()} {score} ({where.value}): {shown}: {hits_text(hits)}"
        )
    loss = save_loss(misses, sheet.score(name))
    if loss:
        turn.update(**{name: sheet.score(name) - loss})
        if turn.lines is not None:
            turn.tell(f"{name.title()} drops by {loss} to {turn.sheet.score(name)}")
    if outcome == "endure":
        turn.tell("you are wounded, but endure")
    elif pending.reason == "dark":
        turn.update(status="lost")
        turn.tell(f"you are {LOST}")
    else:
        turn.update(status="dying")
        turn.tell("you are taken out and dying: if helped in time, you wake after a Long Rest")
    return outcome, hits
