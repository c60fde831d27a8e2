"""One set of limits for a player's text in every game ("one set of limits"): a name
is at most NAME_LIMIT characters and pronouns PRONOUNS_LIMIT in Firelights, Voidlight and Embers'
card files alike, checked when a new action is played; a journey that recorded a longer name
before (Voidlight took 2,000) still opens and replays."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rules import voidlight
from rules.book import JourneyBook
from rules.book.store.database import Store
from rules.embers.cards import SHIPPED, loads
from rules.errors import InvalidInput
from rules.firelights import Begin
from rules.record.action import NAME_LIMIT, PLAYER_TEXT_LIMITS, PRONOUNS_LIMIT
from rules.record.journey import Journey

LONG = "K" * (NAME_LIMIT + 1)


def test_the_limits_are_one_table_for_every_game() -> None:
    assert PLAYER_TEXT_LIMITS == {"name": 100, "pronouns": 40}
    assert Begin.text_limits is PLAYER_TEXT_LIMITS


@pytest.mark.parametrize(
    "action",
    [
        voidlight.Create(LONG, "they", 2, 1, 1, 1),
        voidlight.CreateRandom(LONG),
        voidlight.Join(LONG),
    ],
    ids=["create", "create_random", "join"],
)
def test_a_new_voidlight_name_over_the_limit_is_refused_in_a_sentence(action: Any) -> None:
    journey = Journey.start("voidlight", 1, {"play": "group"})
    if isinstance(action, voidlight.Join):
        journey.play(voidlight.Create("Vex", "she/her", 2, 1, 1, 1))
    before = journey.state
    with pytest.raises(InvalidInput) as refused:
        journey.play(action)
    assert str(refused.value) == (
        f"{action.title}: the name is at most 100 characters, got 101: '{'K' * 56}..."
    )
    assert journey.state == before


def test_new_voidlight_pronouns_over_the_limit_are_refused() -> None:
    journey = Journey.start("voidlight", 1)
    with pytest.raises(InvalidInput, match=r"^Create a character: the pronouns is at most 40 "):
        journey.play(voidlight.Create("Vex", "p" * (PRONOUNS_LIMIT + 1), 2, 1, 1, 1))


def test_firelights_and_an_embers_card_file_refuse_the_same_long_name() -> None:
    with pytest.raises(InvalidInput, match="is at most 100 characters, got 101"):
        Begin(LONG, "she/her", 2, 1, 0)
    text = SHIPPED.read_text("utf-8").replace('name = "Pine Knot"', f'name = "{LONG}"', 1)
    with pytest.raises(InvalidInput, match="the name is at most 100 characters, got 101"):
        loads(text, "my-cards.toml")


def _old_record(name: str) -> Journey[Any, Any]:
    """A Voidlight journey as one recorded before the limits held for every game: a character
    named ``name`` (the chance outcomes do not depend on the name)."""
    journey = Journey.start("voidlight", 5, {"play": "group"})
    journey.play(voidlight.Create("Kai", "they", 2, 1, 1, 1))
    first = journey.entries[0]
    old = replace(first, action={**first.action, "name": name})
    return Journey(journey.game, journey.seed, journey.options, [old])


def test_an_old_journey_with_a_long_name_replays_and_plays_on() -> None:
    name = "Kai of the " + "long " * 300  # 1,511 characters: Voidlight took it before
    journey = Journey.from_json(_old_record(name).to_json())
    assert journey.state.crew[0].name == name.strip()
    journey.play(voidlight.Check("vigor", who=name.strip()))  # the name still picks them


def test_an_old_journey_file_with_a_long_name_opens(tmp_path: Path) -> None:
    name = "Vex " * 400
    old = _old_record(name)
    path = tmp_path / "old.lantern"
    store = Store.create(path, game="voidlight", name="old", seed=old.seed, options=old.options)
    with store.transaction():
        store.add_action(old.entries[0], 0.0)
    store.close()
    book: Any = JourneyBook.open(path)
    try:
        assert book.state.crew[0].name == name.strip() and len(book.entries) == 1
    finally:
        book.close()
