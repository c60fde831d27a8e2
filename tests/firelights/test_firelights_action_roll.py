"""Making an Action: two cards against the sum of 2d6 plus a modifier; then discard the cards.

Rules (seed 000, "Making An Action"): "Draw 2 cards face-up from your Story Deck. Roll and sum
your two Action Dice. Add any modifiers to your roll to get your Score. Interpret the result as
follows, then discard the cards." RULES-NOTES: "A score equal to a card does not beat it".
"""

from __future__ import annotations

import pytest
from firelights_helpers import begun, play, where
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.firelights import (
    Ask,
    BuyInformation,
    Confront,
    Discover,
    Evade,
    Fight,
    Result,
    Search,
    read,
)
from rules.table.cards import Card, Suit

LIGHT, SHADE, DARKNESS = Result.LIGHT, Result.SHADE, Result.DARKNESS


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


# --- Light, Shade, Darkness ------------------------------------------------------------------------


def test_score_higher_than_both_cards_is_light() -> None:
    """ "If your score is higher than both cards, there’s Light." """
    assert read(10, cards("9H", "2S")) is LIGHT
    journey = begun()
    report = play(journey, Confront("forceful"), ["9H", "2S"], [4, 4])  # 4+4+2 = 10
    assert (report.score, report.result) == (10, LIGHT)


def test_score_higher_than_one_card_is_shade() -> None:
    """ "If your score is higher than one card, there’s Shade." """
    assert read(10, cards("JH", "2S")) is SHADE
    assert read(10, cards("2S", "JH")) is SHADE  # the order of the cards does not matter
    journey = begun()
    report = play(journey, Confront("forceful"), ["JH", "2S"], [4, 4])
    assert (report.score, report.result) == (10, SHADE)


def test_otherwise_there_is_darkness() -> None:
    """ "Otherwise, there’s Darkness." A score beating neither card is Darkness."""
    assert read(10, cards("JH", "KS")) is DARKNESS
    journey = begun()
    report = play(journey, Confront("forceful"), ["JH", "KS"], [4, 4])
    assert (report.score, report.result) == (10, DARKNESS)


def test_a_tie_does_not_beat_a_card() -> None:
    """ "If your score is higher than..." (RULES-NOTES: "A score equal to a card does not beat it:
    beat one and tie the other = Shade.")"""
    assert read(9, cards("9H", "2S")) is SHADE
    assert read(9, cards("9H", "9S")) is DARKNESS
    assert read(9, cards("9H", "10S")) is DARKNESS
    journey = begun()
    report = play(journey, Confront("forceful"), ["9H", "2S"], [3, 4])  # 3+4+2 = 9
    assert (report.score, report.result) == (9, SHADE)


def test_aces_are_worth_1() -> None:
    """ "Aces are worth 1" — the lowest card: a score of 2 beats two Aces, 1 beats none."""
    assert read(2, cards("AH", "AS")) is LIGHT
    assert read(1, cards("AH", "2S")) is DARKNESS
    journey = begun()
    report = play(journey, Confront("quick"), ["AH", "AS"], [1, 1])  # 1+1+0 = 2
    assert report.result is LIGHT


def test_jacks_are_worth_11() -> None:
    """ "Jacks are worth 11" """
    assert read(11, cards("JH", "10S")) is SHADE
    assert read(12, cards("JH", "JS")) is LIGHT


def test_queens_are_worth_12() -> None:
    """ "Queens are worth 12" """
    assert read(12, cards("QH", "JS")) is SHADE
    assert read(13, cards("QH", "QS")) is LIGHT


def test_kings_are_worth_13() -> None:
    """ "and Kings are worth 13." Only a score of 14 (6+6+2) beats a King."""
    assert read(13, cards("KH", "QS")) is SHADE
    assert read(14, cards("KH", "KS")) is LIGHT
    journey = begun()
    assert play(journey, Confront("forceful"), ["KH", "KS"], [6, 6]).result is LIGHT


def test_number_cards_are_worth_their_number() -> None:
    """A standard deck: the cards 2 to 10 are worth the number printed on them."""
    for rank in range(2, 11):
        assert read(rank, cards(f"{rank}H", "AS")) is SHADE
        assert read(rank + 1, cards(f"{rank}H", "AS")) is LIGHT


@settings(database=None, derandomize=True)
@given(score=st.integers(-5, 30), first=st.integers(1, 13), second=st.integers(1, 13))
def test_a_higher_score_never_reads_worse(score: int, first: int, second: int) -> None:
    """ "If your score is higher than both cards, there’s Light. If your score is higher than one
    card, there’s Shade. Otherwise, there’s Darkness." Raising the score never lowers the result,
    and the result counts exactly the cards beaten."""
    pair = (Card(first, Suit.HEARTS), Card(second, Suit.SPADES))
    order = [DARKNESS, SHADE, LIGHT]
    beaten = (score > first) + (score > second)
    assert read(score, pair) is order[beaten]
    assert order.index(read(score + 1, pair)) >= order.index(read(score, pair))


# --- modifiers -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("approach", "score", "result"),
    [("quick", 7, DARKNESS), ("patient", 8, SHADE), ("forceful", 9, LIGHT)],
)
def test_add_any_modifiers_to_your_roll_to_get_your_score(
    approach: str, score: int, result: Result
) -> None:
    """ "Add any modifiers to your roll to get your Score." With forceful +2, patient +1, quick 0,
    the same cards (7, 8) and dice (3+4) read Darkness (7 ties the 7), Shade, then Light."""
    journey = begun(forceful=2, patient=1, quick=0)
    report = play(journey, Confront(approach), ["7H", "8S"], [3, 4])
    assert report.dice == (3, 4)
    assert (report.modifier, report.score, report.result) == (score - 7, score, result)


def test_buy_information_adds_the_treasures_spent() -> None:
    """ "decide on a number of Treasures to expend, and Action+Treasures." """
    journey = begun()
    play(journey, Search("forceful"), ["2H", "3H"], [5, 5])  # Light: 2 treasures
    report = play(journey, BuyInformation(2), ["9C", "10C"], [4, 4])  # 4+4+2 = 10
    assert (report.modifier, report.score, report.result) == (2, 10, SHADE)


@pytest.mark.parametrize(
    ("likelihood", "bonus", "result"),
    [("likely", 2, LIGHT), ("even", 1, SHADE), ("unlikely", 0, DARKNESS)],
)
def test_oracle_adds_2_if_likely_1_otherwise_0_if_unlikely(
    likelihood: str, bonus: int, result: Result
) -> None:
    """ "Action+2 if likely. Action+0 if unlikely. Action+1 otherwise." The same cards (6, 7) and
    dice (3+3) read Light, Shade and Darkness."""
    journey = begun()
    report = play(journey, Ask(likelihood, "Is the bridge safe?"), ["6H", "7S"], [3, 3])
    assert (report.modifier, report.score, report.result) == (bonus, 6 + bonus, result)


def test_the_report_prints_the_mechanics_for_the_journey_book() -> None:
    """The Journey Book line names the action, modifier, cards, dice, score and result."""
    journey = begun()
    report = play(journey, Discover("forceful"), ["7H", "QS"], [4, 5])
    assert report.mechanics().startswith("Discover a Region +2: 7♥ Q♠ vs 4+5+2 = 11: Shade")


# --- then discard the cards ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "dice"),
    [
        (Confront("forceful"), [6, 6]),
        (Confront("forceful"), [1, 1]),
        (Search("forceful"), [6, 6]),
        (Search("forceful"), [3, 3]),
        (Ask("even"), [1, 1]),
        (Evade("forceful"), [6, 6]),
        (Evade("forceful"), [1, 1]),
        (Fight("forceful", "Talon"), [1, 1]),
    ],
    ids=lambda value: getattr(value, "kind", str(value)),
)
def test_then_discard_the_cards(action: object, dice: list[int]) -> None:
    """ "Interpret the result as follows, then discard the cards." and "When you use a card,
    discard it." Unless the action puts them on the map or a curse, both cards are discarded."""
    journey = begun()
    play(journey, action, ["4H", "9S"], dice)
    assert where(journey.state, "4H") == where(journey.state, "9S") == "discard pile"
    assert journey.state.deck.discard_pile == cards("4H", "9S")


def test_buy_information_discards_its_cards() -> None:
    """ "Interpret the result as follows, then discard the cards." (Buy Information)"""
    journey = begun()
    play(journey, Search("forceful"), ["2H", "3H"], [5, 5])
    play(journey, BuyInformation(1), ["4H", "9S"], [6, 6])
    assert {where(journey.state, c) for c in ("2H", "3H", "4H", "9S")} == {"discard pile"}


def test_cards_the_action_places_are_not_discarded() -> None:
    """Discover a Region puts cards "to your map" and Fight a Curse "on the curse": those cards
    leave the Story Deck for the map or the stack instead of the discard pile."""
    journey = begun()
    play(journey, Discover("forceful"), ["2H", "3D"], [6, 6])
    play(journey, Fight("forceful", "Talon"), ["4H", "4D"], [6, 6])
    state = journey.state
    assert [where(state, c) for c in ("2H", "3D", "4H", "4D")] == ["map"] * 2 + ["Talon stack"] * 2
    assert state.deck.discard_pile == ()
