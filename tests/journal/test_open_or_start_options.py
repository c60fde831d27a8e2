"""The notebook's one line opens the journey it started on every Run All ("Offered
means accepted"): ``open_or_start('mine', game='embers', options={'cards': 'my-cards.toml'})``
compares the card set recorded with the file's cards, and a changed file is named in a
sentence, never pasted; options a game records for new journeys only do not count against an
older one."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from rules.book import JourneyBook
from rules.book.store.database import Store
from rules.embers import heuristic
from rules.embers.cards import SHIPPED
from rules.errors import InvalidInput

CARDS = {"cards": "my-cards.toml"}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def mine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A player's card file in the notebook's folder, and a journey begun with it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-cards.toml").write_text(
        SHIPPED.read_text(encoding="utf-8").replace("Pine Knot", "Yew"), "utf-8"
    )
    book: Any = JourneyBook.open_or_start("mine", game="embers", options=CARDS, folder=tmp_path)
    for _ in range(5):
        book.play(heuristic(book.state))
    book.close()
    return tmp_path


def test_the_same_call_with_a_card_file_opens_the_same_journey_on_the_next_run_all(
    mine: Path,
) -> None:
    again: Any = JourneyBook.open_or_start("mine", game="embers", options=CARDS, folder=mine)
    try:
        assert len(again.entries) == 5 and "Yew" in again.state.cards.named
    finally:
        again.close()


def test_a_card_file_moved_or_with_only_its_comments_changed_still_opens_the_journey(
    mine: Path,
) -> None:
    text = (mine / "my-cards.toml").read_text("utf-8")
    (mine / "moved.toml").write_text("# my own cards\n" + text, "utf-8")
    again: Any = JourneyBook.open_or_start(
        "mine", game="embers", options={"cards": "moved.toml"}, folder=mine
    )
    again.close()


def test_a_changed_card_file_is_named_with_the_cards_that_differ_and_never_pasted(
    mine: Path,
) -> None:
    path = mine / "my-cards.toml"
    path.write_text(path.read_text("utf-8").replace("Ash Wolf", "Ash Bear"), "utf-8")
    journey = mine / "mine.lantern"
    before = _digest(journey)
    with pytest.raises(InvalidInput) as refused:
        JourneyBook.open_or_start("mine", game="embers", options=CARDS, folder=mine)
    message = str(refused.value)
    assert message.startswith(  # the two fire cards with an Ash Wolf, by name
        "my-cards.toml changed since this journey began (2 cards differ: Yew, Resin Drop): "
    )
    assert "open it without options to continue, or give a new name" in message
    assert "[[hero]]" not in message and len(message) < 400
    assert _digest(journey) == before


def test_a_missing_card_file_is_refused_naming_it(mine: Path) -> None:
    (mine / "my-cards.toml").unlink()
    with pytest.raises(InvalidInput, match=r"cannot read the card file 'my-cards\.toml'"):
        JourneyBook.open_or_start("mine", game="embers", options=CARDS, folder=mine)
    JourneyBook.open_or_start("mine", game="embers", folder=mine).close()  # without: it opens


def test_a_voidlight_journey_opens_again_with_the_options_it_was_given(tmp_path: Path) -> None:
    """A new Voidlight journey records ``"costs": "due"`` besides the options given."""
    options = {"play": "group"}
    JourneyBook.open_or_start("vex", game="voidlight", options=options, folder=tmp_path).close()
    again = JourneyBook.open_or_start("vex", game="voidlight", options=options, folder=tmp_path)
    assert dict(again.options) == {"costs": "due", "play": "group"}
    again.close()
    with pytest.raises(InvalidInput, match=r"options \{'play': 'group'\}, not \{\}"):
        JourneyBook.open_or_start("vex", game="voidlight", options={}, folder=tmp_path)


def test_a_voidlight_journey_from_before_costs_were_recorded_opens_with_its_options(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.lantern"
    Store.create(path, game="voidlight", name="old", seed=3, options={"play": "group"}).close()
    book = JourneyBook.open_or_start("old", game="voidlight", options={"play": "group"},
                                     folder=tmp_path)  # fmt: skip
    assert dict(book.options) == {"play": "group"}
    book.close()
