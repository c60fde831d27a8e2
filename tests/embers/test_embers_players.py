"""Simulation: the random and heuristic players and win_rate with its 95% interval."""

from __future__ import annotations

import pytest

from rules.embers import legal
from rules.embers.players import RandomPlayer, heuristic, play, win_rate
from rules.embers.state import State
from rules.errors import InvalidInput
from rules.table.chance import Chance


@pytest.mark.parametrize("policy", [heuristic, RandomPlayer(4)])
def test_players_only_choose_legal_actions_and_games_end(policy: object) -> None:
    state = State.new("warrior")
    chance = Chance(9)
    from rules.embers import apply

    while not state.over:
        action = policy(state)  # type: ignore[operator]
        assert action in legal(state)
        state, _ = apply(state, action, chance)
    assert state.phase in ("won", "lost")


def test_win_rate_is_reproducible_and_carries_a_95_percent_interval() -> None:
    first = win_rate("recruit", 40, "heuristic", seed=2)
    assert first == win_rate("recruit", 40, "heuristic", seed=2)
    assert first.low <= float(first.share) <= first.high


def test_the_heuristic_player_beats_the_random_player() -> None:
    assert (
        win_rate("recruit", 60, "heuristic", 1).count > win_rate("recruit", 60, "random", 1).count
    )


def test_play_from_a_state_reaches_the_end() -> None:
    assert play(State.new("veteran"), heuristic, Chance(1)).over


def test_win_rate_refuses_unknown_policies_and_difficulties() -> None:
    with pytest.raises(InvalidInput, match="'clever'"):
        win_rate("recruit", 1, "clever")
    with pytest.raises(InvalidInput, match="'hero'"):
        win_rate("hero", 1)
