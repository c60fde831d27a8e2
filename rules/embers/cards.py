"""The Embers card file: heroes, fire cards and the Night card as data, read with ``tomllib``.

A card file is data, never code: every hero action, passive ability and event is one word of a
small vocabulary (:data:`EFFECTS`, :data:`PASSIVES`, :data:`EVENTS`, :data:`MANEUVERS`) with a
number. Errors name the card, the field and what was expected.

The format (see ``rules/data/embers-original.toml``, the set Lantern ships)::

    [[hero]]
    name = "Defender"
    [hero.level_1]                      # and [hero.level_2], the same fields
    name = "Defender"                   # the side's name
    level = 1
    maneuver = "step"                   # step | swap | leap (1 action point)
    health = 2                          # claws in one attack that defeat the hero
    promote = 2                         # action points to flip to level 2 (0 on level 2)
    passive = { kind = "none", amount = 0 }
    actions = [ { name = "Guard", cost = 1, effect = "defend", amount = 0 } ]

    [[fire]]
    name = "Ash Hollow"
    location = "N"                      # N NE E SE S SW W NW
    mark = false                        # the "!": ignored at Recruit
    event = { name = "Still Air", kind = "calm", amount = 0 }
    monster = { name = "Ash Wolf", flames = 1, claws = 1, moves = 2 }

    [night]
    faces = [[4, 3], [2, 1]]

Effects of hero actions (``amount`` is their number):

* ``defend``: defeat the top monster of a stack at most ``amount`` steps around the ring from the
  hero; its card goes to your hand.
* ``forage``: take up to ``amount`` cards from the top of the forage pile into your hand.
* ``rally``: another hero in camp who has not acted yet this turn gains ``amount`` action points.

Every hero may also spend its side's ``promote`` cost to flip to level 2 (level 1 only), and 1
action point on its ``maneuver``: ``step`` to an adjacent empty camp space, ``swap`` places with
an adjacent hero, ``leap`` to any empty camp space.

Passive abilities: ``none``; ``ignore_flames`` / ``ignore_claws``: attacks on this hero have
``amount`` fewer flame / claw icons; ``extra_ap``: ``amount`` more action points each turn;
``reach``: this hero's defend actions reach ``amount`` steps further.

Events (the top card's, all turn): ``calm``; ``ap``: every hero gets ``amount`` more action
points (negative: fewer, never below 0); ``flames`` / ``claws``: every attack gets ``amount``
more icons; ``reach``: defend actions reach ``amount`` further (never below 0); ``forage``:
forage actions take ``amount`` more cards.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.errors import InvalidInput, described, read_text
from rules.record.action import NAME_LIMIT, TEXT_LIMIT, check_text

__all__ = [
    "EFFECTS",
    "EVENTS",
    "LOCATIONS",
    "MANEUVERS",
    "MAX_CARD_FILE",
    "PASSIVES",
    "SHIPPED",
    "CardSet",
    "Effect",
    "Event",
    "FireCard",
    "Hero",
    "HeroAction",
    "Monster",
    "Side",
    "load",
    "loads",
    "parse",
    "shipped",
]

#: The eight locations around the campfire, clockwise from North.
LOCATIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: What a hero action can do (its ``effect``).
EFFECTS = ("defend", "forage", "rally")
#: A hero side's passive ability: none, or the one it names.
PASSIVES = ("none", "ignore_flames", "ignore_claws", "extra_ap", "reach")
#: What an Event card does when it is revealed (its ``kind``).
EVENTS = ("calm", "ap", "flames", "claws", "reach", "forage")
#: How a hero may Maneuver: a step, a swap or a leap.
MANEUVERS = ("step", "swap", "leap")
#: How many hero cards a card set holds.
HEROES = 5
#: How many fire cards a card set holds.
FIRE_CARDS = 12
#: The Night card's hours to dawn, two on each face: every card set has this one.
NIGHT_FACES = ((4, 3), (2, 1))
# The Reference shows no value (``hide-value``): it would be a path on the machine that built it.
#: The card file Lantern ships, Lantern's own set: played when a journey names no other.
#:
#: :meta hide-value:
SHIPPED = Path(__file__).resolve().parent.parent / "data" / "embers-original.toml"
#: Far more than a set of 18 cards needs (the shipped file is about 6 KB); a journey stores it.
MAX_CARD_FILE = 100_000


@dataclass(frozen=True, slots=True)
class Effect:
    """A passive ability or an event: a vocabulary word and its number."""

    #: The vocabulary word: one of :data:`PASSIVES` for a passive ability, of :data:`EVENTS` for an
    #: event.
    kind: str
    #: Its number (how much more or fewer).
    amount: int = 0


@dataclass(frozen=True, slots=True)
class HeroAction:
    """One action on a hero's side: what it costs in action points, and its effect and number."""

    #: The action's name on the card, as a player picks it.
    name: str
    #: The action points it costs.
    cost: int
    #: What it does: one of :data:`EFFECTS`.
    effect: str
    #: How far it reaches, how many cards it takes or how many points it gives (see
    #: :data:`EFFECTS`).
    amount: int


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a hero card."""

    #: The side's name.
    name: str
    #: 1 or 2.
    level: int
    #: How the hero moves for 1 action point: one of :data:`MANEUVERS`.
    maneuver: str
    #: The claws in one attack that defeat the hero.
    health: int
    #: The action points to flip to level 2 (0 on level 2).
    promote: int
    #: Its passive ability, always on.
    passive: Effect
    #: The card's own actions, in the card's order.
    actions: tuple[HeroAction, ...]
    #: The actions by name, for looking one up.
    named: dict[str, HeroAction] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "named", {action.name: action for action in self.actions})


@dataclass(frozen=True, slots=True)
class Hero:
    """A hero card: its name and its two sides, level 1 and level 2 (after a promote)."""

    #: The hero's name, which the camp, the tent and the actions use.
    name: str
    #: The side it starts on.
    level_1: Side
    #: The side a promote flips it to.
    level_2: Side

    def side(self, level: int) -> Side:
        """The side for ``level`` (1 or 2)."""
        return self.level_2 if level == 2 else self.level_1


@dataclass(frozen=True, slots=True)
class Event:
    """The event on a fire card's fire side: what it changes for the turn it is on top."""

    #: The event's name on the card.
    name: str
    #: What it does: one of :data:`EVENTS`.
    kind: str
    #: How much (more icons, more action points, more reach, more cards).
    amount: int


@dataclass(frozen=True, slots=True)
class Monster:
    """The monster on a fire card's other side: its flames and claws when it attacks, how far it
    moves past heroes when it spawns."""

    #: The monster's name.
    name: str
    #: Flame icons: each burns a card from the top of the deck when it attacks.
    flames: int
    #: Claw icons: a hero falls when they reach its health.
    claws: int
    #: How many camp spaces held by heroes it steps past, clockwise, when it spawns.
    moves: int


@dataclass(frozen=True, slots=True)
class FireCard:
    """A fire card: its fire side (spawn location, event, "!" mark) and its monster side."""

    #: The card's name, which the deck, the hand and the wild use.
    name: str
    #: Where a monster spawns when this card is on top: its place in :data:`LOCATIONS`.
    location: int
    #: The "!" mark: its event is ignored at Recruit difficulty.
    mark: bool
    #: Its fire side's event.
    event: Event
    #: Its monster side.
    monster: Monster


@dataclass(frozen=True, slots=True)
class CardSet:
    """The 18 cards of a game. ``source`` says where they came from (a path, or "shipped")."""

    #: The set's name, as the card file gives it.
    name: str
    #: The five hero cards.
    heroes: tuple[Hero, ...]
    #: The twelve fire cards.
    fire: tuple[FireCard, ...]
    #: The hours to dawn on the Night card's faces.
    night: tuple[tuple[int, int], ...]
    #: Where the cards came from: a path, or "shipped".
    source: str = "shipped"
    _heroes: dict[str, Hero] = field(init=False, repr=False, compare=False)
    #: The fire cards by name (what :meth:`card` looks up; read directly where speed matters).
    named: dict[str, FireCard] = field(init=False, repr=False, compare=False)
    #: Each hero's side by (hero, level).
    sides: dict[tuple[str, int], Side] = field(init=False, repr=False, compare=False)
    #: Each hero's two sides by name, (level 1, level 2): read by ``hero in promoted``, one
    #: look-up by a name where :attr:`sides` takes a (hero, level) pair built and hashed.
    levels: dict[str, tuple[Side, Side]] = field(init=False, repr=False, compare=False)
    #: The heroes' names, sorted: the order Begin picks from.
    hero_names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    #: The fire cards' names, sorted: the order Begin shuffles from.
    fire_names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    #: Filled by the engine as it plays (:mod:`rules.embers.moves`): each hero's sides' actions
    #: prepared once for listing, by hero (level 1, level 2). Derived from the cards, never state.
    plans: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "plans", {})
        object.__setattr__(self, "hero_names", tuple(sorted(h.name for h in self.heroes)))
        object.__setattr__(self, "fire_names", tuple(sorted(c.name for c in self.fire)))
        object.__setattr__(self, "_heroes", {hero.name: hero for hero in self.heroes})
        object.__setattr__(self, "named", {card.name: card for card in self.fire})
        sides = {(h.name, 1): h.level_1 for h in self.heroes}
        sides.update({(h.name, 2): h.level_2 for h in self.heroes})
        object.__setattr__(self, "sides", sides)
        levels = {h.name: (h.level_1, h.level_2) for h in self.heroes}
        object.__setattr__(self, "levels", levels)

    def hero(self, name: str) -> Hero:
        """The hero card named ``name``."""
        return self._heroes[name]

    def card(self, name: str) -> FireCard:
        """The fire card named ``name``."""
        return self.named[name]


# --- reading -------------------------------------------------------------------------------------


class _Where:
    """Names the card and field of a value, for errors."""

    def __init__(self, card: str) -> None:
        self.card = card

    def fail(self, field: str, expected: str, got: object) -> InvalidInput:
        return InvalidInput(f"{self.card}: {field!r} must be {expected}, got {described(got)}")

    def get(self, table: Mapping[str, Any], field: str, kind: type, expected: str) -> Any:
        """``table[field]`` of ``kind``; text is checked as any player's text is (length,
        control characters), so a card's words can always be shown and recorded."""
        if not isinstance(table, Mapping):
            raise self.fail(field, "inside a table", table)
        if field not in table:
            raise InvalidInput(f"{self.card}: the field {field!r} is missing ({expected})")
        value = table[field]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(field, expected, value)
        if not isinstance(value, kind):
            raise self.fail(field, expected, value)
        if kind is str:
            limit = NAME_LIMIT if field == "name" else TEXT_LIMIT
            check_text(value, f"{self.card}: {field!r}", limit)
        return value

    def count(self, table: Mapping[str, Any], field: str, low: int, high: int) -> int:
        value: int = self.get(table, field, int, f"a whole number from {low} to {high}")
        if not low <= value <= high:
            raise self.fail(field, f"a whole number from {low} to {high}", value)
        return value

    def word(self, table: Mapping[str, Any], field: str, words: tuple[str, ...]) -> str:
        value: str = self.get(table, field, str, f"one of {', '.join(words)}")
        if value not in words:
            raise self.fail(field, f"one of {', '.join(words)}", value)
        return value


def _name(table: object, what: str) -> str:
    if not isinstance(table, Mapping):
        raise InvalidInput(f"{what} must be a table, got {described(table)}")
    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidInput(f"{what}: the field 'name' must be a name, got {described(name)}")
    return check_text(name, f"{what}: the name", NAME_LIMIT)


def _side(where: _Where, table: object, level: int) -> Side:
    w = _Where(f"{where.card}, level {level} side")
    if not isinstance(table, Mapping):
        raise InvalidInput(f"{where.card}: the table 'level_{level}' is missing or not a table")
    name = w.get(table, "name", str, "the side's name")
    if w.count(table, "level", 1, 2) != level:
        raise w.fail("level", str(level), table["level"])
    passive = w.get(table, "passive", dict, "a table with kind and amount")
    pw = _Where(f"{w.card}, passive")
    actions = w.get(table, "actions", list, "a list of actions")
    parsed = []
    for i, item in enumerate(actions):
        aw = _Where(f"{w.card}, action {i + 1}")
        parsed.append(
            HeroAction(
                _name(item, aw.card),
                aw.count(item, "cost", 0, 4),
                aw.word(item, "effect", EFFECTS),
                aw.count(item, "amount", 0, 8),
            )
        )
    if len({a.name for a in parsed}) != len(parsed):
        raise w.fail("actions", "actions with different names", [a.name for a in parsed])
    return Side(
        name,
        level,
        w.word(table, "maneuver", MANEUVERS),
        w.count(table, "health", 1, 9),
        w.count(table, "promote", 0, 4) if level == 1 else w.count(table, "promote", 0, 0),
        Effect(pw.word(passive, "kind", PASSIVES), pw.count(passive, "amount", 0, 4)),
        tuple(parsed),
    )


def _fire(table: object, i: int) -> FireCard:
    name = _name(table, f"fire card {i + 1}")
    assert isinstance(table, Mapping)
    w = _Where(f"fire card {name!r}")
    event = w.get(table, "event", dict, "a table with name, kind and amount")
    ew = _Where(f"fire card {name!r}, event")
    monster = w.get(table, "monster", dict, "a table with name, flames, claws and moves")
    mw = _Where(f"fire card {name!r}, monster")
    return FireCard(
        name,
        LOCATIONS.index(w.word(table, "location", LOCATIONS)),
        w.get(table, "mark", bool, "true or false (the '!' mark)"),
        Event(
            _name(event, ew.card), ew.word(event, "kind", EVENTS), ew.count(event, "amount", -2, 3)
        ),
        Monster(
            _name(monster, mw.card),
            mw.count(monster, "flames", 0, 5),
            mw.count(monster, "claws", 0, 5),
            mw.count(monster, "moves", 0, 7),
        ),
    )


def parse(data: Mapping[str, Any], source: str = "a card file") -> CardSet:
    """The card set ``data`` (a parsed TOML document) describes; refused with a clear error."""
    heroes = data.get("hero")
    if not isinstance(heroes, list) or len(heroes) != HEROES:
        count = len(heroes) if isinstance(heroes, list) else heroes
        raise InvalidInput(f"{source}: expected {HEROES} [[hero]] tables, got {described(count)}")
    parsed_heroes = []
    for i, table in enumerate(heroes):
        name = _name(table, f"hero {i + 1}")
        where = _Where(f"hero {name!r}")
        parsed_heroes.append(
            Hero(name, _side(where, table.get("level_1"), 1), _side(where, table.get("level_2"), 2))
        )
    names = [hero.name for hero in parsed_heroes]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise InvalidInput(f"{source}: every hero needs its own name, {twice} appear twice")
    fire = data.get("fire")
    if not isinstance(fire, list) or len(fire) != FIRE_CARDS:
        count = len(fire) if isinstance(fire, list) else fire
        raise InvalidInput(
            f"{source}: expected {FIRE_CARDS} [[fire]] tables, got {described(count)}"
        )
    cards = tuple(_fire(table, i) for i, table in enumerate(fire))
    fire_names = [card.name for card in cards]
    if len(set(fire_names)) != len(fire_names) or "Night" in fire_names:
        raise InvalidInput(
            f"{source}: every fire card needs its own name (and not 'Night'), got {fire_names}"
        )
    night = data.get("night")
    faces = night.get("faces") if isinstance(night, Mapping) else None
    if faces != [list(face) for face in NIGHT_FACES]:
        raise InvalidInput(
            f"{source}: [night] faces must be [[4, 3], [2, 1]], got {described(faces)}"
        )
    title = data.get("name", source)
    if not isinstance(title, str):
        raise InvalidInput(f"{source}: 'name' must be a string, got {described(title)}")
    return CardSet(title, tuple(parsed_heroes), cards, NIGHT_FACES, source)


def load(path: str | Path) -> CardSet:
    """A player's own card file (or the shipped one), read and validated."""
    return loads(read_text(path, "card file", limit=4 * MAX_CARD_FILE), str(path))


def loads(text: str, source: str = "a card file") -> CardSet:
    """The card set in a card file's TOML ``text``; ``source`` names it in errors. Bad TOML, a
    missing field or a wrong value is refused with a sentence naming the card and the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput(f"{source} is not valid TOML: {error}") from None
    except RecursionError:
        raise InvalidInput(
            f"{source} nests its lists or tables too deeply to read: a card file's values are "
            "a few levels deep"
        ) from None
    return parse(data, source)


@cache
def shipped() -> CardSet:
    """Lantern's own original card set (not the publisher's: see DESIGN.md)."""
    cards = load(SHIPPED)
    return CardSet(cards.name, cards.heroes, cards.fire, cards.night, "shipped")
