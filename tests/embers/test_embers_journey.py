"""Embers on the Journey rails: registered by name, recorded, replayed, summarised."""

from __future__ import annotations

from typing import Any

from rules.embers import Begin, heuristic
from rules.record.journey import GAMES, Journey, game


def test_embers_is_registered_in_games() -> None:
    assert GAMES["embers"] == "rules.embers:GAME" and game("embers").name == "embers"


def test_a_heuristic_game_replays_from_its_record_to_the_same_state() -> None:
    for seed in (1, 2, 3):
        journey: Any = Journey.start("embers", seed=seed, options={"difficulty": "veteran"})
        while not journey.state.over:
            journey.play(heuristic(journey.state))
        assert Journey.from_json(journey.to_json()).state == journey.state


def test_the_summary_and_the_mechanics_line() -> None:
    journey: Any = Journey.start("embers", seed=4)
    report = journey.play(Begin())
    text = game("embers").summary(journey.state)  # type: ignore[attr-defined]
    assert "| N |" in text and "hours to dawn" in text
    assert report.mechanics().startswith("Begin: heroes at N ")
