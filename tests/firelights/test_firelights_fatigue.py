"""Resting and Fatigue: the 5-box track, an exhausted Firelight, resting, pushing on.

Rules (seed 000, "Resting and Fatigue"): "When your fatigue is full or your Story Deck empty, you
have to rest or flee to live another day, or risk extinguishing your light. When you rest, fill an
entry in your Journey Book, shuffle the cards you discarded when making Actions in your journey,
and clear your Fatigue." RULES-NOTES: the track has 5 boxes; house rules "If the deck holds fewer
cards than an action needs, the player must rest (or flee) first." and "Fatigue full or deck
empty: only Rest and Flee are offered. Option "push on": the player may act anyway, and any
Fatigue that would be marked past full extinguishes the light (the journey ends)."
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from firelights_helpers import assert_refused, begun, frozen, play, where

from rules.cards import Card
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import (
    FATIGUE_BOXES,
    Ask,
    Begin,
    BuyInformation,
    Choose,
    Confront,
    Discover,
    Evade,
    Fight,
    Flee,
    Rest,
    Search,
    Travel,
    available,
    locations,
)
from rules.journey import Journey

HIGH_PAIRS = [["KH", "KS"], ["KD", "KC"], ["QH", "QS"], ["QD", "QC"], ["JH", "JS"], ["JD", "JC"]]


def tire(journey: Journey[Any, Any], boxes: int) -> None:
    """Mark ``boxes`` Fatigue with Confront Risk setbacks (Darkness, 1 Fatigue each)."""
    pairs = iter(
        pair for pair in HIGH_PAIRS if all(where(journey.state, c) == "draw pile" for c in pair)
    )
    for _ in range(boxes):
        play(journey, Confront("forceful"), next(pairs), [1, 1])


def empty_deck() -> Journey[Any, Any]:
    """A journey whose draw pile is empty, the discarded cards waiting to be shuffled back.

    Begin (1 card on the map) and a Discover on Shade (1 more) leave 50 cards after a rest; 25
    Oracle questions (which mark no Fatigue) then draw them all.
    """
    journey = begun("5C")
    play(journey, Discover("forceful"), ["7H", "KS"], [3, 3])
    play(journey, Choose("7H"))
    play(journey, Rest("Found a river."))
    assert len(journey.state.deck.draw_pile) == 50
    while journey.state.deck.draw_pile:
        journey.play(Ask("even"))
    assert journey.state.fatigue == 0
    return journey


def test_the_fatigue_track_has_5_boxes() -> None:
    """RULES-NOTES: "The Fatigue track has 5 boxes; full means all 5 marked." """
    assert FATIGUE_BOXES == 5
    journey = begun()
    tire(journey, 4)
    assert not journey.state.fatigue_full
    assert "discover" in available(journey.state)
    tire(journey, 1)
    assert journey.state.fatigue == 5 and journey.state.fatigue_full
    assert "your Fatigue is full: rest or flee" in journey.last.lines[-1]


def test_when_your_fatigue_is_full_you_have_to_rest_or_flee() -> None:
    """ "When your fatigue is full [...] you have to rest or flee": only Rest (and Flee, when a
    Curse is onto you) are offered."""
    journey = begun()
    tire(journey, 5)
    assert [k for k in available(journey.state) if k not in ("consult", "slip")] == ["rest"]
    journey = begun()
    play(journey, Fight("forceful", "Talon"), ["2C", "3C"], [6, 6])
    tire(journey, 5)
    assert [k for k in available(journey.state) if k not in ("consult", "slip")] == ["rest", "flee"]


@pytest.mark.parametrize(
    "action",
    [
        Confront("forceful"),
        Search("forceful"),
        BuyInformation(1),
        Discover("forceful"),
        Fight("forceful", "Hollow"),
        Evade("forceful"),
        Ask("even"),
        Travel((-1, 1)),
    ],
    ids=lambda action: action.kind,
)
def test_when_your_fatigue_is_full_other_actions_are_refused_naming_why(action: Any) -> None:
    """ "When your fatigue is full [...] you have to rest or flee to live another day": every other
    action is refused with IllegalAction saying why, and nothing changes."""
    journey = begun("5C")
    play(journey, Search("forceful"), ["2C", "3C"], [6, 6])  # a treasure to spend
    play(journey, Discover("forceful"), ["9C", "4C"], [6, 6])  # a region to travel to
    tire(journey, 5)
    before = frozen(journey)
    assert_refused(
        IllegalAction,
        f"{action.title} is not possible now: your Fatigue is full: rest or flee",
        lambda: journey.play(action),
    )
    assert frozen(journey) == before


def test_when_your_story_deck_is_empty_you_have_to_rest_or_flee() -> None:
    """ "When your fatigue is full or your Story Deck empty, you have to rest or flee": with an
    empty draw pile only Rest is offered and any other action is refused, naming why."""
    journey = empty_deck()
    assert journey.state.exhausted
    assert [k for k in available(journey.state) if k not in ("consult", "slip")] == ["rest"]
    before = frozen(journey)
    assert_refused(
        IllegalAction, "your Story Deck is empty: rest or flee", lambda: journey.play(Ask("even"))
    )
    assert frozen(journey) == before
    play(journey, Rest())
    assert len(journey.state.deck.draw_pile) == 50


def test_an_action_needing_2_cards_with_1_left_is_refused_rest_first() -> None:
    """House rule: "If the deck holds fewer cards than an action needs, the player must rest (or
    flee) first." With one card left, the Actions are not offered; travel and rest still are."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["9C", "4C"], [6, 6])
    while len(journey.state.deck.draw_pile) >= 2:
        journey.play(Ask("even"))
    state = journey.state
    assert len(state.deck.draw_pile) == 1 and not state.exhausted
    assert [k for k in available(state) if k not in ("consult", "slip")] == ["travel", "rest"]
    before = frozen(journey)
    assert_refused(
        IllegalAction,
        "the Story Deck holds 1 card(s) and an action draws 2: rest first",
        lambda: journey.play(Discover("forceful")),
    )
    assert frozen(journey) == before
    play(journey, Rest())
    assert "discover" in available(journey.state)


def test_when_you_rest_fill_an_entry_in_your_journey_book() -> None:
    """ "When you rest, fill an entry in your Journey Book" — each rest adds its entry, in order."""
    journey = begun()
    play(journey, Rest("Slept under the roots of the old oak."))
    play(journey, Rest("Dreamt of the Veil."))
    assert journey.state.book == ("Slept under the roots of the old oak.", "Dreamt of the Veil.")
    assert "you rest" in journey.last.lines[0]
    assert "Journey Book: Dreamt of the Veil." in journey.last.lines  # so the book's export has it


def test_when_you_rest_shuffle_the_cards_you_discarded() -> None:
    """ "shuffle the cards you discarded when making Actions in your journey": the discard pile goes
    back into the draw pile; the cards on the map, under a hidden path and in a curse stack stay
    (RULES-NOTES: "Resting reshuffles only the discard pile")."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["9C", "4C"], [6, 6])  # map
    play(journey, Discover("forceful"), ["QS", "KD"], [1, 1])  # Darkness: hide one
    play(journey, Choose("QS"))
    play(journey, Fight("forceful", "Talon"), ["2H", "3S"], [6, 6])  # a stack
    play(journey, Ask("even"), ["6D", "7D"], [3, 3])  # discarded
    before = {str(card): place for card, place in _places(journey).items() if place != "draw pile"}
    assert {c for c, p in before.items() if p == "discard pile"} == {"KD", "6D", "7D"}
    play(journey, Rest())
    after = {str(card): place for card, place in _places(journey).items() if place != "draw pile"}
    assert after == {c: p for c, p in before.items() if p != "discard pile"}
    assert journey.state.deck.discard_pile == ()
    assert len(journey.state.deck.draw_pile) == 52 - 6
    assert after["QS"] == "hidden path" and after["2H"] == "Talon stack" and after["9C"] == "map"


def test_when_you_rest_clear_your_fatigue() -> None:
    """ "and clear your Fatigue." """
    journey = begun()
    tire(journey, 5)
    play(journey, Rest())
    assert journey.state.fatigue == 0
    assert "discover" in available(journey.state)


def test_flee_is_offered_when_fatigue_is_full_and_keeps_you_tired() -> None:
    """ "you have to rest or flee to live another day": fleeing from the Curse is allowed with full
    Fatigue; it clears no Fatigue (only resting does)."""
    journey = begun()
    play(journey, Fight("forceful", "Hollow"), ["2C", "3C"], [6, 6])
    tire(journey, 5)
    play(journey, Flee())
    assert journey.state.facing is None and journey.state.fatigue == 5
    assert [k for k in available(journey.state) if k not in ("consult", "slip")] == ["rest"]


def test_without_push_on_fatigue_stops_at_5() -> None:
    """ "The Fatigue track has 5 boxes": Fatigue marked beyond the last box is lost, and without
    the push-on option the light does not go out. (At 4, a forced Evade on Darkness marks 2.)"""
    journey = begun()
    tire(journey, 4)
    play(journey, Fight("forceful", "Talon"), ["JD", "JC"], [1, 1])
    play(journey, Evade("forceful"), ["JH", "JS"], [1, 1])
    assert journey.state.fatigue == 5
    assert journey.state.status == "playing"


def test_push_on_lets_you_act_with_full_fatigue() -> None:
    """House rule option "push on": "the player may act anyway" when Fatigue is full."""
    journey = begun(push_on=True)
    tire(journey, 5)
    assert {"confront", "discover", "search", "ask", "rest"} <= set(available(journey.state))
    play(journey, Discover("forceful"), ["2D", "3D"], [6, 6])
    assert journey.state.status == "playing"
    assert len(journey.state.world.regions) == 3


def test_push_on_fatigue_past_full_extinguishes_the_light() -> None:
    """House rule: "any Fatigue that would be marked past full extinguishes the light (the journey
    ends)". Nothing can be done afterwards."""
    journey = begun(push_on=True)
    tire(journey, 5)
    play(journey, Confront("forceful"), ["JD", "JC"], [1, 1])
    assert journey.state.status == "extinguished" and journey.state.over
    assert "your light is extinguished" in journey.last.lines[-1]
    assert set(available(journey.state)) <= {"consult", "slip"}
    assert_refused(
        IllegalAction, "the journey is over (extinguished)", lambda: journey.play(Rest())
    )


def test_push_on_two_fatigue_from_four_is_past_full() -> None:
    """House rule: "any Fatigue that would be marked past full extinguishes the light": at 4,
    Evade Danger on Darkness would mark a sixth box."""
    journey = begun(push_on=True)
    tire(journey, 4)
    play(journey, Fight("forceful", "Talon"), ["JD", "JC"], [1, 1])
    play(journey, Evade("forceful"), ["JH", "JS"], [1, 1])
    assert journey.state.status == "extinguished"


def test_push_on_filling_the_last_box_is_not_past_full() -> None:
    """House rule: only Fatigue "marked past full" puts the light out; filling the fifth box
    does not."""
    journey = begun(push_on=True)
    tire(journey, 5)
    assert journey.state.status == "playing"


def test_push_on_cannot_make_an_action_without_cards() -> None:
    """ "or your Story Deck empty": pushing on, the Actions still need two cards to draw; with
    none left only moves without cards (travel, rest) are offered."""
    journey = empty_deck()
    pushed = Journey.from_json({**journey.to_json(), "options": {"push_on": True}})
    assert pushed.state == replace(journey.state, push_on=True)
    assert [k for k in available(pushed.state) if k not in ("consult", "slip")] == [
        "travel",
        "rest",
    ]


def test_push_on_is_the_only_firelights_option() -> None:
    """Firelights options are named: an unknown one is refused by name."""
    assert_refused(InvalidInput, "['fast']", lambda: Journey.start("firelights", 1, {"fast": True}))


def test_too_few_cards_left_for_any_action_puts_the_light_out() -> None:
    """House rule in rules/firelights/game.py: "when the draw and discard piles together hold
    fewer than two cards, no action can ever be made again (the rest lie on the map and the
    curses): the light goes out." 25 Discoveries on Light put 51 cards on the map."""
    journey = begun("5C")
    for _ in range(25):
        pair = [str(card) for card in journey.state.deck.draw_pile[:2]]
        play(journey, Discover("forceful"), pair, [6, 6])
    state = journey.state
    assert len(state.world.regions) == 51
    assert state.status == "extinguished"
    assert "too few cards are left" in journey.last.lines[-1]


def _places(journey: Journey[Any, Any]) -> dict[Card, str]:
    return locations(journey.state)


def test_push_on_is_chosen_when_the_firelight_is_created() -> None:
    """House rule option "push on": the player turns it on with Begin, and the record keeps it."""
    journey = Journey.start("firelights", 0)
    journey.play(Begin("Wick", "they/them", 2, 1, 0, push_on=True), [["5C"]])
    assert journey.state.push_on
    assert "push on (house rule)" in " ".join(journey.last.lines)
    assert Journey.from_json(journey.to_json()).state.push_on


def test_push_on_must_be_true_or_false() -> None:
    """A malformed option is refused naming it, and the journey does not begin."""
    journey = Journey.start("firelights", 0)
    assert_refused(
        InvalidInput,
        "'yes'",
        lambda: journey.play(Begin("Wick", "", 2, 1, 0, push_on="yes")),  # type: ignore[arg-type]
    )
    assert journey.state.character is None
