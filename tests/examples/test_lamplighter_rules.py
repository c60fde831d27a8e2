"""The guide's example game (docs/examples/lamplighter) is tested like a shipped game, so the guide
cannot rot: its exact odds against every outcome played through ``apply``, its doctests, the
generic checker's random play (the one line the guide asks of a game's author), its entry point
and a journey file opened again by name, its size (under 300 lines of rules and 150 of widgets,
as the guide promises) and its imports (what a game may import, tests/test_layers.py). It is an
installed package (``docs/examples/pyproject.toml``; the test install adds it), so the shared
Hypothesis state machine and ``make fuzz`` play it as they play every registered game.
"""

from __future__ import annotations

import ast
import doctest
import sys
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from rules.book import JourneyBook
from rules.errors import IllegalAction, InvalidInput
from rules.play.check import check_game
from rules.record import games
from rules.record.games import GAMES, register_game
from rules.record.journey import Journey, game
from rules.table.chance import Replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "lamplighter"
sys.path.insert(0, str(ROOT / "tests"))
from lamplighter import game as lamplighter  # noqa: E402  (installed: docs/examples)
from test_layers import ALLOWED, layer  # noqa: E402


def test_random_play_keeps_every_promise() -> None:
    """The guide's one line: legal moves accepted, refusals refused, undo, replay, pickling and
    the game's own invariants, over journeys played at random (rules.play.check)."""
    check_game(lamplighter.GAME)


# --- exact odds: every outcome of the chance step, played through apply ------------------------


@pytest.mark.parametrize("wind", [0, 1, 2])
def test_light_odds_are_the_share_of_rolls_that_apply_makes_a_gust(wind: int) -> None:
    state = lamplighter.State(flames=2, wind=wind)
    dice = 2 + wind
    outcomes: Counter[str] = Counter()
    for faces in product(range(1, 7), repeat=dice):
        _after, report = lamplighter.apply(state, lamplighter.Light(), Replay([list(faces)]))
        outcomes[report.outcome] += 1
    assert outcomes["gust"] == 6**dice - 5**dice  # a 1 on any die
    odds = lamplighter.light_odds(state)
    assert dict(odds) == {k: Fraction(n, 6**dice) for k, n in outcomes.items()}


@pytest.mark.parametrize("deck", [lamplighter.NIGHT_DECK, ("gale", "still", "still"), ()])
def test_night_odds_are_the_share_of_cards_that_set_each_wind(deck: tuple[str, ...]) -> None:
    """Each card left face down is one outcome of Shield (an empty deck is gathered again)."""
    state = lamplighter.State(flames=1, deck=deck)
    cards = deck or lamplighter.NIGHT_DECK
    winds: Counter[int] = Counter()
    for card in cards:
        after, _report = lamplighter.apply(state, lamplighter.Shield(), Replay([card]))
        assert len(after.deck) == len(cards) - 1
        winds[after.wind] += 1
    odds = lamplighter.night_odds(state).map(lambda card: lamplighter.WIND[card])
    assert dict(odds) == {wind: Fraction(n, len(cards)) for wind, n in winds.items()}


def test_the_rules_doctests_pass() -> None:
    """The guide shows the module's docstring: its examples are run here."""
    failed, tried = doctest.testmod(lamplighter, optionflags=doctest.ELLIPSIS)
    assert failed == 0 and tried >= 5, (failed, tried)


# --- legal and apply agree, and refusals name what is offered -------------------------------


def test_apply_refuses_what_legal_does_not_offer_and_says_what_is() -> None:
    with pytest.raises(IllegalAction, match="Shield the lamps is not possible now; Light"):
        lamplighter.apply(lamplighter.State(), lamplighter.Shield(), Replay([]))
    ended = lamplighter.State(oil=0, status="dark")
    assert lamplighter.legal(ended) == ()
    with pytest.raises(IllegalAction, match="nothing: the journey is over"):
        lamplighter.apply(ended, lamplighter.Light(), Replay([]))


def test_the_last_shield_crosses_and_the_last_oil_goes_dark() -> None:
    five = lamplighter.State(lamps=4, flames=2, oil=1)
    crossed, _ = lamplighter.apply(five, lamplighter.Shield(), Replay([]))  # no card turned
    assert (crossed.status, crossed.lamps, crossed.oil) == ("crossed", 6, 0)
    dark, report = lamplighter.apply(
        lamplighter.State(oil=1), lamplighter.Light(), Replay([[1, 4]])
    )
    assert (dark.status, report.outcome) == ("dark", "gust")


# --- registration: by name, checked, and a journey file opens again by it ----------------------


def test_the_example_is_found_by_the_entry_point_its_package_declares() -> None:
    assert GAMES["lamplighter"] == "lamplighter.game:GAME"
    assert games._REGISTRY._from["lamplighter"] == "the package lamplighter 0.1.0"
    assert game("lamplighter") is lamplighter.GAME


def test_registering_again_is_harmless_and_the_game_is_found_by_name() -> None:
    register_game("lamplighter", "lamplighter.game:GAME")
    assert GAMES["lamplighter"] == "lamplighter.game:GAME"
    assert game("lamplighter") is lamplighter.GAME


@pytest.mark.parametrize(
    ("name", "target", "message"),
    [
        ("Lamp Lighter", "lamplighter.game:GAME", "short lowercase word.*'Lamp Lighter'"),
        ("lamp", "lamplighter.game", "'module:attribute'.*'lamplighter.game'"),
        ("embers", "lamplighter.game:GAME", "already the game at 'rules.embers:GAME'"),
        ("lamp", "lamplighter.game:GAME", "is the game 'lamplighter', not 'lamp'"),
        ("lamp", "lamplighter.game:NOTHING", "has no 'NOTHING'"),
        ("lamp", "lamplighter.game:LAMPS", "is not a game Lantern can play: it has no initial"),
    ],
)
def test_a_bad_registration_is_refused_in_words(name: str, target: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        register_game(name, target)
    assert "lamp" not in GAMES and GAMES["embers"] == "rules.embers:GAME"


def test_a_journey_file_of_the_example_opens_again_by_name(tmp_path: Path) -> None:
    with JourneyBook.start("bridge", game="lamplighter", seed=4, folder=tmp_path) as book:
        for _ in range(3):
            book.play(lamplighter.legal(book.state)[0])
        state = book.state
    with JourneyBook.open("bridge", game="lamplighter", folder=tmp_path) as again:
        assert again.state == state and again.actions == 3
    record = Journey.start("lamplighter", seed=4).to_json()
    assert Journey.from_json(record).game is lamplighter.GAME


# --- the guide's promises about the example itself --------------------------------------------


@pytest.mark.parametrize(("file", "most"), [("game.py", 300), ("panel.py", 150)])
def test_the_example_stays_small(file: str, most: int) -> None:
    lines = len((EXAMPLE / file).read_text(encoding="utf-8").splitlines())
    assert lines < most, (
        f"docs/examples/lamplighter/{file} has {lines} lines; the guide says < {most}"
    )


def imports(path: Path) -> set[str]:
    """The top-level packages and modules a file imports (``rules.table``, ``widgets.frame``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


@pytest.mark.parametrize(
    ("file", "package"), [("game.py", "rules.embers"), ("panel.py", "widgets.embers")]
)
def test_the_example_imports_only_what_a_game_may(file: str, package: str) -> None:
    """The rules import what a game package of rules/ may, the panel what a game's widgets may
    (besides the standard library, ipywidgets and the example's own rules)."""
    ours = [name for name in imports(EXAMPLE / file) if name.split(".")[0] in ("rules", "widgets")]
    outside = sorted(name for name in ours if layer(name) not in ALLOWED[package])
    assert ours and not outside, f"{file} imports {outside}: {package} may import only " + str(
        sorted(ALLOWED[package])
    )
