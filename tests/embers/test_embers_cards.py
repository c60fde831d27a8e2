"""The card file: the shipped original set loads, and a bad file is refused naming the card,
the field and what was expected (issue #10, "Components as data")."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules.embers.cards import LOCATIONS, SHIPPED, load, parse, shipped
from rules.errors import InvalidInput


def data() -> dict[str, Any]:
    return tomllib.loads(SHIPPED.read_text(encoding="utf-8"))


def refused(doc: dict[str, Any]) -> str:
    with pytest.raises(InvalidInput) as error:
        parse(doc, "my-cards.toml")
    return str(error.value)


def test_the_shipped_set_has_5_heroes_12_fire_cards_and_the_night_card() -> None:
    cards = shipped()
    assert [h.name for h in cards.heroes][:3] == ["Defender", "Firetender", "Leader"]
    assert len(cards.heroes) == 5 and len(cards.fire) == 12
    assert cards.night == ((4, 3), (2, 1))
    assert {card.location for card in cards.fire} == set(range(len(LOCATIONS)))


def test_a_level_2_firetender_ignores_1_flame() -> None:
    side = shipped().hero("Firetender").level_2
    assert (side.passive.kind, side.passive.amount) == ("ignore_flames", 1)


def test_some_fire_cards_carry_the_exclamation_mark() -> None:
    assert 0 < sum(card.mark for card in shipped().fire) < 12


def test_a_players_own_file_loads_in_the_same_format(tmp_path: Path) -> None:
    path = tmp_path / "my-cards.toml"
    path.write_text(SHIPPED.read_text(encoding="utf-8").replace("Pine Knot", "Yew"), "utf-8")
    cards = load(path)
    assert cards.fire[0].name == "Yew" and cards.source == str(path)


def test_a_missing_field_names_the_card_and_the_field() -> None:
    doc = data()
    del doc["hero"][0]["level_1"]["health"]
    assert refused(doc) == (
        "hero 'Defender', level 1 side: the field 'health' is missing (a whole number from 1 to 9)"
    )


def test_a_wrong_type_names_the_card_the_field_and_what_was_expected() -> None:
    doc = data()
    doc["fire"][2]["monster"]["claws"] = "two"
    assert refused(doc) == (
        "fire card 'Oak Log', monster: 'claws' must be a whole number from 0 to 5, got 'two'"
    )


@pytest.mark.parametrize("count", [11, 13])
def test_11_or_13_fire_cards_are_refused(count: int) -> None:
    doc = data()
    doc["fire"] = (doc["fire"] * 2)[:count]
    assert refused(doc) == f"my-cards.toml: expected 12 [[fire]] tables, got {count}"


def test_duplicate_heroes_are_refused() -> None:
    doc = data()
    doc["hero"][4]["name"] = "Defender"
    assert refused(doc) == "my-cards.toml: every hero needs its own name, ['Defender'] appear twice"


def test_an_unknown_location_is_refused() -> None:
    doc = data()
    doc["fire"][0]["location"] = "NNE"
    assert refused(doc) == (
        "fire card 'Pine Knot': 'location' must be one of N, NE, E, SE, S, SW, W, NW, got 'NNE'"
    )


def test_an_unknown_effect_is_refused() -> None:
    doc = data()
    doc["hero"][0]["level_1"]["actions"][0]["effect"] = "fireball"
    assert "action 1: 'effect' must be one of defend, forage, rally, got 'fireball'" in refused(doc)


def test_the_night_card_is_4_3_and_2_1() -> None:
    doc = data()
    doc["night"]["faces"] = [[5, 4], [2, 1]]
    assert "[night] faces must be [[4, 3], [2, 1]]" in refused(doc)


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[[hero]\n", "utf-8")
    with pytest.raises(InvalidInput, match="is not valid TOML"):
        load(path)


def test_a_journey_plays_a_players_own_card_file(tmp_path: Path) -> None:
    from rules.embers import Begin
    from rules.journey import Journey

    path = tmp_path / "my-cards.toml"
    path.write_text(SHIPPED.read_text(encoding="utf-8").replace("Pine Knot", "Yew"), "utf-8")
    journey = Journey.start("embers", seed=1, options={"cards": str(path)})
    journey.play(Begin())
    assert "Yew" in {card.name for card in journey.state.cards.fire}
    assert Journey.from_json(journey.to_json()).state == journey.state
