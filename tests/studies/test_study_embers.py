"""The Embers study: win rate by difficulty and policy, turns survived, one card set against
another ("What is simulated"; "a player's own cards")."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.embers import DIFFICULTIES, load, shipped, win_rate
from rules.embers.cards import SHIPPED
from rules.embers.players import FastChance, RandomPlayer, heuristic, play
from rules.embers.state import State
from rules.errors import InvalidInput
from rules.play.simulate import run_seed
from rules.studies import embers_study
from rules.studies.embers import card_sets


def test_each_cell_is_win_rate_of_the_same_games() -> None:
    """Two ways: the study plays through simulate(); win_rate plays its own loop over the same
    deals (game i from run_seed(seed, i)), so every count and interval agrees."""
    rows = embers_study(DIFFICULTIES, ("heuristic", "random"), games=40, seed=3)
    assert [(r.difficulty, r.policy) for r in rows] == [
        (d, p) for d in DIFFICULTIES for p in ("heuristic", "random")
    ]
    for row in rows:
        alone = win_rate(row.difficulty, 40, row.policy, seed=3)
        assert (row.wins.count, row.wins.low, row.wins.high) == (alone.count, alone.low, alone.high)


def test_turns_survived_are_the_turns_each_game_ended_in() -> None:
    (row,) = embers_study(("veteran",), ("heuristic",), games=25, seed=5)
    ends = [
        play(State.new("veteran"), heuristic, FastChance(run_seed(5, game))) for game in range(25)
    ]
    assert sorted(v for v, c in row.turns.counts for _ in range(c)) == sorted(s.turn for s in ends)
    lost = [s.turn for s in ends if s.phase == "lost"]
    assert row.turns_lost.runs == len(lost) == 25 - row.wins.count
    low, high = row.turns.interval
    assert row.turns.low <= low <= row.turns.mean <= high <= row.turns.high


def test_the_random_player_is_built_for_each_game_from_its_seed() -> None:
    (row,) = embers_study(("recruit",), ("random",), games=10, seed=2)
    won = sum(
        play(State.new("recruit"), RandomPlayer(s), FastChance(s)).phase == "won"
        for s in (run_seed(2, game) for game in range(10))
    )
    assert row.wins.count == won


def test_a_players_card_file_against_the_shipped_set(tmp_path: Path) -> None:
    """The same file under another name plays the same games; a changed file is read from its
    path and played as win_rate plays it with those cards."""
    same = tmp_path / "same.toml"
    same.write_text(SHIPPED.read_text(encoding="utf-8"), encoding="utf-8")
    weaker = tmp_path / "weaker.toml"
    weaker.write_text(
        SHIPPED.read_text(encoding="utf-8").replace("health = 3", "health = 2"),
        encoding="utf-8",
    )
    rows = embers_study(
        ("warrior",), games=40, seed=1, cards={"shipped": shipped(), "same": same, "weaker": weaker}
    )
    by_name = {row.cards: row for row in rows}
    assert by_name["same"].wins.count == by_name["shipped"].wins.count
    assert by_name["same"].turns == by_name["shipped"].turns
    theirs = win_rate("warrior", 40, "heuristic", seed=1, cards=load(weaker))
    assert by_name["weaker"].wins.count == theirs.count


def test_a_row_is_one_table_row_of_numbers() -> None:
    (row,) = embers_study(("recruit",), games=10, seed=0)
    record = row.record()
    assert record["cards"] == "shipped" and record["games"] == 10
    assert record["win rate low"] <= record["win rate"] <= record["win rate high"]
    assert record["turns low"] <= record["turns"] <= record["turns high"]


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"difficulties": ("hero",)}, "'hero'"),
        ({"policies": ("clever",)}, "'clever'"),
        ({"difficulties": ()}, "at least one difficulty"),
        ({"cards": {"mine": 3}}, "3"),
        ({"cards": {}}, "name the card sets"),
        ({"cards": {"mine": "/no/such/cards.toml"}}, "/no/such/cards.toml"),
    ],
)
def test_bad_study_arguments_are_refused_by_name(given: dict[str, object], named: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        embers_study(games=2, **given)  # type: ignore[arg-type]
    assert named in str(caught.value)


def test_card_sets_default_to_the_shipped_set() -> None:
    assert card_sets() == {"shipped": shipped()}
