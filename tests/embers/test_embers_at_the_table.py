"""Why: "At the table" takes the card names a player reads on the real Embers cards ("Pine
Knot"), and its placeholder names a card of the set in play."""

from __future__ import annotations

from typing import Any

import pytest

from rules.embers import shipped, table_names
from rules.errors import InvalidInput
from rules.record.journey import Journey
from rules.table.physical import parse_named
from widgets.embers import EmbersPanel

NAMES = table_names(shipped())


def test_at_the_table_takes_the_card_names_a_player_reads_on_the_real_cards() -> None:
    assert parse_named("Pine Knot Dry Moss", NAMES) == ["Pine Knot", "Dry Moss"]
    assert parse_named("pine knot,  DRY moss, Defender", NAMES) == [
        "Pine Knot",
        "Dry Moss",
        "Defender",
    ]
    assert parse_named("", NAMES) == []


def test_a_name_that_is_no_card_of_the_set_is_refused_naming_the_cards() -> None:
    with pytest.raises(InvalidInput, match=r"'Ash Hollow' is not a card of this set \(Birch Bark,"):
        parse_named("Pine Knot Ash Hollow", NAMES)


def test_names_that_read_two_ways_ask_for_commas() -> None:
    with pytest.raises(InvalidInput, match="'Pine Knot' reads more than one way: separate"):
        parse_named("Pine Knot", ("Pine", "Knot", "Pine Knot"))
    assert parse_named("Pine, Knot", ("Pine", "Knot", "Pine Knot")) == ["Pine", "Knot"]


def test_the_embers_panel_plays_the_cards_typed_at_the_table_by_their_names() -> None:
    panel = EmbersPanel(Journey.start("embers", seed=3))
    placeholder = panel.table_input.placeholder
    assert placeholder.split(" — ")[0] == "Pine Knot, Birch Bark"
    assert all(name in NAMES for name in placeholder.split(" — ")[0].split(", "))
    panel.table_input.value = "pine knot, Dry Moss"
    panel.at_table.draw_rest.value = True
    panel.begin_button.click()
    journey: Any = panel.journey
    assert list(journey.entries[-1].chance[:2]) == ["Pine Knot", "Dry Moss"]
    assert panel.state.forage == ("Pine Knot",)
    assert "Used from the table: Pine Knot · Dry Moss" in panel.at_table.note.value
