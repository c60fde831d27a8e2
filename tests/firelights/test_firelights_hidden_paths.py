"""Hidden paths a player can tell apart: their letters, their names, and the report lines.

Rules (seed 000, "Discover a Region"): "Upon Darkness, the path is hidden. Add either one of the
cards to your map, face down [...] To reveal a hidden path, you may BUY INFORMATION or CONFRONT
RISK." A player points at a face-down card on the table; Lantern names it instead: a letter given
when it is placed (A, B, C, ...) and where it lies from a touching card ("hidden path A (above
5♣)"), never the grid's coordinates.
"""

from __future__ import annotations

import re
from typing import Any

from firelights_helpers import begun, play
from player import play_journey, random_seeds

from rules.firelights import (
    Choose,
    Confront,
    Discover,
    Region,
    Rest,
    Travel,
    WorldMap,
    hidden_path_names,
    hidden_paths,
)
from rules.firelights.world import path_letter
from rules.record.journey import Journey
from rules.table.cards import Card

DARKNESS, LIGHT = [1, 1], [6, 6]
CELL = re.compile(r"\[-?\d+, -?\d+\]|\(-?\d+, -?\d+\)")
NAME = re.compile(r"hidden path [A-Z]+ \((above|below|left of|right of) (\S+|hidden path [A-Z]+)\)")


def hide(journey: Journey[Any, Any], card: str, other: str) -> tuple[int, int]:
    """Discover with Darkness and hide ``card``; the hidden path's cell."""
    play(journey, Discover("forceful"), [card, other], DARKNESS)
    play(journey, Choose(card))
    return journey.state.world.regions[-1].at


def test_hidden_paths_get_letters_in_order_of_placement() -> None:
    """Each card placed face down gets the next letter: A, B, C."""
    journey = begun("5C")
    cells = [hide(journey, "9C", "KD"), hide(journey, "4C", "KH"), hide(journey, "5D", "KS")]
    assert [journey.state.world[cell].path for cell in cells] == ["A", "B", "C"]
    assert all(r.path == "" for r in journey.state.world.regions if r.face_up)


def test_a_letter_stays_when_other_paths_are_revealed_and_is_never_reused() -> None:
    """Revealing hidden path A leaves B as B, and the next hidden path is C, not A again."""
    journey = begun("5C")
    first, second = hide(journey, "9C", "KD"), hide(journey, "4C", "KH")
    play(journey, Rest("Regained my breath."))
    play(journey, Confront("forceful", "reveal", first), ["2H", "2S"], LIGHT)
    assert journey.state.world[second].path == "B"
    third = hide(journey, "8C", "QD")
    assert journey.state.world[third].path == "C"


def test_letters_run_past_z() -> None:
    assert [path_letter(n) for n in (0, 25, 26, 27, 51, 52)] == ["A", "Z", "AA", "AB", "AZ", "BA"]


def test_a_hidden_path_is_named_by_a_touching_card_and_its_side() -> None:
    """ "hidden path A (above 5♣)": a 9 hidden while you stand on 5♣ lies in the row above it."""
    journey = begun("5C")
    nine = hide(journey, "9C", "KD")
    three = hide(journey, "4C", "KH")
    assert journey.state.world.describe(nine) == "hidden path A (above 5♣)"
    assert journey.state.world.describe(three) == "hidden path B (below 5♣)"
    assert journey.state.world.describe((0, 0)) == "5♣"


def test_a_card_directly_beside_names_it_before_one_at_a_corner() -> None:
    """A hidden path touching two face-up cards is named from the one directly above, below or
    beside it, before one that only touches its corner."""
    regions = (
        Region(Card.parse("5C"), (0, 0)),
        Region(Card.parse("7H"), (1, 0)),
        Region(Card.parse("9C"), (1, 1), face_up=False, path="A"),
    )
    world = WorldMap(regions, token=(0, 0))
    assert world.describe((1, 1)) == "hidden path A (above 7♥)"
    beside = WorldMap((regions[0], Region(Card.parse("5D"), (-1, 0), False, path="A")), (0, 0))
    assert beside.describe((-1, 0)) == "hidden path A (left of 5♣)"


def test_a_hidden_path_touching_only_hidden_paths_is_named_from_one_of_them() -> None:
    regions = (
        Region(Card.parse("5C"), (0, 0)),
        Region(Card.parse("9C"), (0, 1), face_up=False, path="A"),
        Region(Card.parse("KC"), (0, 2), face_up=False, path="B"),
    )
    world = WorldMap(regions, token=(0, 0))
    assert world.describe((0, 2)) == "hidden path B (above hidden path A)"


def test_hidden_path_names_pair_each_cell_with_its_name() -> None:
    """hidden_paths() gives the cells; hidden_path_names() the same cells, each with its name."""
    journey = begun("5C")
    hide(journey, "9C", "KD")
    hide(journey, "4C", "KH")
    names = hidden_path_names(journey.state)
    assert [cell for cell, _name in names] == list(hidden_paths(journey.state))
    assert [name for _cell, name in names] == [
        "hidden path A (above 5♣)",
        "hidden path B (below 5♣)",
    ]


def test_report_lines_name_regions_not_coordinates() -> None:
    """The report says where a card goes in the rule's words ("place the card above"), names a
    hidden path by its letter, and never shows the grid's [x, y]."""
    journey = begun("5C")
    assert "you start at 5♣: this is where you are right now" in journey.last.lines
    play(journey, Discover("forceful"), ["9C", "QD"], LIGHT)
    assert journey.last.lines == (
        "9♣ joins the map above 5♣",
        "Q♦ joins the map above 5♣ — it holds a beacon",
    )
    play(journey, Discover("forceful"), ["5H", "KS"], DARKNESS)
    play(journey, Choose("5H"))
    # the name the map and the dropdowns give it now, not a second way of saying where
    assert journey.last.lines == ("hidden path A (left of 5♣) lies face down",)
    assert hidden_path_names(journey.state)[-1][1] == "hidden path A (left of 5♣)"
    name = journey.state.world.describe(journey.state.world.regions[-1].at)
    play(
        journey,
        Confront("forceful", "reveal", journey.state.world.regions[-1].at),
        ["2H", "2S"],
        LIGHT,
    )
    assert f"{name} is revealed: 5♥" in journey.last.lines
    play(journey, Travel(journey.state.world.regions[1].at))
    assert journey.last.lines == ("you travel to 9♣",)


def test_no_name_or_line_shows_a_cell_over_whole_journeys() -> None:
    """Over whole journeys of the sensible player, every hidden path's name reads "hidden path X
    (side card)", and no report line shows a cell."""
    named: set[tuple[int, str]] = set()
    for seed in random_seeds(4, seed=99):
        journey = play_journey(seed)
        replay = Journey.start("firelights", seed)
        for entry in journey.entries:
            replay.play(replay.game.parse_action(entry.action), list(entry.chance))
            assert not any(CELL.search(line) for line in replay.last.lines), replay.last.lines
            for _cell, name in hidden_path_names(replay.state):
                assert NAME.fullmatch(name), name
                named.add((seed, name))
    assert len(named) >= 10  # the check is not empty
