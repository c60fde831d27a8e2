"""The player's moves in Firelights, as plain values that print to and parse from JSON.

The seven rulebook Actions (Confront Risk, Search For Treasures, Buy Information, Discover a
Region, Fight a Curse, Evade Danger, the Oracle) plus the moves around them: Begin (create the
Firelight and draw the starting region), Choose (a choice the rules leave to the player), Travel,
Rest and Flee.

>>> parse({"kind": "discover", "approach": "quick"})
Discover(approach='quick')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from rules.errors import InvalidInput
from rules.record.action import PLAYER_TEXT_LIMITS, Action, parse_action
from rules.record.journey import short_repr

__all__ = [
    "ACTIONS",
    "LIKELIHOODS",
    "Ask",
    "Begin",
    "BuyInformation",
    "Choose",
    "Confront",
    "Consult",
    "Discover",
    "Evade",
    "Fight",
    "Flee",
    "Rest",
    "Search",
    "Slip",
    "Travel",
    "parse",
    "table_columns",
]

#: The Oracle's modifiers: "Action+2 if likely. Action+0 if unlikely. Action+1 otherwise."
LIKELIHOODS = {"likely": 2, "even": 1, "unlikely": 0}


@dataclass(frozen=True)
class Begin(Action):
    """Create the Firelight and draw the starting region ("This is where you are right now").

    The starting region is drawn, not discovered: it holds no beacon, even a face card.
    """

    kind: ClassVar[str] = "begin"
    title: ClassVar[str] = "Begin the journey"
    words: ClassVar[tuple[str, ...]] = ("name", "pronouns")
    text_limits: ClassVar[Mapping[str, int]] = PLAYER_TEXT_LIMITS
    #: The Firelight's name, as the journey and its panel call her or him.
    name: str
    #: The Firelight's pronouns, which the reports use.
    pronouns: str
    #: The Forceful approach's value, 0, 1 or 2 (the three approaches take each value once).
    forceful: int
    #: The Patient approach's value, 0, 1 or 2.
    patient: int
    #: The Quick approach's value, 0, 1 or 2.
    quick: int


@dataclass(frozen=True)
class Confront(Action):
    """Confront Risk; ``purpose`` "risk", "ignite" (the beacon here) or "reveal" (a hidden path)."""

    kind: ClassVar[str] = "confront"
    title: ClassVar[str] = "Confront Risk"
    #: The approach rolled with (forceful, patient or quick): its value is the roll's modifier.
    approach: str
    #: What the risk is for: "risk" (a plain one), "ignite" (the beacon here) or "reveal" (a hidden
    #: path).
    purpose: str = "risk"
    #: The hidden path to reveal (its cell), for the purpose "reveal"; None otherwise.
    target: tuple[int, int] | None = None


@dataclass(frozen=True)
class Search(Action):
    """Search For Treasures with an approach: treasures to spend later on Buy Information, at the
    cost of cards from the Story Deck."""

    kind: ClassVar[str] = "search"
    title: ClassVar[str] = "Search For Treasures"
    #: The approach rolled with: its value is the roll's modifier.
    approach: str


@dataclass(frozen=True)
class BuyInformation(Action):
    """Spend ``treasures`` (the modifier); ``target`` a hidden path to reveal, if any.

    "decide on a number of Treasures to expend": at least 1, so Buy Information needs at least
    1 treasure held (it is not offered with none), and no more than you hold (refused, never cut
    down). Light or Shade reveals ``target``; Darkness does not.
    """

    kind: ClassVar[str] = "buy"
    title: ClassVar[str] = "Buy Information"
    #: How many treasures to spend: 1 or more, no more than held; they are the roll's modifier.
    treasures: int
    #: The hidden path to reveal on Light or Shade (its cell); None to buy information only.
    target: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if type(self.treasures) is not int:  # the rules' own words (rules.firelights.moves)
            raise InvalidInput(
                "spend a whole number of treasures on Buy Information, 1 or more: "
                f"{short_repr(self.treasures, 60)} is not"
            )
        super().__post_init__()


@dataclass(frozen=True)
class Discover(Action):
    """Discover a Region with an approach: new cards join the map next to the token, and a face card
    among them holds a beacon."""

    kind: ClassVar[str] = "discover"
    title: ClassVar[str] = "Discover a Region"
    #: The approach rolled with: its value is the roll's modifier.
    approach: str


@dataclass(frozen=True)
class Fight(Action):
    """Fight a Curse with an approach: the cards drawn go on the Curse's stack, and a Curse whose
    stack reaches its strength perishes."""

    kind: ClassVar[str] = "fight"
    title: ClassVar[str] = "Fight a Curse"
    #: The approach rolled with: its value is the roll's modifier.
    approach: str
    #: The name of the Curse fought: the one onto you.
    curse: str


@dataclass(frozen=True)
class Evade(Action):
    """Evade Danger with an approach: what a Darkness in a fight calls for, to get away before it
    costs Fatigue."""

    kind: ClassVar[str] = "evade"
    title: ClassVar[str] = "Evade Danger"
    #: The approach rolled with: its value is the roll's modifier.
    approach: str


@dataclass(frozen=True)
class Ask(Action):
    """Get an Answer From The Oracle."""

    kind: ClassVar[str] = "ask"
    title: ClassVar[str] = "Ask the Oracle"
    words: ClassVar[tuple[str, ...]] = ("question",)
    #: How likely the player thinks a yes is: "likely", "even" or "unlikely" (the modifier,
    #: :data:`LIKELIHOODS`).
    likelihood: str = "even"
    #: The question asked, kept with the answer in the journey; it may be left blank.
    question: str = ""


@dataclass(frozen=True)
class Consult(Action):
    """Roll d66 on the Firelights tables (region, theme, event, story) for inspiration."""

    kind: ClassVar[str] = "consult"
    title: ClassVar[str] = "Roll on the tables"
    #: Which table to roll on: "region", "theme", "event" or "story".
    column: str = "region"

    def __post_init__(self) -> None:
        super().__post_init__()
        columns = table_columns()
        if self.column not in columns:
            raise InvalidInput(
                f"{self.title}: 'column' is one of {', '.join(map(repr, columns))}, "
                f"got {short_repr(self.column, 60)}"
            )


@dataclass(frozen=True)
class Slip(Action):
    """Note a detail of your location: "place slips of paper on top of the cards"."""

    kind: ClassVar[str] = "slip"
    title: ClassVar[str] = "Write on a slip"
    words: ClassVar[tuple[str, ...]] = ("text",)
    #: The detail noted on the slip, on the region where the token stands.
    text: str


@dataclass(frozen=True)
class Choose(Action):
    """Answer a pending choice: a card code, a curse name, or "random" for a curse."""

    kind: ClassVar[str] = "choose"
    title: ClassVar[str] = "Choose"
    #: The option chosen among the pending choice's: a card code, a Curse's name, or "random".
    option: str


@dataclass(frozen=True)
class Travel(Action):
    """Move the token to a face-up region next to it (by the cell ``to``), where the next Actions
    take place."""

    kind: ClassVar[str] = "travel"
    title: ClassVar[str] = "Travel"
    #: The cell of the region to move to: a face-up region next to the token.
    to: tuple[int, int]


@dataclass(frozen=True)
class Rest(Action):
    """Rest: a Journey Book entry, the discard pile shuffled back, Fatigue cleared.

    "When you rest, fill an entry in your Journey Book": a panel asks for the entry every time; a
    blank one is allowed (the report then says you rest without writing one), but it is asked.
    Resting does not end a fight: the Curse you face is still onto you after it, its stack in
    place; only fleeing (or its perishing) ends the fight.
    """

    kind: ClassVar[str] = "rest"
    title: ClassVar[str] = "Rest"
    words: ClassVar[tuple[str, ...]] = ("entry",)
    #: The Journey Book entry written while resting; it may be blank, but a panel always asks for
    #: it.
    entry: str = ""


@dataclass(frozen=True)
class Flee(Action):
    """Flee from the Curse you face; its stack persists."""

    kind: ClassVar[str] = "flee"
    title: ClassVar[str] = "Flee"


#: Every action's ``kind`` -> its class, as a record names it.
ACTIONS: Mapping[str, type[Action]] = {
    cls.kind: cls
    for cls in (Begin, Confront, Search, BuyInformation, Discover, Fight, Evade, Ask, Consult,
                Slip, Choose, Travel, Rest, Flee)
}  # fmt: skip

_CELL_FIELDS = {"target", "to"}
#: The d66 table Consult rolls on (rules.firelights.game.TABLE).
_TABLE = "firelights-d66"


@cache
def table_columns() -> tuple[str, ...]:
    """The columns of the d66 table Consult may roll on ("region", "theme", ...)."""
    from rules.table import tables

    return tuple(tables.load(_TABLE).columns)


def _prepare(cls: type[Action], args: dict[str, Any]) -> dict[str, Any]:
    """Firelights' own JSON values: map cells from lists; a retired field dropped."""
    if cls is Begin:
        # "push_on" was a creation option (act while exhausted), retired when pushing on became
        # the player's choice at the moment; journeys saved with it still open, and it is ignored.
        args.pop("push_on", None)
    for key in _CELL_FIELDS & set(args):
        cell = args[key]
        if cell is not None and (not isinstance(cell, list | tuple) or len(cell) != 2):
            raise InvalidInput(f"{key!r} is a cell of the map, [x, y], not {short_repr(cell, 60)}")
    return args  # each field's type is checked when the action is built (rules.record.action)


def parse(data: Mapping[str, Any]) -> Any:
    """An action from its JSON form; unknown kinds and fields are refused by name."""
    return parse_action(data, ACTIONS, game="Firelights", prepare=_prepare)
