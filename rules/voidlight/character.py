"""The character sheet: name, pronouns, Hit Points, Credits, four Attributes and 10 Slots.

"Your character has 10 Slots. Slots track items in your character's inventory. Most items take 1
Slot, small items take none, and large items take 2. Conditions can also fill Slots."

House rules (RULES-NOTES): creation by 5 points spread over the four attributes, each 0..3, or by
the random method (4 dice per attribute, each Hit adds 1, all rerolled while the total is under 3);
starting max Hit Points 10; starting Credits 1D x 10; a condition takes 1 slot unless its entry
says 2.

>>> wick = Character("Wick", "they/them", vigor=2, operate=1, insight=1, diplomacy=1)
>>> wick.hp, wick.max_hp, wick.free_slots
(10, 10, 10)
>>> wick.take(Item("Battery")).take(Item("Crowbar", "large")).free_slots
7
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules.errors import IllegalAction, InvalidInput

__all__ = [
    "ATTRIBUTES",
    "MAX_SCORE",
    "SIZES",
    "SLOTS",
    "STANDINGS",
    "Character",
    "Condition",
    "Created",
    "Item",
    "LastCheck",
    "Penalty",
    "check_attribute",
    "check_points",
    "recheck",
]

#: The four Attributes, as the cost table names them.
ATTRIBUTES = ("vigor", "operate", "insight", "diplomacy")
#: "raise an Attribute score by 1, to a maximum of 6"
MAX_SCORE = 6
#: The most max Hit Points a character has (Advancements stop there; a journey file keeps it).
MAX_HP = 999
#: "Your character has 10 Slots."
SLOTS = 10
#: "Most items take 1 Slot, small items take none, and large items take 2."
SIZES = {"small": 0, "normal": 1, "large": 2}
#: House rule: starting max Hit Points.
START_HP = 10
#: House rule: the points a player spreads over the four Attributes to create a character.
POINTS = 5
#: The highest score an Attribute may start with, by points.
MOST_AT_START = 3
#: Where a character stands: "standing", "dying" (taken out: "If helped in time, they wake
#: after a Long Rest"), "lost" (to the dark). The lost stay on the crew's roster, marked.
STANDINGS = ("standing", "dying", "lost")


def check_attribute(name: object) -> str:
    """``name`` if it is one of the four Attributes; else an error naming it."""
    if isinstance(name, str) and name in ATTRIBUTES:
        return name
    raise InvalidInput(
        f"the Attributes are Vigor, Operate, Insight and Diplomacy: {name!r} is not one"
    )


def _check_int(what: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{what} is a whole number from {low} to {high}, not {value!r}")
    return value


def _check_name(what: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"give the {what} a name (you gave {value!r})")
    return value.strip()


def check_points(scores: dict[str, int], points: int = POINTS, most: int = MOST_AT_START) -> None:
    """House rule: creation by points spends exactly ``points`` over the four attributes, each
    0..``most``."""
    for name, value in scores.items():
        _check_int(f"{name.title()} at creation", value, 0, most)
    spent = sum(scores.values())
    if spent != points:
        listed = ", ".join(f"{name}={value!r}" for name, value in scores.items())
        raise InvalidInput(
            f"spread exactly {points} points over the attributes: {listed} is {spent}"
        )


@dataclass(frozen=True)
class Item:
    """Something carried: ``size`` small (0 slots), normal (1) or large (2); a broken item still
    fills its slots."""

    #: The item's name.
    name: str
    #: "small" (0 slots), "normal" (1) or "large" (2).
    size: str = "normal"
    #: A broken item still fills its slots.
    broken: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _check_name("item", self.name))
        if self.size not in SIZES:
            raise InvalidInput(
                f"an item is small (0 slots), normal (1) or large (2), not {self.size!r}"
            )

    @property
    def slots(self) -> int:
        """The slots it fills by its size."""
        return SIZES[self.size]

    @property
    def label(self) -> str:
        """Its name as the sheet shows it, "(broken)" after a broken one."""
        return self.name + (" (broken)" if self.broken else "")


#: Conditions that worsen on the expedition clock, and every how many minutes.
WORSENING = {"bleeding": 10, "chem burn": 10}


@dataclass(frozen=True)
class Condition:
    """A hindrance that fills slots, until treated; some worsen as time passes."""

    #: The condition's name.
    name: str
    #: Slots it fills.
    slots: int = 1
    #: A lasting condition cannot be cleared.
    lasting: bool = False
    #: "bleeding" (1D-1 damage every 10 minutes), "chem burn" (1 slot more every 10 minutes) or ""
    #: (it does not worsen), until treated.
    worsens: str = ""
    #: The expedition minute it next worsens (None when it does not).
    next_due: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _check_name("condition", self.name))
        _check_int("a condition's slots", self.slots, 1, SLOTS)
        if self.worsens and self.worsens not in WORSENING:
            raise InvalidInput(
                f"a condition worsens as 'bleeding' or 'chem burn', not {self.worsens!r}"
            )


@dataclass(frozen=True)
class Penalty:
    """``-amount`` to an attribute until the expedition minute ``until`` ("-1 VIGOR FOR 10
    MINUTES")."""

    #: The Attribute lowered.
    attribute: str
    #: The expedition minute it ends.
    until: int
    #: How much lower.
    amount: int = 1


@dataclass(frozen=True)
class LastCheck:
    """A character's last Check, kept so it can be pushed once and its cost taken (or skipped)
    once."""

    #: The Attribute rolled.
    attribute: str
    #: The Position it was rolled in (after the beam and conditions moved it).
    position: str
    #: The dice rolled.
    faces: tuple[int, ...]
    #: The Hits among them.
    hits: int
    #: "success", "partial" or "failure".
    outcome: str
    #: It was pushed: a Check is pushed once.
    pushed: bool = False
    #: Its cost is taken or skipped: nothing more is owed for it.
    costed: bool = False

    @property
    def misses(self) -> int:
        """The dice that did not hit: what a Push rerolls, and what a Critical Save costs."""
        return len(self.faces) - self.hits


@dataclass(frozen=True)
class Created:
    """What a player chooses to create a character by points: a name, pronouns and the four
    Attributes. Written once: they open the sheet (:class:`Character`) and are the fields of the
    action that creates one (:class:`rules.voidlight.actions.Create`)."""

    #: The character's name, unique in the crew.
    name: str
    #: Their pronouns, such as "she/her" (may be blank).
    pronouns: str
    #: The Vigor score: the dice of a Vigor Check (up to 3 at creation by points, 6 with
    #: Advancements).
    vigor: int
    #: The Operate score: the dice of a Operate Check (up to 3 at creation by points, 6 with
    #: Advancements).
    operate: int
    #: The Insight score: the dice of a Insight Check (up to 3 at creation by points, 6 with
    #: Advancements).
    insight: int
    #: The Diplomacy score: the dice of a Diplomacy Check (up to 3 at creation by points, 6 with
    #: Advancements).
    diplomacy: int


@dataclass(frozen=True)
class Character(Created):
    """The sheet: what a player chose (:class:`~rules.voidlight.character.Created`) and what play has made of it. In a crew,
    each character has their own standing, Checks to push and costs to take."""

    #: Hit Points now; at 0 the character makes a Critical Save.
    hp: int = START_HP
    #: The most Hit Points they can have (an Advancement adds 2).
    max_hp: int = START_HP
    #: Credits held.
    credits: int = 0
    #: The items carried, in the order taken.
    items: tuple[Item, ...] = ()
    #: The conditions suffered, in the order gained.
    conditions: tuple[Condition, ...] = ()
    #: The penalties on their Attributes, each until its minute.
    penalties: tuple[Penalty, ...] = ()
    #: The scores a Long Rest restores toward: each Attribute's before a Critical Save lowered it
    #: (creation plus advancements).
    full: tuple[int, ...] = field(default=())
    #: One of :data:`STANDINGS`: the character's own, in a crew each their own.
    status: str = "standing"
    #: Their last Check, to push or to take its cost (None when there is none to act on).
    last_check: LastCheck | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _check_name("character", self.name))
        if self.status not in STANDINGS:
            raise InvalidInput(f"a character is {', '.join(STANDINGS)}, not {self.status!r:.40}")
        if not isinstance(self.pronouns, str):
            raise InvalidInput(
                f"pronouns are words such as 'she/her', or left blank (you gave {self.pronouns!r})"
            )
        for name in ATTRIBUTES:
            _check_int(name.title(), getattr(self, name), 0, MAX_SCORE)
        if not self.full:
            object.__setattr__(self, "full", self.scores)
        _check_int("max Hit Points", self.max_hp, 1, MAX_HP)
        _check_int("Hit Points", self.hp, 0, self.max_hp)
        _check_int("Credits", self.credits, 0, 10**9)
        if self.used_slots > SLOTS:
            raise IllegalAction(f"{self.used_slots} slots filled: a character has {SLOTS}")

    # --- attributes ------------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """The four Attribute scores, in :data:`ATTRIBUTES` order."""
        return tuple(getattr(self, name) for name in ATTRIBUTES)

    def score(self, attribute: str) -> int:
        """The Attribute score on the sheet."""
        value: int = getattr(self, check_attribute(attribute))
        return value

    def penalty(self, attribute: str) -> int:
        """The total penalty now on ``attribute``."""
        check_attribute(attribute)
        return sum(p.amount for p in self.penalties if p.attribute == attribute)

    def effective(self, attribute: str) -> int:
        """The score less the penalties in force, never below 0: the dice a Check rolls."""
        score: int = getattr(self, check_attribute(attribute))  # self.score(), one call less
        # a score is 0 to 6 (the sheet checks it when made): only a penalty can take it below 0
        return max(0, score - self.penalty(attribute)) if self.penalties else score

    def with_score(self, attribute: str, value: int) -> Character:
        """The attribute set to ``value``, kept in 0..6."""
        changes: dict[str, Any] = {check_attribute(attribute): max(0, min(MAX_SCORE, value))}
        return replace(self, **changes)

    # --- slots -----------------------------------------------------------------------------

    @property
    def used_slots(self) -> int:
        """Slots filled by items and conditions."""
        return sum([SIZES[i.size] for i in self.items]) + self.condition_slots  # i.slots

    @property
    def condition_slots(self) -> int:
        """Slots filled by conditions."""
        return sum([c.slots for c in self.conditions])

    @property
    def free_slots(self) -> int:
        """Slots still free: an item or a condition that does not fit asks for room first."""
        return SLOTS - self.used_slots

    @property
    def full_of_conditions(self) -> bool:
        """ "when all their Slots are filled by Conditions\""""
        return self.condition_slots >= SLOTS

    @property
    def droppable(self) -> tuple[str, ...]:
        """The names of the items that fill a slot (dropping one makes room), each once."""
        return tuple(dict.fromkeys(i.name for i in self.items if i.slots))

    @property
    def item_names(self) -> tuple[str, ...]:
        """The names of the items carried, each once, in the order taken."""
        return tuple(dict.fromkeys(i.name for i in self.items))

    def no_room_for(self, size: str, name: str = "") -> str | None:
        """Why an item of ``size`` (called ``name``) does not fit now, or None when it does: what
        :meth:`take` refuses, asked before a player types the item's name or clicks."""
        slots = SIZES[size]
        if slots <= self.free_slots:
            return None
        need = f"{slots} slot{'' if slots == 1 else 's'}"
        what = f"{name!r} ({size}, {need})" if name else f"a {size} item ({need})"
        free = f"{self.free_slots} of {SLOTS} slots {'is' if self.free_slots == 1 else 'are'} free"
        return f"no room for {what}: {free}; drop something first"

    def take(self, item: Item) -> Character:
        """The item added; refused when it does not fit."""
        why = self.no_room_for(item.size, item.name)
        if why is not None:
            raise IllegalAction(why)
        return replace(self, items=(*self.items, item))

    def find_item(self, name: object) -> int:
        """The index of the first item called ``name`` (any case)."""
        if isinstance(name, str):
            for index, item in enumerate(self.items):
                if item.name.casefold() == name.strip().casefold():
                    return index
        held = ", ".join(map(repr, self.item_names)) or "nothing"
        raise IllegalAction(f"you carry no item {name!r}: you carry {held}")

    def without_item(self, index: int) -> Character:
        """This sheet without the item at ``index``."""
        return replace(self, items=self.items[:index] + self.items[index + 1 :])

    def find_condition(self, name: object) -> int:
        """The place of the condition ``name`` (case aside); one the character does not have is
        refused, naming theirs."""
        if isinstance(name, str):
            for index, condition in enumerate(self.conditions):
                if condition.name.casefold() == name.strip().casefold():
                    return index
        held = ", ".join(repr(c.name) for c in self.conditions) or "none"
        raise IllegalAction(f"you have no condition {name!r}: your conditions are {held}")

    @property
    def display_name(self) -> str:
        """The name with the pronouns, as the panel and the reports show it."""
        return f"{self.name} ({self.pronouns})" if self.pronouns.strip() else self.name


#: The fields :func:`recheck` checks again when they change (the rest it copies: a last Check and
#: penalties are not checked on creation).
_RECHECKED = frozenset({"status", *ATTRIBUTES, "hp", "credits", "items", "conditions"})
_COPIED = frozenset({"last_check", "penalties"}) | _RECHECKED
_SCORES = frozenset(ATTRIBUTES)
_new, _set = object.__new__, object.__setattr__


def recheck(sheet: Character, changes: dict[str, Any]) -> Character | None:
    """``replace(sheet, **changes)`` checking only what changed (every other field passed the
    sheet's own check when it was made), in the order :class:`Character`'s ``__post_init__``
    checks them, with its words: a sheet changes on almost every action. None when a change is
    to a field this does not check (a name, the max Hit Points): replace it then."""
    if not _COPIED.issuperset(changes):
        return None
    new = _new(Character)
    fields = {**sheet.__dict__, **changes}  # combined: read at full speed (see state.evolve)
    _set(new, "__dict__", fields)  # every field at once, past the frozen guard
    if _RECHECKED.isdisjoint(changes):
        return new
    if "status" in changes and new.status not in STANDINGS:
        raise InvalidInput(f"a character is {', '.join(STANDINGS)}, not {new.status!r:.40}")
    if not _SCORES.isdisjoint(changes):
        for name in ATTRIBUTES:
            if name in changes:
                _check_int(name.title(), fields[name], 0, MAX_SCORE)
    if "hp" in changes:
        _check_int("Hit Points", new.hp, 0, new.max_hp)
    if "credits" in changes:
        _check_int("Credits", new.credits, 0, 10**9)
    if ("items" in changes or "conditions" in changes) and new.used_slots > SLOTS:
        raise IllegalAction(f"{new.used_slots} slots filled: a character has {SLOTS}")
    return new
