"""The Curses: their Strength, the cards that count double, and their stacks.

Rules: "Build a stack of cards as described in the FIGHT A CURSE action. When the number of cards
of the stack matches the Curse's Strength, they fade away and perish. If you flee from a Curse,
their stack persists until you encounter them again." A doubled card counts as two stack cards; a
curse perishes when its count reaches or exceeds its Strength (RULES-NOTES).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.errors import InvalidInput
from rules.firelights.derived import derived
from rules.table.cards import Card, Colour, Suit

__all__ = ["CURSES", "Curse", "CurseTrack", "curse_named"]


@dataclass(frozen=True)
class Curse:
    """One of the four Curses: its strength, the suits that count double on its stack, and what it
    is."""

    #: The Curse's name, as the rules and the panel give it.
    name: str
    #: How much its stack must count for it to perish.
    strength: int
    #: The suits that count two on its stack, in words, for the panel to say.
    doubled: str
    #: What the Curse is, in the rules' words.
    description: str
    #: Whether a card counts two on its stack (a card of its suits).
    counts_double: Callable[[Card], bool]

    def value(self, card: Card) -> int:
        """How many stack cards ``card`` counts as against this curse."""
        return 2 if self.counts_double(card) else 1

    def __reduce__(self) -> tuple[Callable[[object], Curse], tuple[str]]:
        """A Curse pickles as its name (its rule is a function of this module): a curse track
        keeps its Curse once worked out, and a state goes to a process pool, to Dask and to the
        process Advice thinks in."""
        return curse_named, (self.name,)


#: The four Curses, in the order a journey keeps their stacks.
CURSES: tuple[Curse, ...] = (
    Curse("Calamity", 5, "red ♦♥", "Spider spun from mist who spews toxic fumes.",
          lambda card: card.colour is Colour.RED),
    Curse("Screecher", 8, "black ♠♣", "Being of flame and shadow which shrieks destruction.",
          lambda card: card.colour is Colour.BLACK),
    Curse("Hollow", 8, "spades ♠", "Worm with eyes that gleam like rubies; attacks from below.",
          lambda card: card.suit is Suit.SPADES),
    Curse("Talon", 13, "hearts ♥", "Bird of bones. Quick to strike, and extremely deadly.",
          lambda card: card.suit is Suit.HEARTS),
)  # fmt: skip


def curse_named(name: object) -> Curse:
    """The Curse of that name; an unknown name is refused with a sentence naming the four."""
    curse = _BY_NAME.get(name) if isinstance(name, str) else None
    if curse is not None:
        return curse
    names = ", ".join(curse.name for curse in CURSES[:-1]) + f" and {CURSES[-1].name}"
    raise InvalidInput(f"there is no Curse called {name!r}: the Curses are {names}")


_BY_NAME = {curse.name: curse for curse in CURSES}


@dataclass(frozen=True)
class CurseTrack:
    """A curse and the cards stacked on it so far (its Curse, count and whether it perished
    worked out once: a track never changes, and every action asks which Curses still live)."""

    #: The name of its Curse.
    name: str
    #: The cards on its stack so far, in the order they were put there.
    stack: tuple[Card, ...] = ()

    @derived
    def curse(self) -> Curse:
        """The Curse of this track."""
        return curse_named(self.name)

    @derived
    def count(self) -> int:
        """What its stack counts, the suits it doubles counting two."""
        value = self.curse.value
        return sum([value(card) for card in self.stack])

    @derived
    def perished(self) -> bool:
        """Whether its stack has reached its strength: a perished Curse is onto no one again."""
        return self.count >= self.curse.strength

    def add(self, cards: tuple[Card, ...]) -> CurseTrack:
        """This track with ``cards`` stacked on it (a fight's cards): a new track, the old one
        unchanged."""
        return CurseTrack(self.name, self.stack + cards)
