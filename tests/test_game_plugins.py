"""A game is a plugin: an installed package that declares a ``lantern.games`` entry point is a game
Lantern lists, starts and reopens by name, with no edit to Lantern (rules/record/games.py).

Each test installs a real tiny distribution in a temporary folder: a package of its own (a
push-your-luck die game in 40 lines) and the ``.dist-info`` folder pip would write for it
(``METADATA`` and ``entry_points.txt``), the folder put on ``sys.path`` as a site folder is. The
registry is read again for the test and put back as it was after.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.book import JourneyBook
from rules.book.store.check import WrongGame
from rules.errors import InvalidInput
from rules.play.check import check_game
from rules.record import games
from rules.record.journey import Journey, game

#: The tiny game's rules: roll a die to add it to the pot (a 1 loses it all), or stop.
PIG = """
from dataclasses import dataclass, replace
from typing import ClassVar, NamedTuple

from rules.errors import IllegalAction, InvalidInput
from rules.record.action import Action, mechanics_line, parse_action
from rules.record.game_module import GameModule
from rules.table.dice import Roll


@dataclass(frozen=True)
class State:
    pot: int = 0
    over: bool = False


@dataclass(frozen=True)
class Throw(Action):
    kind: ClassVar[str] = "throw"
    title: ClassVar[str] = "Throw the die"


@dataclass(frozen=True)
class Stop(Action):
    kind: ClassVar[str] = "stop"
    title: ClassVar[str] = "Stop"


class Report(NamedTuple):
    title: str
    lines: tuple[str, ...]

    def mechanics(self):
        return mechanics_line(self.title, self.lines)


def initial(options):
    if options:
        raise InvalidInput(f"Pig takes no options, got {sorted(options)}")
    return State()


def legal(state):
    return () if state.over else (Throw(), Stop())


def apply(state, action, chance):
    if action not in legal(state):
        raise IllegalAction(f"{action!r} is not possible now")
    if isinstance(action, Stop):
        return replace(state, over=True), Report(action.title, (f"{state.pot} kept",))
    (face,) = chance.resolve(Roll(1))
    pot = 0 if face == 1 else state.pot + face
    return State(pot, face == 1 or pot >= 12), Report(action.title, (f"a {face}",))


def check(state):
    if not 0 <= state.pot <= 17:
        raise InvalidInput(f"a pot of {state.pot}")


def parse(data):
    return parse_action(data, {"throw": Throw, "stop": Stop}, game="Pig")


GAME = GameModule(NAME, initial, apply, parse, lambda s: f"pot {s.pot}", check, legal=legal)
"""


@pytest.fixture
def registry() -> Iterator[None]:
    """The registry read afresh for the test (as in a new kernel), and put back after it."""
    saved = dict(vars(games._REGISTRY))
    kept = {key: value.copy() if isinstance(value, dict | set) else value
            for key, value in saved.items()}  # fmt: skip
    games._REGISTRY.__init__()  # type: ignore[misc]
    yield
    vars(games._REGISTRY).clear()
    vars(games._REGISTRY).update(kept)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, registry: None) -> Iterator[Path]:
    """An empty site folder on ``sys.path``; the modules installed there are forgotten after."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    before = set(sys.modules)
    yield folder
    for name in set(sys.modules) - before:
        if name.split(".")[0] in {p.name for p in folder.iterdir()}:
            del sys.modules[name]


def install(
    site: Path, package: str, points: dict[str, str], rules: str = PIG, name: str = "pig"
) -> None:
    """Install the distribution ``package`` in ``site``: its module ``<package>.rules`` (the
    game named ``name``) and its ``.dist-info`` declaring ``points`` in ``lantern.games``."""
    (site / package).mkdir()
    (site / package / "__init__.py").write_text("")
    (site / package / "rules.py").write_text(f"NAME = {name!r}\n" + textwrap.dedent(rules))
    info = site / f"{package}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n")
    lines = "".join(f"{key} = {value}\n" for key, value in points.items())
    (info / "entry_points.txt").write_text(f"[lantern.games]\n{lines}")


def test_an_installed_game_is_listed_started_and_reopened_by_name(
    site: Path, tmp_path: Path
) -> None:
    install(site, "piggame", {"pig": "piggame.rules:GAME"})
    assert games.GAMES["pig"] == "piggame.rules:GAME"
    assert {"embers", "firelights", "voidlight", "pig"} <= set(games.GAMES)
    assert "piggame.rules" not in sys.modules  # listed without importing it
    with JourneyBook.start("first", game="pig", seed=7, folder=tmp_path) as book:
        for _ in range(3):
            if not book.state.over:
                book.play(game("pig").legal(book.state)[0])
        state, path = book.state, book.path
    with JourneyBook.open(path) as again:
        assert again.state == state and again.journey.game is game("pig")
    assert Journey.from_json(Journey.start("pig", seed=1).to_json()).game.name == "pig"


def test_the_generic_checker_plays_an_installed_game(site: Path) -> None:
    install(site, "piggame", {"pig": "piggame.rules:GAME"})
    checked = check_game(game("pig"), seed=3, steps=200)
    assert checked.actions == 200 and checked.refusals and checked.undos
    assert set(checked.kinds) == {"throw", "stop"}


def test_lantern_s_own_games_are_entry_points_of_its_package() -> None:
    """One mechanism: the shipped games are found as a plugin's are."""
    from importlib.metadata import entry_points

    declared = {p.name: p.value for p in entry_points(group="lantern.games") if p.dist}
    owners = {
        p.name: p.dist.metadata["Name"] for p in entry_points(group="lantern.games") if p.dist
    }
    for name in ("firelights", "voidlight", "embers"):
        assert declared[name] == f"rules.{name}:GAME" and owners[name] == "lantern"
    assert {name: games.GAMES[name] for name in declared} == declared


def test_the_entry_points_are_read_once(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = games.entry_points

    def counted(**kwargs: str) -> object:
        calls.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(games, "entry_points", counted)
    install(site, "piggame", {"pig": "piggame.rules:GAME"})
    assert "pig" in games.GAMES and games.GAMES["pig"] and len(games.GAMES) >= 4
    assert sorted(games.GAMES) == list(games.GAMES)
    assert calls == [{"group": "lantern.games"}]


@pytest.mark.parametrize(
    ("points", "rules", "name", "message"),
    [
        (
            {"pig": "piggame.missing:GAME"},
            PIG,
            "pig",
            "the game 'pig' from the package piggame 1.0 cannot be played: importing "
            "piggame.missing:GAME failed with ModuleNotFoundError: No module named "
            "'piggame.missing'",
        ),
        (
            {"pig": "piggame.rules:GAME"},
            "raise ImportError('the dice module is missing')\n",
            "pig",
            "importing piggame.rules:GAME failed with ImportError: the dice module is missing",
        ),
        (
            {"hog": "piggame.rules:GAME"},
            PIG,
            "pig",
            r"piggame.rules:GAME \(the package piggame 1.0\) is the game 'pig', not 'hog': a "
            "journey records its game's own name",
        ),
        (
            {"pig": "piggame.rules:NAME"},
            PIG,
            "pig",
            r"piggame.rules:NAME \(the package piggame 1.0\) is not a game Lantern can play: it "
            "has no initial, apply, parse_action",
        ),
        (
            {"pig": "piggame.rules:NOTHING"},
            PIG,
            "pig",
            "cannot be played: piggame.rules has no 'NOTHING'",
        ),
    ],
)
def test_a_broken_plugin_is_refused_in_a_sentence(
    site: Path, points: dict[str, str], rules: str, name: str, message: str
) -> None:
    install(site, "piggame", points, rules, name)
    (declared,) = points
    assert declared in games.GAMES  # listed: it breaks only when played
    with pytest.raises(InvalidInput, match=message):
        game(declared)
    assert game("embers").name == "embers"  # the others still play


def test_an_entry_point_that_is_no_game_is_set_aside_with_why(site: Path) -> None:
    install(site, "piggame", {"Pig Game": "piggame.rules:GAME", "hog": "piggame.rules"})
    install(site, "othergame", {"embers": "othergame.rules:GAME"})
    found = games.broken()
    assert found["Pig Game"].startswith("the package piggame 1.0 declares a game named 'Pig Game'")
    assert "'module:attribute'" in found["hog"]
    assert "two packages declare a game named 'embers'" in found["embers"]
    assert "uninstall one" in found["embers"]
    assert not {"Pig Game", "hog", "embers"} & set(games.GAMES)
    with pytest.raises(InvalidInput, match="the game 'embers' cannot be played: two packages"):
        game("embers")


def test_a_journey_of_a_game_no_longer_installed_is_refused_by_its_name(
    site: Path, tmp_path: Path
) -> None:
    """A name read from a file only picks a registered entry: nothing it says is imported."""
    install(site, "piggame", {"pig": "piggame.rules:GAME"})
    JourneyBook.start("early", game="pig", seed=1, folder=tmp_path).close()
    games._REGISTRY.__init__()  # type: ignore[misc]  # a new kernel, the package uninstalled
    for item in site.iterdir():
        if item.name.endswith(".dist-info"):
            (item / "entry_points.txt").unlink()
    with pytest.raises(WrongGame, match="is a journey of 'pig'; this Lantern plays"):
        JourneyBook.open("early", folder=tmp_path)
    with pytest.raises(InvalidInput, match=r"no game named 'piggame.rules:GAME'; the games are"):
        game("piggame.rules:GAME")
