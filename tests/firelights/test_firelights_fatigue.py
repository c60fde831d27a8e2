"""Resting and Fatigue: the 5-box track, an exhausted Firelight, resting, pushing on.

Rules (seed 000, "Resting and Fatigue"): "When your fatigue is full or your Story Deck empty, you
have to rest or flee to live another day, or risk extinguishing your light. When you rest, fill an
entry in your Journey Book, shuffle the cards you discarded when making Actions in your journey,
and clear your Fatigue." RULES-NOTES: the track has 5 boxes; house rules "If the deck holds fewer
cards than an action needs, the player must rest (or flee) first." and "Fatigue full: Rest and
Flee are offered, and so are the actions [...] pushing on is the player's choice at that moment.
Fatigue marked while it is already full extinguishes the light; Fatigue marked from below stops at
full. An empty deck must be rested first: there is nothing to draw."
"""

from __future__ import annotations

from typing import Any

import pytest
from firelights_helpers import assert_refused, begun, frozen, play, where

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import (
    FATIGUE_BOXES,
    Ask,
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
    risk,
)
from rules.record.journey import Journey
from rules.table.cards import Card

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


def tired_with_all_to_do() -> Journey[Any, Any]:
    """Fatigue full, a treasure to spend and a region to travel to."""
    journey = begun("5C")
    play(journey, Search("forceful"), ["2C", "3C"], [6, 6])  # treasures to spend
    play(journey, Discover("forceful"), ["9C", "4C"], [6, 6])  # a region to travel to
    tire(journey, 5)
    return journey


def test_when_your_fatigue_is_full_you_may_rest_or_flee() -> None:
    """ "When your fatigue is full [...] you have to rest or flee to live another day": Rest is
    offered, and Flee when a Curse is onto you."""
    journey = begun()
    tire(journey, 5)
    assert "rest" in available(journey.state) and "flee" not in available(journey.state)
    journey = begun()
    play(journey, Fight("forceful", "Talon"), ["2C", "3C"], [6, 6])
    tire(journey, 5)
    assert {"rest", "flee"} <= set(available(journey.state))


PUSH_ON = "push on: any Fatigue marked now extinguishes your light"


@pytest.mark.parametrize(
    ("action", "warning"),
    [
        (Confront("forceful"), PUSH_ON),
        (Search("forceful"), PUSH_ON),
        (Discover("forceful"), PUSH_ON),
        (
            Fight("forceful", "Hollow"),
            "push on: on Darkness you must Evade Danger, and any Fatigue marked then "
            "extinguishes your light",
        ),
        (Evade("forceful"), PUSH_ON),
        (BuyInformation(1), None),
        (Ask("even"), None),
        (Travel((0, 1)), None),
        (Rest(), None),
    ],
    ids=lambda value: getattr(value, "kind", "warning"),
)
def test_when_your_fatigue_is_full_or_risk_extinguishing_your_light(
    action: Any, warning: str | None
) -> None:
    """ "you have to rest or flee to live another day, or risk extinguishing your light": with
    Fatigue full every action is still offered and accepted; risk() names the risk of each one
    that can mark Fatigue, and none for those that cannot (Buy Information, the Oracle, moves)."""
    journey = tired_with_all_to_do()
    assert action.kind in available(journey.state)
    assert risk(journey.state, action.kind) == warning
    journey.play(action)
    locations(journey.state)


def test_no_risk_while_fatigue_is_below_full() -> None:
    """Fatigue marked from below stops at full (RULES-NOTES), so at 4 of 5 nothing risks the light."""
    journey = begun()
    tire(journey, 4)
    assert all(risk(journey.state, kind) is None for kind in available(journey.state))


def test_pushing_on_with_full_fatigue_light_marks_nothing() -> None:
    """ "or risk extinguishing your light": a Discover with Light at full Fatigue marks no Fatigue,
    and the journey goes on."""
    journey = begun()
    tire(journey, 5)
    play(journey, Discover("forceful"), ["2D", "3D"], [6, 6])
    assert journey.state.status == "playing"
    assert len(journey.state.world.regions) == 3
    assert journey.state.fatigue == FATIGUE_BOXES


def test_fatigue_marked_while_full_extinguishes_the_light() -> None:
    """RULES-NOTES: "Fatigue marked while it is already full extinguishes the light". The report
    says so, and nothing can be done afterwards."""
    journey = begun()
    tire(journey, 5)
    play(journey, Confront("forceful"), ["JD", "JC"], [1, 1])
    assert journey.state.status == "extinguished" and journey.state.over
    assert journey.last.lines[-1] == (
        "1 Fatigue marked while your Fatigue is full: your light is extinguished"
    )
    assert set(available(journey.state)) <= {"consult", "slip"}
    assert_refused(
        IllegalAction,
        "the journey is over: your light is extinguished",
        lambda: journey.play(Rest()),
    )


def test_a_hidden_path_at_full_fatigue_extinguishes_the_light_and_discards_both_cards() -> None:
    """ "Upon Darkness, the path is hidden [...] and mark 1 Fatigue": at full Fatigue that Fatigue
    puts the light out; no card is hidden, both are discarded."""
    journey = begun()
    tire(journey, 5)
    play(journey, Discover("forceful"), ["JD", "JC"], [1, 1])
    assert journey.state.status == "extinguished" and journey.state.pending is None
    assert where(journey.state, "JD") == where(journey.state, "JC") == "discard pile"


def test_evading_at_full_fatigue_on_shade_extinguishes_the_light() -> None:
    """ "Upon Shade, mark 1 Fatigue": Evade Danger on Shade, with Fatigue full, puts the light out."""
    journey = begun()
    tire(journey, 5)
    play(journey, Fight("forceful", "Talon"), ["JD", "JC"], [1, 1])
    assert available(journey.state) == ("evade", "consult", "slip")
    play(journey, Evade("forceful"), ["2S", "10S"], [3, 3])
    assert journey.state.status == "extinguished"


def test_fatigue_marked_from_below_stops_at_full() -> None:
    """RULES-NOTES: "Fatigue marked from below stops at full": at 4 of 5, Evade Danger on Darkness
    marks 2 and the track stops at 5; the light does not go out."""
    journey = begun()
    tire(journey, 4)
    play(journey, Fight("forceful", "Talon"), ["JD", "JC"], [1, 1])
    play(journey, Evade("forceful"), ["JH", "JS"], [1, 1])
    assert journey.state.fatigue == 5
    assert journey.state.status == "playing"
    assert "mark 2 Fatigue (5/5) (the track stops at full)" in journey.last.lines


def test_filling_the_last_box_is_not_marking_while_full() -> None:
    """Only Fatigue marked while the track is already full puts the light out; filling the fifth
    box does not."""
    journey = begun()
    tire(journey, 5)
    assert journey.state.status == "playing"


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
        "the Story Deck holds 1 card and an action draws 2: rest first",
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


def test_a_rest_with_a_blank_journey_book_entry_is_allowed_and_says_so() -> None:
    """ "fill an entry in your Journey Book": the entry is asked for (Rest.entry), and a blank one
    is allowed; the report says the rest was taken without one."""
    journey = begun()
    play(journey, Rest("   "))
    assert "you rest without writing an entry" in journey.last.lines
    assert journey.state.book == ("   ",)


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
    assert "flee" not in available(journey.state) and "rest" in available(journey.state)


def test_resting_does_not_end_a_fight_with_the_curse_you_face() -> None:
    """ "If you flee from a Curse, their stack persists until you encounter them again": only
    fleeing ends a fight. Resting clears Fatigue, and the Curse you face is still onto you, its
    stack in place: you may fight it or flee, not fight another."""
    journey = begun()
    play(journey, Fight("forceful", "Hollow"), ["2S", "3C"], [6, 6])
    tire(journey, 3)
    play(journey, Rest("We hid in a hollow log; it waited outside."))
    state = journey.state
    assert state.facing == "Hollow" and state.fatigue == 0
    assert journey.last.lines[-1] == "Hollow is still onto you: resting does not end the fight"
    assert state.curse("Hollow").count == 3
    assert {"fight", "flee"} <= set(available(state))
    assert_refused(
        IllegalAction, "you face Hollow", lambda: journey.play(Fight("forceful", "Talon"))
    )


def test_an_empty_deck_must_be_rested_first_there_is_nothing_to_draw() -> None:
    """RULES-NOTES: "An empty deck must be rested first: there is nothing to draw." Even at full
    Fatigue there is no pushing on without cards: only Rest (or Flee) is offered."""
    journey = empty_deck()
    tire_free = journey.state
    assert [k for k in available(tire_free) if k not in ("consult", "slip")] == ["rest"]
    assert all(risk(tire_free, kind) is None for kind in ("discover", "confront", "travel"))


def test_firelights_takes_no_options() -> None:
    """Firelights options are named: an unknown one is refused by name."""
    assert_refused(InvalidInput, "['fast']", lambda: Journey.start("firelights", 1, {"fast": True}))


def test_a_journey_saved_with_the_retired_push_on_option_still_opens() -> None:
    """Pushing on was once chosen at creation (a push_on option and a push_on field of Begin); it
    is now a choice made at the moment. A record saved with either opens, the old field and option
    ignored, and plays as any journey does now."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["9C", "4C"], [6, 6])
    record = journey.to_json()
    old = {**record, "options": {"push_on": False}}
    old["entries"] = [dict(entry) for entry in record["entries"]]
    old["entries"][0] = {**old["entries"][0]}
    old["entries"][0]["action"] = {**old["entries"][0]["action"], "push_on": True}
    reopened = Journey.from_json(old)
    assert reopened.state == journey.state
    play(reopened, Rest("The old map still holds."))


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


def _places(journey: Journey[Any, Any]) -> dict[Card, str]:
    return locations(journey.state)
