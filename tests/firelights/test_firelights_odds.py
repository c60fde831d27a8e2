"""The exact odds of Light, Shade and Darkness, from the cards actually left in the Story Deck.

Rules: "Draw 2 cards face-up from your Story Deck. Roll and sum your two Action Dice. Add any
modifiers to your roll to get your Score." A design principle: "Every chance step can report its exact outcome
distribution before it is sampled" and "compute one answer two independent ways".

The independent answer here is brute force: every ordered pair of distinct cards from the draw
pile, times every one of the 36 ordered dice outcomes, each equally likely, read by counting the
cards the score beats (a tie does not beat).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import pytest
from firelights_helpers import assert_refused, begun, play

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import (
    Ask,
    BuyInformation,
    Choose,
    Confront,
    Consult,
    Discover,
    Evade,
    Flee,
    Rest,
    Result,
    Search,
    Travel,
    action_roll,
    odds,
    odds_for,
)
from rules.record.journey import Journey
from rules.table.cards import Card, full_deck

NAMES = (Result.DARKNESS, Result.SHADE, Result.LIGHT)


def brute_force(pile: Iterable[Card], modifier: int) -> dict[Result, Fraction]:
    """Enumerate ordered card pairs x 36 dice outcomes; independent of rules.firelights."""
    pile = tuple(pile)
    counts: Counter[Result] = Counter()
    for first, second in itertools.permutations(pile, 2):
        for die1, die2 in itertools.product(range(1, 7), repeat=2):
            score = die1 + die2 + modifier
            counts[NAMES[(score > first.rank) + (score > second.rank)]] += 1
    total = len(pile) * (len(pile) - 1) * 36
    return {result: Fraction(n, total) for result, n in counts.items() if n}


@pytest.mark.parametrize("modifier", [0, 1, 2, 3, 5])
def test_odds_with_a_full_deck_equal_brute_force(modifier: int) -> None:
    """Before any card is drawn, the odds for each modifier equal the enumeration of all
    52 x 51 ordered pairs x 36 dice outcomes."""
    assert dict(action_roll.odds(full_deck(), modifier)) == brute_force(full_deck(), modifier)


def test_odds_with_a_full_deck_and_no_modifier_are_known_values() -> None:
    """A check by hand of the module's own example: Light 484/1989 with modifier 0."""
    distribution = action_roll.odds(full_deck(), 0)
    assert distribution[Result.LIGHT] == Fraction(484, 1989)
    assert sum(distribution.values()) == 1
    assert all(type(p) is Fraction for p in distribution.values())


def _depleted_journey(seed: int) -> Journey[Any, Any]:
    """A journey after some seeded plays: cards on the map, the discard pile, maybe a curse."""
    journey = begun(seed=seed)
    for action in (Discover("forceful"), Search("patient"), Confront("quick"), Ask("likely")):
        journey.play(action)
        if journey.state.pending is not None:
            options = journey.state.pending.options
            if journey.state.pending.kind == "evade":
                journey.play(Evade("forceful"))
            else:
                journey.play(Choose(options[0]))
    return journey


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(
    "action", [Confront("forceful"), Discover("patient"), Search("quick"), Ask("unlikely")]
)
def test_odds_after_some_plays_equal_brute_force_over_the_cards_left(
    seed: int, action: object
) -> None:
    """After cards have left the draw pile, rules.firelights.odds(state, action) equals brute
    force over exactly the cards left, with the action's modifier."""
    journey = _depleted_journey(seed)
    state = journey.state
    assert len(state.deck.draw_pile) < 52 - 6
    bonus = {"forceful": 2, "patient": 1, "quick": 0}.get(getattr(action, "approach", ""), 0)
    assert dict(odds(state, action)) == brute_force(state.deck.draw_pile, bonus)
    assert dict(odds_for(state, bonus)) == brute_force(state.deck.draw_pile, bonus)


def test_buy_information_odds_use_the_treasures_spent() -> None:
    """ "Action+Treasures": the odds of Buy Information use the number of treasures spent."""
    journey = begun()
    play(journey, Search("forceful"), ["2H", "3H"], [5, 5])
    play(journey, Search("forceful"), ["2C", "3C"], [5, 5])
    pile = journey.state.deck.draw_pile
    for spend in (1, 2, 3, 4):
        assert dict(odds(journey.state, BuyInformation(spend))) == brute_force(pile, spend)


def test_oracle_odds_use_the_likelihood() -> None:
    """ "Action+2 if likely. Action+0 if unlikely. Action+1 otherwise." """
    journey = begun()
    pile = journey.state.deck.draw_pile
    for likelihood, bonus in (("likely", 2), ("even", 1), ("unlikely", 0)):
        assert dict(odds(journey.state, Ask(likelihood))) == brute_force(pile, bonus)


def test_the_odds_depend_on_the_cards_actually_left() -> None:
    """Two journeys with the same number of cards left but different cards have different odds:
    after the high cards have gone to the map, Light is likelier than after the low ones have."""
    high, low = begun("KC"), begun("AC")
    for pair in (["KD", "KH"], ["KS", "QC"], ["QD", "QH"], ["QS", "JC"], ["JD", "JH"]):
        play(high, Discover("forceful"), pair, [6, 6])  # 14 beats both: Light, both on the map
    for pair in (["AD", "AH"], ["AS", "2C"], ["2D", "2H"], ["2S", "3C"], ["3D", "3H"]):
        play(low, Discover("forceful"), pair, [6, 6])
    assert len(high.state.deck.draw_pile) == len(low.state.deck.draw_pile) == 41
    action = Confront("forceful")
    odds_high, odds_low = odds(high.state, action), odds(low.state, action)
    assert odds_high[Result.LIGHT] > action_roll.odds(full_deck(), 2)[Result.LIGHT]
    assert odds_high[Result.LIGHT] > odds_low[Result.LIGHT]
    assert dict(odds_high) == brute_force(high.state.deck.draw_pile, 2)
    assert dict(odds_low) == brute_force(low.state.deck.draw_pile, 2)


def test_the_odds_with_two_cards_left_are_exact() -> None:
    """With only two cards left, the draw is certain: the odds are the dice alone."""
    pile = (Card.parse("7H"), Card.parse("9S"))
    got = action_roll.odds(pile, 0)
    # Light: 2d6 > 9 (6/36); Shade: 8 or 9 (9/36); Darkness: 7 or less (21/36).
    assert dict(got) == {
        Result.LIGHT: Fraction(6, 36),
        Result.SHADE: Fraction(9, 36),
        Result.DARKNESS: Fraction(21, 36),
    }
    assert dict(got) == brute_force(pile, 0)


def test_odds_need_two_cards_in_the_draw_pile() -> None:
    """ "Draw 2 cards face-up from your Story Deck": with fewer than two left there are no odds."""
    with pytest.raises(IllegalAction, match="at least two cards"):
        action_roll.odds((Card.parse("7H"),), 0)


@pytest.mark.parametrize("move", [Rest(), Travel((0, 0)), Choose("QS"), Flee(), Consult("region")])
def test_only_actions_have_odds(move: Any) -> None:
    """ "Each Action is formatted Actions+(Modifier)": the moves around the Actions (rest, travel,
    a choice, flee, the tables) draw no two cards, so asking their odds is refused by name."""
    journey = begun()
    assert_refused(InvalidInput, repr(move), lambda: odds(journey.state, move))
