"""The World Map: the starting region, where new regions go, travel, hidden paths and beacons.

Rules (seed 000, "Exploring The World" and "Igniting The Six Beacons"), RULES-NOTES house rules
(the token; only the first six face cards hold beacons; all six lit completes the journey) and the
grid reading in rules/firelights/world.py (above = a row up, below = a row down, beside = the same
row; the nearest free cell touching a placed card).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from firelights_helpers import assert_refused, begun, frozen, play, where
from player import beacon_path

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import (
    BEACONS,
    Ask,
    Choose,
    Confront,
    Consult,
    Discover,
    Rest,
    Slip,
    Travel,
    WorldMap,
    available,
)
from rules.firelights.world import NEIGHBOURS, Region, direction
from rules.record.journey import Journey
from rules.table.cards import Card, Deck, full_deck


def cell_of(journey: Journey[Any, Any], code: str) -> tuple[int, int]:
    return next(r.at for r in journey.state.world.regions if r.card == Card.parse(code))


def touches(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Two cells share an edge or a corner."""
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


# --- the starting region ---------------------------------------------------------------------------


def test_the_first_card_is_where_you_are_right_now() -> None:
    """ "When you start the game, draw a card from the Story Deck, and place it face up in front of
    you. This is where you are right now." The token marks it (RULES-NOTES)."""
    journey = begun("8D")
    world = journey.state.world
    assert [(r.card, r.face_up) for r in world.regions] == [(Card.parse("8D"), True)]
    assert world.token == world.regions[0].at
    assert world.current.card == Card.parse("8D")
    assert len(journey.state.deck.draw_pile) == 51
    assert where(journey.state, "8D") == "map"
    assert journey.entries[0].chance == (["8D"],)


# --- above, below, beside --------------------------------------------------------------------------


def test_a_higher_number_than_your_current_location_is_placed_above() -> None:
    """ "If the number on the new card is higher than the one on your current location, place the
    card above." """
    journey = begun("7H")
    play(journey, Discover("forceful"), ["9C", "2D"], [6, 6])
    assert cell_of(journey, "9C")[1] == 1


def test_a_lower_number_than_your_current_location_is_placed_below() -> None:
    """ "If the number on the new card is lower than the one on your current location, place the
    card below." """
    journey = begun("7H")
    play(journey, Discover("forceful"), ["9C", "2D"], [6, 6])
    assert cell_of(journey, "2D")[1] == -1


def test_an_equal_number_is_placed_beside_your_current_location() -> None:
    """ "Otherwise, place the card beside your current location." """
    journey = begun("7H")
    play(journey, Discover("forceful"), ["7S", "7C"], [6, 6])
    assert cell_of(journey, "7S")[1] == cell_of(journey, "7C")[1] == 0
    assert touches(cell_of(journey, "7S"), (0, 0))


def test_aces_count_1_on_the_map() -> None:
    """RULES-NOTES: "Aces count 1 everywhere, map placement included." An Ace goes below a 2."""
    journey = begun("2C")
    play(journey, Discover("forceful"), ["AH", "3D"], [6, 6])
    assert cell_of(journey, "AH")[1] == -1
    assert direction(Card.parse("AH"), Card.parse("KS")) == "below"


@pytest.mark.parametrize(
    ("new", "current", "side"),
    [("QS", "JH", "above"), ("10S", "JH", "below"), ("JS", "JH", "beside"), ("KD", "QD", "above")],
)
def test_face_cards_compare_by_their_worth(new: str, current: str, side: str) -> None:
    """ "compare the numbers of both cards": Jacks 11, Queens 12, Kings 13."""
    assert direction(Card.parse(new), Card.parse(current)) == side


def test_placement_compares_with_the_current_location_not_the_first_card() -> None:
    """ "compare the numbers of both cards" — the new card's and your current location's. After
    travelling up to a 9, an 8 goes below the 9 (a row down), though it is higher than the 7
    where the journey began."""
    journey = begun("7H")
    play(journey, Discover("forceful"), ["9C", "2D"], [6, 6])
    nine = cell_of(journey, "9C")
    play(journey, Travel(nine))
    play(journey, Discover("forceful"), ["8D", "3S"], [6, 6])
    assert cell_of(journey, "8D")[1] == nine[1] - 1
    assert cell_of(journey, "3S")[1] == nine[1] - 1


def test_a_new_region_connects_with_another_regions_corner() -> None:
    """ "When you add a new region card, the corner of your card needs to connect with another
    region’s corner." Over many seeded maps, every new region touches (by an edge or a corner) a
    region already placed, lies in the rows its number asks for, takes a free cell, and is in the
    nearest such row and then the nearest column to the current location (house rule)."""
    rng = random.Random(20240)
    for _ in range(40):
        deck = list(full_deck())
        rng.shuffle(deck)
        world = WorldMap().place(deck.pop())
        for card in deck[:25]:
            open_ = [r.at for r in world.neighbours() if r.face_up]
            if rng.random() < 0.3 and open_:
                world = world.travel(rng.choice(open_))
            current, token = world.current.card, world.token
            assert token is not None
            placed = [r.at for r in world.regions]
            world = world.place(card, face_up=rng.random() < 0.8)
            at = world.regions[-1].at
            assert at not in placed
            assert any(touches(at, other) for other in placed)
            want = {"above": 1, "below": -1, "beside": 0}[direction(card, current)]
            assert (at[1] > token[1]) - (at[1] < token[1]) == want
            # every free cell touching the map in the right rows, by distance to the token
            free = {(x + dx, y + dy) for x, y in placed for dx, dy in NEIGHBOURS} - set(placed)
            fits = [c for c in free if (c[1] > token[1]) - (c[1] < token[1]) == want]

            def nearness(c: tuple[int, int], token: tuple[int, int] = token) -> tuple[int, int]:
                return abs(c[1] - token[1]), abs(c[0] - token[0])  # row first, then column

            assert nearness(at) == min(map(nearness, fits))


# --- travel ----------------------------------------------------------------------------------------


def test_the_token_travels_to_a_touching_revealed_region() -> None:
    """RULES-NOTES: "The token marks the current location on the map; moving to an adjacent region
    moves it." Touching by a corner is adjacent."""
    journey = begun("7H")
    play(journey, Discover("forceful"), ["9C", "2D"], [6, 6])
    nine, two = cell_of(journey, "9C"), cell_of(journey, "2D")
    assert "travel" in available(journey.state)
    play(journey, Travel(nine))
    assert journey.state.world.current.card == Card.parse("9C")
    assert "you travel to 9♣" in journey.last.lines[0]
    play(journey, Travel((0, 0)))
    play(journey, Travel(two))
    assert journey.state.world.token == two


def test_travel_is_one_region_at_a_time() -> None:
    """ "moving to an adjacent region": a region that does not touch your location is refused,
    naming both cells, and nothing changes."""
    journey = begun("7H")
    play(journey, Discover("forceful"), ["9C", "2D"], [6, 6])
    two = cell_of(journey, "2D")
    play(journey, Travel(cell_of(journey, "9C")))
    before = frozen(journey)
    assert_refused(IllegalAction, repr(two), lambda: journey.play(Travel(two)))
    assert_refused(InvalidInput, "(5, 5)", lambda: journey.play(Travel((5, 5))))
    assert frozen(journey) == before


def test_travel_needs_a_revealed_region() -> None:
    """ "the path is hidden": a hidden path cannot be travelled until revealed; with no revealed
    region touching your location, Travel is not offered."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["9C", "KD"], [1, 1])
    play(journey, Choose("9C"))
    hidden = cell_of(journey, "9C")
    assert "travel" not in available(journey.state)
    assert_refused(
        IllegalAction, "no revealed region touches", lambda: journey.play(Travel(hidden))
    )
    play(journey, Discover("forceful"), ["2D", "3D"], [6, 6])
    assert "travel" in available(journey.state)
    assert_refused(
        IllegalAction,
        f"hidden path A (above 5♣) at {hidden!r} is face down: reveal it before you travel there",
        lambda: journey.play(Travel(hidden)),
    )
    play(journey, Confront("forceful", "reveal", hidden), ["4D", "6D"], [6, 6])
    play(journey, Travel(hidden))
    assert journey.state.world.current.card == Card.parse("9C")


# --- beacons ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("face", ["JS", "QS", "KS"])
def test_a_face_card_added_to_the_map_holds_a_beacon(face: str) -> None:
    """ "If the card you add to the map is a face card (jack, queen, king) that region includes a
    beacon." A number card does not."""
    journey = begun("5C")
    play(journey, Discover("forceful"), [face, "9D"], [6, 6])
    regions = {str(r.card): r for r in journey.state.world.regions}
    assert regions[face].beacon and not regions[face].lit
    assert not regions["9D"].beacon and not regions["5C"].beacon


def test_only_the_first_six_face_cards_placed_face_up_hold_beacons() -> None:
    """RULES-NOTES: "Only the first six face cards placed by Discover a Region [...] hold beacons."
    The seventh and eighth face cards added face up are regions without a beacon."""
    journey = begun("5C")
    for pair in (["JS", "QS"], ["KS", "JH"], ["QH", "KH"], ["JD", "QD"]):
        play(journey, Discover("forceful"), pair, [6, 6])
    beacons = [str(r.card) for r in journey.state.world.regions if r.beacon]
    assert beacons == ["JS", "QS", "KS", "JH", "QH", "KH"]
    assert len(journey.state.world.beacons) == BEACONS


def test_a_hidden_face_card_holds_a_beacon_once_revealed_if_fewer_than_six_do() -> None:
    """ "If the card you add to the map is a face card [...] that region includes a beacon", and
    only the first six face cards placed face up hold one (RULES-NOTES): a hidden face card holds
    none while hidden, one when revealed while fewer than six are placed, none after six."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["KC", "QC"], [1, 1])
    play(journey, Choose("KC"))
    play(journey, Discover("forceful"), ["JC", "10C"], [1, 1])
    play(journey, Choose("JC"))
    king, jack = cell_of(journey, "KC"), cell_of(journey, "JC")
    assert not journey.state.world[king].beacon and not journey.state.world[jack].beacon
    play(journey, Confront("forceful", "reveal", king), ["2C", "3C"], [6, 6])
    assert journey.state.world[king].beacon
    for pair in (["JS", "QS"], ["KS", "JH"], ["QH", "KH"]):
        play(journey, Discover("forceful"), pair, [6, 6])
    assert len(journey.state.world.beacons) == BEACONS
    play(journey, Confront("forceful", "reveal", jack), ["4C", "6C"], [6, 6])
    assert journey.state.world[jack].face_up and not journey.state.world[jack].beacon
    assert len(journey.state.world.beacons) == BEACONS


@pytest.mark.parametrize("first", [str(card) for card in full_deck()])
def test_the_starting_region_holds_no_beacon_even_a_face_card(first: str) -> None:
    """ "To find beacons, DISCOVER A REGION. If the card you add to the map is a face card [...]
    that region includes a beacon." The starting region is drawn, not discovered (RULES-NOTES):
    over every possible first card it holds no beacon, and Begin's report says so for a face
    card."""
    journey = begun(first)
    start = journey.state.world.current
    assert not start.beacon and journey.state.world.beacons == ()
    note = f"the starting region {start.card.label} holds no beacon: beacons are found by Discover a Region"
    assert (note in journey.last.lines) is start.card.is_face
    assert "ignite" not in " ".join(journey.last.lines)


def test_the_chance_of_a_free_beacon_at_the_start_is_0() -> None:
    """The first card is a face card 12 times in 52 (3/13), and a beacon at the start 0 times: the
    exact distribution of the first draw, each card played through Begin."""
    first_draw = Deck.full().next_distribution(1)
    assert len(first_draw) == 52
    face = first_draw.probability(lambda cards: cards[0].is_face)
    free_beacon = first_draw.probability(
        lambda cards: bool(begun(str(cards[0])).state.world.beacons)
    )
    assert (face, free_beacon) == (Fraction(3, 13), Fraction(0))


def test_a_face_card_at_the_start_does_not_count_among_the_six() -> None:
    """Only the first six face cards placed by Discover a Region hold beacons: starting on K♣, six
    face cards discovered afterwards all hold one."""
    journey = begun("KC")
    for pair in (["JS", "QS"], ["KS", "JH"], ["QH", "KH"]):
        play(journey, Discover("forceful"), pair, [6, 6])
    beacons = [str(r.card) for r in journey.state.world.beacons]
    assert beacons == ["JS", "QS", "KS", "JH", "QH", "KH"]


def test_igniting_the_starting_region_is_refused_even_on_a_face_card() -> None:
    """The starting region holds no beacon, so there is none to ignite there."""
    journey = begun("KH")
    assert "confront" in available(journey.state)
    assert_refused(
        IllegalAction,
        "K♥ holds no unlit beacon",
        lambda: journey.play(Confront("forceful", "ignite")),
    )


def six_beacons_lit_but_one() -> Journey[Any, Any]:
    """Begin at 5♣, discover six face cards with three Lights, and ignite five of them."""
    journey = begun("5C")
    for pair in (["JS", "QS"], ["KS", "JH"], ["QH", "KH"]):
        play(journey, Discover("forceful"), pair, [6, 6])
    fuel = iter([["2C", "3C"], ["4C", "6C"], ["2D", "3D"], ["4D", "6D"], ["2H", "3H"]])
    while journey.state.beacons_lit < BEACONS - 1:
        path = beacon_path(journey.state)
        for cell in path[1:]:
            play(journey, Travel(cell))
        play(journey, Confront("forceful", "ignite"), next(fuel), [6, 6])
    path = beacon_path(journey.state)
    for cell in path[1:]:
        play(journey, Travel(cell))
    return journey


def test_all_six_beacons_lit_completes_the_journey() -> None:
    """ "only you have the ability to re-ignite the six beacons" — RULES-NOTES: "All six lit = the
    journey is complete." """
    journey = six_beacons_lit_but_one()
    assert journey.state.status == "playing"
    play(journey, Confront("forceful", "ignite"), ["4H", "6H"], [6, 6])
    assert journey.state.beacons_lit == BEACONS
    assert journey.state.status == "complete" and journey.state.over
    assert "Your journey is complete" in journey.last.lines[-1]


def test_no_action_is_possible_once_the_journey_is_complete() -> None:
    """Once all six beacons burn the journey is over: no play action is offered (only looking
    up the tables), and each is refused saying so, changing nothing."""
    journey = six_beacons_lit_but_one()
    play(journey, Confront("forceful", "ignite"), ["4H", "6H"], [6, 6])
    assert set(available(journey.state)) <= {"consult", "slip"}
    before = frozen(journey)
    for action in (Discover("forceful"), Rest(), Ask("even"), Travel((0, 0))):
        assert_refused(
            IllegalAction,
            "the journey is over: all six beacons burn",
            lambda action=action: journey.play(action),
        )
    assert frozen(journey) == before


def test_a_higher_card_goes_in_the_row_directly_above_when_a_cell_there_is_free() -> None:
    """ "If the number on the new card is higher than the one on your current location, place the
    card above." With the row above filled but for the cells at its ends, a King goes there, not
    two rows up."""
    laid = (("5C", (0, 0)), ("6C", (-1, 1)), ("6D", (0, 1)), ("6H", (1, 1)))
    world = WorldMap(tuple(Region(Card.parse(code), at) for code, at in laid), token=(0, 0))
    world = world.place(Card.parse("KS"))
    assert world.regions[-1].at in {(-2, 1), (2, 1)}


def test_rolling_tables_note_their_answer_on_a_slip_on_your_location() -> None:
    """ "Use rolling tables for inspiration, place slips of paper on top of the cards to note down
    details about the region." A table roll is noted on a slip on the card where you are."""
    journey = begun("5C")
    play(journey, Consult("region"), 34)
    assert journey.state.world.current.slips == ("Region: Glacier",)
    assert "noted on a slip on 5♣" in journey.last.lines


def test_you_may_write_your_own_slip_on_your_location_and_it_replays() -> None:
    """The player notes a detail of their own; it stays on the card, in the record and replay."""
    journey = begun("5C")
    play(journey, Slip("  A hollow oak, warm inside.  "))
    assert journey.state.world.current.slips == ("A hollow oak, warm inside.",)
    assert Journey.from_json(journey.to_json()).state == journey.state


def test_an_empty_slip_is_refused_and_changes_nothing() -> None:
    """A slip notes something: an empty one is malformed input, named, and nothing changes."""
    journey = begun("5C")
    before = frozen(journey)
    assert_refused(InvalidInput, "'   '", lambda: journey.play(Slip("   ")))
    assert frozen(journey) == before


def test_before_the_journey_begins_there_is_no_card_for_a_slip() -> None:
    """Tables may be rolled before the first card is drawn; nothing is noted, and no slip may be
    written."""
    journey = Journey.start("firelights", 0)
    journey.play(Consult("story"), [11])
    assert journey.state.world.regions == ()
    assert_refused(IllegalAction, "not possible now", lambda: journey.play(Slip("a note")))
