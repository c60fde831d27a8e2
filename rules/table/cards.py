"""Playing cards: the standard 52-card deck without jokers, and a deck with a discard pile.

Ranks run 1..13 (Ace 1, Jack 11, Queen 12, King 13). A card prints and parses as a short code,
rank then suit letter: ``"AS"``, ``"10H"``, ``"QD"``.

The draw pile is kept as an unordered, sorted tuple: drawing picks uniformly among the cards left,
which is exactly a well-shuffled deck, and lets the odds of the next card come straight from what
is left.

>>> deck = Deck.full()
>>> deck.chance_next(lambda card: card.is_face)
Fraction(3, 13)
>>> Card.parse("QH")
Card(rank=12, suit=Suit.HEARTS)
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.errors import IllegalAction, InvalidInput
from rules.table.distribution import Distribution, Source

__all__ = ["FACES", "RANK_NAMES", "Card", "Colour", "Deck", "Draw", "Suit", "codes", "full_deck"]

#: The ranks a card names by a letter (the others by their number), as the cards themselves print them.
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
#: Jack, Queen and King: the face cards, which the games treat apart (a beacon in Firelights).
FACE_RANKS = frozenset({11, 12, 13})


class Colour(enum.Enum):
    """A card's colour, which some rules read instead of its suit (a red card, a black card)."""

    #: Diamonds and Hearts.
    RED = "red"
    #: Clubs and Spades.
    BLACK = "black"


class Suit(enum.Enum):
    """The four suits, by their letter; each knows its symbol and colour."""

    #: Clubs (♣), a black suit.
    CLUBS = "C"
    #: Diamonds (♦), a red suit.
    DIAMONDS = "D"
    #: Hearts (♥), a red suit.
    HEARTS = "H"
    #: Spades (♠), a black suit.
    SPADES = "S"

    def __repr__(self) -> str:
        # Enum's default <Suit.HEARTS: 'H'> is not Python: keep Card's repr round-tripping.
        return f"Suit.{self.name}"

    @property
    def symbol(self) -> str:
        """The suit's sign (♣ ♦ ♥ ♠), as the panels and the log show a card."""
        return {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[self.value]

    @property
    def colour(self) -> Colour:
        """Red for diamonds and hearts, black for clubs and spades."""
        return Colour.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Colour.BLACK


@dataclass(frozen=True, eq=False, init=False)
class Card:
    """One playing card. ``repr`` round-trips; ``str`` is the short code.

    There are 52 cards and each exists once: ``Card(12, Suit.HEARTS)`` and ``Card.parse("QH")``
    are the same object. So a card compares and hashes by identity, at the speed of the
    interpreter's own objects, and its code, label and sort key are worked out once (a simulation
    meets millions of cards).
    """

    #: 1 (Ace) to 13 (King).
    rank: int
    #: One of the four suits.
    suit: Suit

    def __new__(cls, rank: int, suit: Suit) -> Card:
        if type(rank) is int and type(suit) is Suit:  # not True, though True == 1
            known = _CARDS.get((rank, suit))
            if known is not None:
                return known
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
            raise InvalidInput(f"a card rank is an int from 1 (Ace) to 13 (King), got {rank!r}")
        if not isinstance(suit, Suit):
            raise InvalidInput(f"a card suit is one of {[s.name for s in Suit]}, got {suit!r}")
        rank = int(rank)  # an int of a subclass: the card of that plain rank
        known = _CARDS.get((rank, suit))
        if known is not None:
            return known
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        name = RANK_NAMES.get(rank, str(rank))
        _CODES[card], _LABELS[card] = f"{name}{suit.value}", f"{name}{suit.symbol}"
        _BY_CODE[_CODES[card]] = card
        _KEYS[card] = (rank, suit.value)
        _CARDS[rank, suit] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit]]:
        """Pickled and copied by rank and suit, so a copy is the one card again."""
        return Card, (self.rank, self.suit)

    @classmethod
    def parse(cls, code: object) -> Card:
        """A card from its code (``"AS"``, ``"10h"``, ``"KD"``); anything else is refused."""
        if type(code) is str:  # a card's own code, as the games write them: looked up
            known = _BY_CODE.get(code)
            if known is not None:
                return known
        if isinstance(code, Card):
            return code
        if not isinstance(code, str) or len(code.strip()) < 2:
            raise InvalidInput(f"a card code is a rank and a suit letter like 'QH', got {code!r}")
        return _parse_code(code.strip().upper(), code)

    def key(self) -> tuple[int, str]:
        """Sort key: by rank, then suit letter."""
        return _KEYS[self]

    @property
    def rank_name(self) -> str:
        """The rank as a card shows it: A, 2 to 10, J, Q, K."""
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def colour(self) -> Colour:
        """The colour of the card's suit."""
        return self.suit.colour

    @property
    def is_face(self) -> bool:
        """Jack, Queen or King."""
        return self.rank in FACE_RANKS

    @property
    def label(self) -> str:
        """Rank and suit symbol, as printed on the card: ``"Q♥"``."""
        return _LABELS[self]

    def __str__(self) -> str:
        return _CODES[self]


#: The 52 cards, by rank and suit: each is made once (see :class:`Card`); their codes, labels and
#: sort keys, worked out then.
_CARDS: dict[tuple[int, Suit], Card] = {}
_CODES: dict[Card, str] = {}
_LABELS: dict[Card, str] = {}
_KEYS: dict[Card, tuple[int, str]] = {}
#: Each card by its code (``"QH"``): what :meth:`Card.parse` finds first.
_BY_CODE: dict[str, Card] = {}


def codes(cards: Iterable[Card]) -> tuple[str, ...]:
    """The cards' codes (``str`` of each), read from where they were worked out once."""
    return tuple(map(_CODES.__getitem__, cards))


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (by rank, then suit)."""
    return tuple(Card(rank, suit) for rank, suit in itertools.product(range(1, 14), Suit))


#: The 52 cards, as a set: what a game checks that every card is in exactly one place against.
FULL_DECK = frozenset(full_deck())
#: The Jacks, Queens and Kings (each :attr:`Card.is_face`): ``card in FACES`` asks it without a
#: call, where a game asks it of many cards.
FACES = frozenset(card for card in FULL_DECK if card.is_face)


_RANKS = {name: rank for rank, name in RANK_NAMES.items()} | {str(r): r for r in range(1, 14)}
_SUITS = {s.value: s for s in Suit} | {s.symbol: s for s in Suit}


@lru_cache(maxsize=512)  # bounded: keyed by the text a player typed
def _parse_code(text: str, code: str) -> Card:
    """The card for an upper-cased code (cached: replays parse every recorded card)."""
    rank_text, suit_text = text[:-1], text[-1]
    if rank_text not in _RANKS or suit_text not in _SUITS:
        raise InvalidInput(
            "a card code is a rank (A, 2..10, J, Q, K, or 1..13) then a suit (C, D, H, S), "
            f"got {code!r}"
        )
    return Card(_RANKS[rank_text], _SUITS[suit_text])


def parse_cards(codes: Iterable[object]) -> tuple[Card, ...]:
    """Cards from their codes (``"QH"``, ``"10S"``), each checked by :meth:`Card.parse`; a bad code
    is refused, naming it."""
    return tuple([Card.parse(code) for code in codes])


#: The largest pile :meth:`random.Random.sample` draws a few cards from by copying it (its
#: ``setsize`` for up to 5 cards); from a larger pile it keeps a set of the places drawn.
_POOL_SIZE = 21


@dataclass(frozen=True)
class Draw:
    """Drawing ``count`` cards, in order, from ``pile``: every ordered selection equally likely."""

    #: The cards drawn from, top first.
    pile: tuple[Card, ...]
    #: How many cards are drawn.
    count: int

    def __post_init__(self) -> None:
        if type(self.count) is not int:
            raise InvalidInput(f"a number of cards to draw is a whole number, got {self.count!r}")
        if self.count < 0 or self.count > len(self.pile):
            raise IllegalAction(
                f"cannot draw {self.count!r} cards: the draw pile holds {len(self.pile)}"
            )

    def distribution(self) -> Distribution[tuple[Card, ...]]:
        """Every ordered draw of ``count`` cards from the pile, each as likely: the exact odds a
        player is shown."""
        return Distribution.uniform(itertools.permutations(self.pile, self.count))

    @classmethod
    def _of(cls, pile: tuple[Card, ...], count: int) -> Draw:
        """A draw a :class:`Deck` asks for, ``count`` already checked against its pile."""
        draw = object.__new__(cls)
        draw.__dict__.update(pile=pile, count=count)  # both fields in one call
        return draw

    def sample(self, rng: random.Random) -> tuple[Card, ...]:
        """``rng.sample(pile, count)``, the same cards from the same generator (a test holds it
        to that for every pile size): for the draws of one or two cards the games make, the
        generator is asked for the same numbers here, without the general function's set-up."""
        pile, count = self.pile, self.count
        if count > 2 or type(rng) is not random.Random:
            return tuple(rng.sample(pile, count))
        if count == 0:
            return ()
        n = len(pile)
        bits = rng.getrandbits
        k = n.bit_length()
        first = bits(k)
        while first >= n:
            first = bits(k)
        if count == 1:
            return (pile[first],)
        if n <= _POOL_SIZE:  # random.sample's pool: the first card's place takes the last card
            left = n - 1
            k = left.bit_length()
            second = bits(k)
            while second >= left:
                second = bits(k)
            if second == first:
                second = left
        else:
            second = bits(k)  # random.sample's set: draw again until a new place comes up
            while second >= n or second == first:
                second = bits(k)
        # where in the pile they lie, for the deck that asked (Deck.draw checks them)
        self.__dict__["places"] = (first, second)
        return pile[first], pile[second]

    def check(self, outcome: object) -> tuple[Card, ...]:
        """Cards a player drew at the table, as this draw's outcome: refused unless they are
        ``count`` different cards of the pile."""
        if not isinstance(outcome, list | tuple) or len(outcome) != self.count:
            raise InvalidInput(f"expected {self.count} card codes, got {outcome!r}")
        cards = parse_cards(outcome)
        if len(set(cards)) != len(cards):
            raise InvalidInput(f"a card cannot be drawn twice in one draw, got {outcome!r}")
        missing = [str(c) for c in cards if c not in self.pile]
        if missing:
            raise IllegalAction(
                f"{', '.join(missing)} is not in the draw pile, so it cannot be drawn"
            )
        return cards

    def to_json(self, outcome: tuple[Card, ...]) -> list[str]:
        """The cards drawn as their codes, as a journey records them."""
        return [str(card) for card in outcome]

    def at_the_table(self) -> tuple[str, int]:
        """``count`` cards (:mod:`rules.table.words`)."""
        return "card", self.count


@dataclass(frozen=True)
class Deck:
    """A Story Deck: the draw pile and the discard pile. Cards elsewhere are held by the game.

    Every operation returns a new deck; none loses or duplicates a card.
    """

    #: The cards still to draw, top first.
    draw_pile: tuple[Card, ...]
    #: The cards discarded, most recent last; a shuffle puts them back.
    discard_pile: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        cards = self.draw_pile + self.discard_pile
        if len(set(cards)) != len(cards):
            raise InvalidInput(f"a card appears twice in the deck: {sorted(map(str, cards))!r}")
        object.__setattr__(self, "draw_pile", tuple(sorted(self.draw_pile, key=Card.key)))

    @classmethod
    def full(cls) -> Deck:
        """A deck of all 52 cards in a fixed order: the same seed then deals the same cards."""
        return cls(full_deck())

    @classmethod
    def _of(cls, draw_pile: tuple[Card, ...], discard_pile: tuple[Card, ...]) -> Deck:
        """A deck of piles this class made from a valid deck: the draw pile sorted, no card
        twice. Its own moves build the new deck with this, without checking again what
        :meth:`__post_init__` checked once."""
        deck = object.__new__(cls)
        deck.__dict__.update(draw_pile=draw_pile, discard_pile=discard_pile)  # in one call
        return deck

    def draw(self, count: int, chance: Source) -> tuple[tuple[Card, ...], Deck]:
        """Draw ``count`` cards through ``chance``; the cards leave the deck (the game holds them)."""
        left = self.draw_pile
        if type(count) is not int or not 0 <= count <= len(left):
            Draw(left, count)  # refuses it, in the words of the draw
        step = object.__new__(Draw)  # Draw._of, inline: the count is checked above
        step.__dict__.update(pile=left, count=count)
        cards = chance.resolve(step)
        try:  # the few cards drawn leave the sorted pile, which stays sorted
            if len(cards) == 2:  # an action's two cards: the pile cut once, not twice
                places = step.__dict__.get("places")  # where a sample drew them: no search
                if places and left[places[0]] is cards[0] and left[places[1]] is cards[1]:
                    first, second = places
                else:  # drawn at the table, replayed, or by another generator
                    first, second = left.index(cards[0]), left.index(cards[1])
                if first > second:
                    first, second = second, first
                if first != second:
                    deck = object.__new__(Deck)  # Deck._of, inline
                    deck.__dict__.update(
                        draw_pile=left[:first] + left[first + 1 : second] + left[second + 1 :],
                        discard_pile=self.discard_pile,
                    )
                    return cards, deck
            for card in cards:
                at = left.index(card)
                left = left[:at] + left[at + 1 :]
        except ValueError:
            missing = next(card for card in cards if card not in left)
            raise IllegalAction(
                f"{missing} is not in the draw pile, so it cannot be drawn"
            ) from None
        return cards, Deck._of(left, self.discard_pile)

    def discard(self, cards: Iterable[Card]) -> Deck:
        """Put cards held by the game on the discard pile."""
        cards = tuple(cards)
        here = [str(c) for c in cards if c in self.draw_pile or c in self.discard_pile]
        if here:
            raise IllegalAction(
                f"{', '.join(here)} is already in the deck, so it cannot be discarded"
            )
        if len(set(cards)) != len(cards):
            raise InvalidInput(
                f"a card appears twice in the cards discarded: {list(map(str, cards))!r}"
            )
        return Deck._of(self.draw_pile, self.discard_pile + cards)

    def discard_drawn(self, cards: tuple[Card, ...]) -> Deck:
        """Put cards drawn from this deck, and held by the game since, on the discard pile,
        without :meth:`discard`'s check that none is in the deck already: a game discarding the
        cards its own draw gave it (a card leaves the deck when drawn, and is discarded once)."""
        deck = object.__new__(Deck)  # Deck._of, inline: every action discards
        deck.__dict__.update(draw_pile=self.draw_pile, discard_pile=self.discard_pile + cards)
        return deck

    def reshuffle(self) -> Deck:
        """Shuffle the discard pile back into the draw pile."""
        pile = tuple(sorted(self.draw_pile + self.discard_pile, key=_KEYS.__getitem__))
        return Deck._of(pile, ())

    def next_distribution(self, count: int = 1) -> Distribution[tuple[Card, ...]]:
        """The exact distribution of the next ``count`` cards, given what is left."""
        return Draw(self.draw_pile, count).distribution()

    def chance_next(self, event: Callable[[Card], bool]) -> Fraction:
        """The exact chance that the next card drawn satisfies ``event``."""
        if not self.draw_pile:
            raise IllegalAction("the draw pile is empty: there is no next card")
        return Fraction(sum(map(event, self.draw_pile)), len(self.draw_pile))
