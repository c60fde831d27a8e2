"""Raw exceptions and hangs: what a player or a shared folder can hand Lantern that
raised Python's own errors (or hung the kernel) is now refused as Lantern's own error, in a
sentence naming the bad value, and nothing is written."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest

from rules.book import JourneyBook
from rules.embers import start_options
from rules.embers.cards import MAX_CARD_FILE, SHIPPED, loads, shipped
from rules.errors import IllegalAction, InvalidInput
from rules.play.simulate import simulate
from rules.record.journey import Journey, game

NOT_ACTIONS = [None, "begin", 5, {}, [], {"kind": "begin"}]


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@pytest.mark.parametrize("name", ["firelights", "voidlight", "embers"])
@pytest.mark.parametrize("bad", NOT_ACTIONS, ids=repr)
def test_a_value_that_is_not_an_action_is_refused_in_words(name: str, bad: Any) -> None:
    journey = Journey.start(name, seed=1)
    with pytest.raises(IllegalAction, match=rf"is not an action of {name.title()}: play one"):
        journey.play(bad)
    assert journey.entries == [] or not journey.entries


def test_a_string_action_is_named_as_the_string_not_a_method() -> None:
    journey = Journey.start("voidlight", seed=1)
    with pytest.raises(IllegalAction) as caught:
        journey.play("begin")
    assert str(caught.value).startswith("'begin' is not an action of Voidlight")
    assert "built-in method" not in str(caught.value)


def test_a_simulation_policy_that_returns_no_action_is_refused_naming_the_run() -> None:
    firelights = game("firelights")
    with pytest.raises(IllegalAction, match=r"run 0 .*the policy chose None.*not an action"):
        simulate(firelights, firelights.initial({}), lambda state: None, runs=1)


def test_a_simulation_of_no_game_is_refused() -> None:
    firelights = game("firelights")
    with pytest.raises(InvalidInput, match=r"simulate plays a game .*got None"):
        simulate(None, firelights.initial({}), lambda state: None, runs=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("cards", [5, ["x"], {"file": "x"}], ids=repr)
def test_a_card_file_that_is_not_a_path_is_refused(cards: Any) -> None:
    with pytest.raises(InvalidInput, match=r"a card file is given by its path \(text\), got"):
        start_options(cards=cards)


@pytest.mark.parametrize("options", ["notadict", ["list"], 5], ids=repr)
def test_options_that_are_not_a_mapping_are_refused_and_no_file_made(
    tmp_path: Path, options: Any
) -> None:
    with pytest.raises(InvalidInput, match=r"a journey's options are a mapping"):
        JourneyBook.start("mine", game="embers", options=options, folder=tmp_path)
    assert files(tmp_path) == {}


def test_a_card_file_nested_a_thousand_deep_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("a = " + "[" * 1000 + "]" * 1000 + "\n")
    assert path.stat().st_size < 2100
    with pytest.raises(InvalidInput, match=r"nests its lists or tables too deeply"):
        start_options(cards=str(path))


def test_a_card_file_path_that_is_a_pipe_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "cards.toml"
    os.mkfifo(fifo)
    found: list[BaseException] = []
    thread = threading.Thread(target=lambda: _catch(found, lambda: start_options(cards=fifo)))
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "reading a pipe blocked"
    assert isinstance(found[0], InvalidInput) and "is not a file" in str(found[0])


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_not_read_as_a_card_file(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(InvalidInput, match=r"is not a file \(a folder, a device or a pipe\)"):
        start_options(cards=device)


def test_a_folder_is_not_read_as_a_card_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match=r"is not a file"):
        start_options(cards=tmp_path)


def test_a_card_file_over_the_size_limit_is_refused_before_it_is_read_whole(
    tmp_path: Path,
) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(b"#" * (4 * MAX_CARD_FILE + 10))
    with pytest.raises(InvalidInput, match=r"is over 400,000 bytes"):
        start_options(cards=str(path))


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("Scout\x1b[31m", "control character"),
        ("Sc\x00out", "control character"),
        ("S" * 2001, "at most 100 characters"),
    ],
    ids=["escape", "nul", "long"],
)
def test_a_hero_name_is_checked_as_any_player_text_at_load(bad: str, says: str) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    name = shipped().heroes[0].name
    edited = text.replace(f'name = "{name}"', f"name = {_toml(bad)}", 1)
    assert edited != text
    with pytest.raises(InvalidInput, match=says):
        loads(edited, "my-cards.toml")


def _toml(text: str) -> str:
    escaped = "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}" for c in text)
    return f'"{escaped}"'


def _catch(found: list[BaseException], run: Any) -> None:
    try:
        run()
    except BaseException as error:
        found.append(error)


def test_a_journal_entry_with_a_lone_surrogate_is_refused_in_words(tmp_path: Path) -> None:
    from widgets.parts.journal import journal

    book = JourneyBook.start("wick", game="firelights", folder=tmp_path)
    with pytest.raises(InvalidInput, match=r"a journal entry holds a lone surrogate"):
        journal("the bridge \ud800 holds", book)
    book.close()
    reopened = JourneyBook.open(book.path)
    assert list(reopened.notes()) == []
    reopened.close()
