"""The card file: the shipped original set loads, and a bad file is refused naming the card,
the field and what was expected ("Components as data")."""

from __future__ import annotations

import json
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
    from rules.record.journey import Journey

    path = tmp_path / "my-cards.toml"
    path.write_text(SHIPPED.read_text(encoding="utf-8").replace("Pine Knot", "Yew"), "utf-8")
    journey = Journey.start("embers", seed=1, options={"cards": str(path)})
    journey.play(Begin())
    assert "Yew" in {card.name for card in journey.state.cards.fire}
    assert Journey.from_json(journey.to_json()).state == journey.state


# --- a journey keeps its card set: Embers plays "on the same rails as the other games",
# where a record replays to the same state wherever it is opened ---------------------------------


def _own_file(tmp_path: Path) -> Path:
    path = tmp_path / "my-cards.toml"
    path.write_text(SHIPPED.read_text(encoding="utf-8").replace("Pine Knot", "Yew"), "utf-8")
    return path


def _played(options: dict[str, Any], steps: int = 30) -> Any:
    from rules.embers import heuristic
    from rules.record.journey import Journey

    journey: Any = Journey.start("embers", seed=5, options=options)
    for _ in range(steps):
        if journey.state.over:
            break
        journey.play(heuristic(journey.state))
    return journey


def test_the_record_holds_the_card_set_its_name_and_a_short_hash(tmp_path: Path) -> None:
    from rules.embers import start_options

    path = _own_file(tmp_path)
    options = start_options("recruit", path)
    kept = options["cards"]
    assert options["difficulty"] == "recruit"
    assert kept["toml"] == path.read_text(encoding="utf-8")
    assert kept["name"] == load(path).name and kept["file"] == str(path)
    assert len(kept["sha256"]) == 12
    assert json.loads(json.dumps(options)) == options  # plain JSON, as a record stores it


def test_a_journey_replays_after_its_card_file_is_edited_or_deleted(tmp_path: Path) -> None:
    from rules.embers import start_options
    from rules.record.journey import Journey

    path = _own_file(tmp_path)
    journey = _played(start_options("warrior", path))
    record = journey.to_json()
    path.write_text(SHIPPED.read_text(encoding="utf-8"), "utf-8")  # the file edited
    edited = Journey.from_json(record)
    assert edited.state == journey.state and "Yew" in edited.state.cards.named
    path.unlink()  # the file gone
    assert Journey.from_json(record).state == journey.state


def test_a_journey_book_reopens_after_its_card_file_is_deleted(tmp_path: Path) -> None:
    from rules.book import JourneyBook
    from rules.embers import heuristic, start_options

    path = _own_file(tmp_path)
    book: Any = JourneyBook.start("night", game="embers", seed=2, folder=tmp_path,
                                  options=start_options("veteran", path))  # fmt: skip
    for _ in range(25):
        if book.state.over:
            break
        book.play(heuristic(book.state))
    played = book.state
    book.close()
    path.unlink()
    again: Any = JourneyBook.open_or_start("night", game="embers", folder=tmp_path)
    try:
        assert again.state == played and "Yew" in again.state.cards.named
    finally:
        again.close()


def test_an_altered_recorded_card_set_is_refused(tmp_path: Path) -> None:
    from rules.embers import start_options
    from rules.record.journey import Journey

    record = _played(start_options("warrior", _own_file(tmp_path)), steps=1).to_json()
    cards = record["options"]["cards"]
    cards["toml"] = cards["toml"].replace("Yew", "Elm")
    with pytest.raises(InvalidInput, match="was altered: its text's hash is"):
        Journey.from_json(record)
    record["options"]["cards"] = {"file": "my-cards.toml"}
    with pytest.raises(InvalidInput, match="the recorded set"):
        Journey.from_json(record)


def test_a_bad_or_missing_card_file_is_refused_when_the_journey_starts(tmp_path: Path) -> None:
    from rules.embers import start_options

    bad = tmp_path / "bad.toml"
    bad.write_text("[[hero]\n", "utf-8")
    with pytest.raises(InvalidInput, match=r"bad\.toml is not valid TOML"):
        start_options("warrior", bad)
    with pytest.raises(InvalidInput, match="cannot read the card file"):
        start_options("warrior", tmp_path / "nowhere.toml")
    with pytest.raises(InvalidInput, match="the difficulty is one of"):
        start_options("heroic", _own_file(tmp_path))


def test_a_card_file_path_given_to_any_start_is_recorded_as_the_set_itself(tmp_path: Path) -> None:
    """Why: "A player who owns the game loads their own file" — by whichever door: a path
    in the options of Journey.start (str or Path) is recorded as the set, like start_options."""
    from rules.embers import start_options
    from rules.record.journey import Journey

    path = _own_file(tmp_path)
    for given in (str(path), path):
        journey = _played({"difficulty": "recruit", "cards": given}, steps=10)
        assert journey.options == start_options("recruit", path)
        record = journey.to_json()
        moved = path.rename(tmp_path / "moved.toml")
        assert Journey.from_json(record).state == journey.state
        moved.rename(path)


def test_a_journey_book_started_with_a_card_file_path_keeps_the_set(tmp_path: Path) -> None:
    from rules.book import JourneyBook
    from rules.embers import heuristic

    path = _own_file(tmp_path)
    book: Any = JourneyBook.start("night", game="embers", seed=2, folder=tmp_path,
                                  options={"cards": path})  # fmt: skip
    for _ in range(10):
        book.play(heuristic(book.state))
    played = book.state
    book.close()
    path.unlink()
    again: Any = JourneyBook.open_or_start("night", game="embers", folder=tmp_path)
    try:
        assert again.state == played and "Yew" in again.state.cards.named
    finally:
        again.close()
