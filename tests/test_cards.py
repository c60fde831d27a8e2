"""The Story Deck: 52 cards, their values, codes, exact odds of the next card, and deck moves.

Firelights: "A standard deck of cards without any jokers. [...] This is your Story Deck. When you
use a card, discard it." and "Aces are worth 1, Jacks are worth 11, Queens are worth 12, and Kings
are worth 13."
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalAction, InvalidInput
from rules.table.cards import FACES, Card, Colour, Deck, Draw, Suit, codes, full_deck
from rules.table.chance import Chance, Recording, Replay, Source, Supplied

CODES = [
    f"{rank}{suit}" for rank in ["A", *map(str, range(2, 11)), "J", "Q", "K"] for suit in "CDHS"
]


def assert_refused(error: type[Exception], value: object, call: Callable[[], object]) -> None:
    """``call()`` raises exactly ``error`` (no subclass); the message names ``repr(value)``."""
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    assert repr(value) in str(caught.value)


def is_face(card: Card) -> bool:
    return card.is_face


# --- the 52 cards --------------------------------------------------------------------------------


def test_a_standard_deck_without_jokers_has_52_distinct_cards() -> None:
    """Firelights: "A standard deck of cards without any jokers": 13 ranks in each of 4 suits."""
    cards = full_deck()
    assert len(cards) == len(set(cards)) == 52
    assert Counter(card.suit for card in cards) == {suit: 13 for suit in Suit}
    assert Counter(card.rank for card in cards) == {rank: 4 for rank in range(1, 14)}
    assert sorted(map(str, cards)) == sorted(CODES)
    assert set(Deck.full().draw_pile) == set(cards)
    assert Deck.full().discard_pile == ()


def test_aces_are_1_jacks_11_queens_12_kings_13() -> None:
    """Firelights: "Aces are worth 1, Jacks are worth 11, Queens are worth 12, and Kings are
    worth 13."
    """
    assert {code: Card.parse(code + "S").rank for code in "AJQK"} == {
        "A": 1,
        "J": 11,
        "Q": 12,
        "K": 13,
    }
    for rank in range(2, 11):
        assert Card.parse(f"{rank}H").rank == rank


def test_hearts_and_diamonds_are_red_clubs_and_spades_black() -> None:
    assert {suit: suit.colour for suit in Suit} == {
        Suit.HEARTS: Colour.RED,
        Suit.DIAMONDS: Colour.RED,
        Suit.CLUBS: Colour.BLACK,
        Suit.SPADES: Colour.BLACK,
    }
    assert Counter(card.colour for card in full_deck()) == {Colour.RED: 26, Colour.BLACK: 26}


def test_the_face_cards_are_the_jacks_queens_and_kings() -> None:
    faces = [card for card in full_deck() if card.is_face]
    assert len(faces) == 12 and frozenset(faces) == FACES
    assert {card.rank_name for card in faces} == {"J", "Q", "K"}
    assert not Card.parse("AS").is_face
    assert not Card.parse("10D").is_face


@pytest.mark.parametrize("code", CODES)
def test_every_card_parses_from_and_prints_to_its_code(code: str) -> None:
    card = Card.parse(code)
    assert str(card) == code
    assert Card.parse(str(card)) is card and codes([card, card]) == (str(card), str(card))
    assert Card.parse(code.lower()) == card
    assert Card.parse(card.label) == card  # the suit symbol works too: "Q♥"
    assert eval(repr(card), {"Card": Card, "Suit": Suit}) == card


def test_a_deck_repr_round_trips() -> None:
    """Value objects are dataclasses whose repr round-trips (as python-chess's do)."""
    held, deck = Deck.full().draw(3, Chance(seed=2))
    deck = deck.discard(held[:2])
    assert eval(repr(deck), {"Card": Card, "Suit": Suit, "Deck": Deck}) == deck


@pytest.mark.parametrize(
    "code", ["XZ", "", "Q", "14H", "0S", "QX", "JK", "QHH", "10", 12, None, ("Q", "H")]
)
def test_a_bad_card_code_is_refused_by_name(code: object) -> None:
    """Errors name the bad input (a design principle): "JK" (a joker) is no card of this deck."""
    assert_refused(InvalidInput, code, lambda: Card.parse(code))


@pytest.mark.parametrize("rank", [0, 14, True, "Q"])
def test_a_card_rank_is_1_to_13(rank: object) -> None:
    assert_refused(InvalidInput, rank, lambda: Card(rank, Suit.SPADES))  # type: ignore[arg-type]


# --- exact odds of the next card -----------------------------------------------------------------


def test_the_next_card_is_a_face_card_3_times_in_13_from_a_full_deck() -> None:
    """12 face cards among 52: 12/52 = 3/13, computed two ways."""
    deck = Deck.full()
    assert deck.chance_next(is_face) == Fraction(12, 52) == Fraction(3, 13)
    assert deck.next_distribution(1).probability(lambda cards: cards[0].is_face) == Fraction(3, 13)


def test_the_odds_of_the_next_card_follow_the_cards_already_drawn() -> None:
    """After the King of Hearts and Queen of Spades are drawn, 10 face cards remain among 50."""
    held, deck = Deck.full().draw(2, Supplied([["KH", "QS"]]))
    assert held == (Card.parse("KH"), Card.parse("QS"))
    assert len(deck.draw_pile) == 50
    assert deck.chance_next(is_face) == Fraction(10, 50) == Fraction(1, 5)
    assert deck.next_distribution(1).probability(lambda cards: cards[0].is_face) == Fraction(1, 5)


def test_the_next_two_cards_have_52_times_51_equally_likely_orders() -> None:
    distribution = Deck.full().next_distribution(2)
    assert len(distribution) == 52 * 51
    assert sum(distribution.values()) == 1
    assert set(distribution.values()) == {Fraction(1, 52 * 51)}
    # Both face cards: 12/52 * 11/51, by the product rule.
    both = distribution.probability(lambda cards: cards[0].is_face and cards[1].is_face)
    assert both == Fraction(12, 52) * Fraction(11, 51)


def test_there_is_no_next_card_in_an_empty_draw_pile() -> None:
    with pytest.raises(IllegalAction):
        Deck(()).chance_next(is_face)


# --- moves: draw, discard, reshuffle -------------------------------------------------------------


def test_drawing_more_cards_than_the_pile_holds_is_illegal_and_changes_nothing() -> None:
    """House rule: if the deck holds fewer cards than an action needs, the player must rest."""
    deck = Deck(tuple(Card.parse(code) for code in ["AS", "2S", "3S"]))
    chance = Chance(seed=1)
    with pytest.raises(IllegalAction) as caught:
        deck.draw(4, chance)
    assert type(caught.value) is IllegalAction
    assert "4" in str(caught.value) and "3" in str(caught.value)
    assert deck == Deck(tuple(Card.parse(code) for code in ["AS", "2S", "3S"]))
    assert chance.steps == 0


def test_a_supplied_card_must_still_be_in_the_draw_pile() -> None:
    _, deck = Deck.full().draw(1, Supplied([["KH"]]))
    with pytest.raises(IllegalAction) as caught:
        deck.draw(1, Supplied([["KH"]]))
    assert "KH" in str(caught.value)


@pytest.mark.parametrize("where", ["draw pile", "discard pile"])
def test_discarding_a_card_already_in_the_deck_is_illegal_and_changes_nothing(where: str) -> None:
    held, deck = Deck.full().draw(2, Supplied([["KH", "QS"]]))
    deck = deck.discard([held[0]])  # KH on the discard pile
    before = deck
    card = Card.parse("KH") if where == "discard pile" else Card.parse("2C")
    with pytest.raises(IllegalAction) as caught:
        deck.discard([held[1], card])
    assert type(caught.value) is IllegalAction
    assert str(card) in str(caught.value)
    assert deck == before
    assert deck.discard_pile == (Card.parse("KH"),)


def test_resting_reshuffles_the_discard_pile_into_the_draw_pile() -> None:
    """RULES-NOTES: "Resting reshuffles only the discard pile": held cards stay where they are."""
    held, deck = Deck.full().draw(5, Chance(seed=4))
    deck = deck.discard(held[:3])
    reshuffled = deck.reshuffle()
    assert reshuffled.discard_pile == ()
    assert set(reshuffled.draw_pile) == set(deck.draw_pile) | set(held[:3])
    assert len(reshuffled.draw_pile) == 50
    assert not set(held[3:]) & set(reshuffled.draw_pile)


def test_a_card_cannot_be_in_both_piles() -> None:
    card = Card.parse("AS")
    with pytest.raises(InvalidInput):
        Deck((card,), (card,))


def test_draw_order_is_kept_and_every_order_is_equally_likely() -> None:
    pile = tuple(Card.parse(code) for code in ["AS", "2S", "3S"])
    distribution = Draw(pile, 2).distribution()
    assert set(distribution) == set(itertools.permutations(pile, 2))
    assert set(distribution.values()) == {Fraction(1, 6)}


# --- random sequences of moves -------------------------------------------------------------------

Move = tuple[str, int]
MOVES = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(0, 8)),
        st.tuples(st.just("discard"), st.integers(0, 8)),
        st.tuples(st.just("reshuffle"), st.just(0)),
    ),
    max_size=40,
)


def play(moves: list[Move], chance: Source, check: bool = False) -> tuple[Deck, tuple[Card, ...]]:
    """Run ``moves`` from a full deck; draws larger than the pile draw what is left."""
    deck = Deck.full()
    held: tuple[Card, ...] = ()
    for kind, amount in moves:
        if kind == "draw":
            cards, deck = deck.draw(min(amount, len(deck.draw_pile)), chance)
            held += cards
        elif kind == "discard":
            deck, held = deck.discard(held[:amount]), held[amount:]
        else:
            deck = deck.reshuffle()
        if check:
            assert_every_card_in_exactly_one_place(deck, held)
    return deck, held


def assert_every_card_in_exactly_one_place(deck: Deck, held: tuple[Card, ...]) -> None:
    places = deck.draw_pile + deck.discard_pile + held
    assert Counter(places) == Counter(full_deck())


@settings(max_examples=60, database=None, deadline=None)
@given(seed=st.integers(0, 2**32), moves=MOVES)
def test_no_sequence_of_moves_loses_or_duplicates_a_card(seed: int, moves: list[Move]) -> None:
    """Deck: "Every operation returns a new deck; none loses or duplicates a card": after every
    step each of the 52 cards is in exactly one place (draw pile, discard pile, held by the game).
    Replaying the recorded outcomes, or the same seed again, gives the same final deck."""
    recording = Recording(Chance(seed))
    final = play(moves, recording, check=True)
    assert play(moves, Replay(list(recording.outcomes))) == final
    assert play(moves, Chance(seed)) == final


def test_a_draw_samples_the_cards_random_sample_would_from_the_same_generator() -> None:
    """Every ordered selection equally likely, the same cards from the same seed as before: a
    draw of one or two cards asks the generator for what ``random.sample`` asks, so every
    recorded journey plays the same (each pile size, both of its ways of sampling)."""
    deck = full_deck()
    for size in range(53):
        for count in range(min(size, 4) + 1):
            draw = Draw(deck[:size], count)
            for seed in range(40):
                ours, stdlib = random.Random(seed), random.Random(seed)
                assert draw.sample(ours) == tuple(stdlib.sample(deck[:size], count))
                assert ours.getstate() == stdlib.getstate()  # no more numbers asked for


def test_a_sampled_draw_leaves_the_deck_a_draw_at_the_table_leaves() -> None:
    """A sample tells the deck where it drew the cards (no search of the pile): the same cards
    and the same deck as the cards typed at the table, every pile size, from both generators."""
    from rules.table.chance import FastChance

    for size in range(2, 53):
        deck = Deck(full_deck()[:size], full_deck()[size:])
        for seed in range(30):
            for sampled in (FastChance(seed), Chance(seed)):
                cards, after = deck.draw(2, sampled)
                typed = Supplied([[str(card) for card in cards]])
                assert deck.draw(2, typed) == (cards, after)
                assert after.discard_pile == deck.discard_pile
                assert after.draw_pile == tuple(c for c in deck.draw_pile if c not in cards)


@pytest.mark.parametrize("count", ["2", 2.0, True, None])
def test_a_number_of_cards_to_draw_that_is_not_a_whole_number_is_refused_in_words(
    count: object,
) -> None:
    with pytest.raises(InvalidInput, match="a number of cards to draw is a whole number"):
        Deck.full().draw(count, Chance(1))  # type: ignore[arg-type]
