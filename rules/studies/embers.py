"""Embers: win rate by difficulty and policy, turns survived, and one card set against another.

Why the same seeds in every cell: game *i* of every (card set, difficulty, policy) cell is dealt
from ``run_seed(seed, i)``, exactly as :func:`rules.embers.win_rate` deals it, so the cells differ
only by what is compared (common random numbers: a difference between two card sets is not the
luck of two different sets of shuffles), and a cell equals ``win_rate`` of the same arguments.

>>> rows = embers_study(("recruit",), ("heuristic",), games=20, seed=1)
>>> (rows[0].difficulty, rows[0].policy, rows[0].cards, rows[0].wins.runs)
('recruit', 'heuristic', 'shipped', 20)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.embers import DIFFICULTIES, GAME, POLICIES, CardSet, RandomPlayer, State, heuristic
from rules.embers import load as load_cards
from rules.errors import InvalidInput
from rules.play.simulate import PerRun, simulate
from rules.studies.common import rate_columns, tally_columns
from rules.table.chance import FastChance
from rules.table.estimate import Estimate, Tally

__all__ = ["MAX_ACTIONS", "EmbersRow", "card_sets", "embers_study", "turns", "turns_when_lost"]

#: Far more actions than a night takes (a whole game is about 40): a policy stuck in a loop ends.
MAX_ACTIONS = 10_000


@dataclass(frozen=True)
class EmbersRow:
    """One cell of the study: a card set, a difficulty and a policy, and how their games went."""

    #: The card set played, by name.
    cards: str
    #: "recruit", "warrior" or "veteran".
    difficulty: str
    #: The player's policy, by name.
    policy: str
    #: Games won (the heroes survive to dawn), with its 95% interval.
    wins: Estimate
    #: The turns a game lasted.
    turns: Tally
    #: The turns a lost game lasted.
    turns_lost: Tally

    def record(self) -> dict[str, Any]:
        """The row as flat table columns."""
        return {
            "cards": self.cards,
            "difficulty": self.difficulty,
            "policy": self.policy,
            "games": self.wins.runs,
            **rate_columns("win rate", self.wins),
            **tally_columns("turns", self.turns),
            **tally_columns("turns when lost", self.turns_lost),
        }


def turns(state: State) -> int:
    """The turn a game ended in."""
    return state.turn


def turns_when_lost(state: State) -> int | None:
    """The turn a lost game ended in (None for a won game)."""
    return state.turn if state.phase == "lost" else None


def card_sets(cards: Mapping[str, CardSet | str | Path] | None = None) -> dict[str, CardSet]:
    """Named card sets, each a :class:`~rules.embers.cards.CardSet` or the path of a card file (read
    and checked here); ``{"shipped": <the shipped set>}`` by default."""
    if cards is None:
        return {"shipped": State.new().cards}
    if not isinstance(cards, Mapping) or not cards:
        raise InvalidInput(f"name the card sets to compare, e.g. {{'mine': 'my.toml'}}: {cards!r}")
    found = {}
    for name, given in cards.items():
        if isinstance(given, CardSet):
            found[str(name)] = given
        elif isinstance(given, str | Path):
            found[str(name)] = load_cards(given)
        else:
            raise InvalidInput(f"card set {name!r} is a CardSet or a card file's path: {given!r}")
    return found


def _policy(name: str) -> Callable[[State], Any] | PerRun[State]:
    if name not in POLICIES:
        raise InvalidInput(f"the policies are {', '.join(POLICIES)}, not {name!r}")
    # the random player has a generator of its own: built for each game from its seed, as
    # win_rate builds it; the heuristic player is one function for every game
    return heuristic if name == "heuristic" else PerRun(RandomPlayer)


def embers_study(
    difficulties: Iterable[str] = DIFFICULTIES,
    policies: Iterable[str] = ("heuristic",),
    *,
    games: int = 1000,
    seed: int = 0,
    cards: Mapping[str, CardSet | str | Path] | None = None,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: object = None,
) -> tuple[EmbersRow, ...]:
    """``games`` whole games for each card set x difficulty x policy ("heuristic", "random").

    ``cards``: the card sets to compare by name (see :func:`card_sets`), e.g. ``{"shipped":
    rules.embers.shipped(), "mine": "my-cards.toml"}``. ``progress`` is told of every chunk of
    every cell: a bar of ``total = games * cells`` fills once.
    """
    chosen = _listed("difficulty", difficulties, DIFFICULTIES)
    players = _listed("policy", policies, tuple(POLICIES))
    sets = card_sets(cards)
    rows = []
    for name, card_set in sets.items():
        for difficulty in chosen:
            for policy in players:
                result = simulate(
                    GAME,
                    State.new(difficulty, card_set),
                    _policy(policy),
                    runs=games,
                    seed=seed,
                    max_steps=MAX_ACTIONS,
                    measures={"turns": turns, "turns when lost": turns_when_lost},
                    chance=FastChance,
                    executor=executor,
                    chunk=chunk,
                    progress=progress,
                )
                rows.append(
                    EmbersRow(
                        name,
                        difficulty,
                        policy,
                        result.estimate("won"),
                        result.measure("turns"),
                        result.measure("turns when lost"),
                    )
                )
    return tuple(rows)


def _listed(what: str, given: Iterable[str], allowed: Sequence[str]) -> tuple[str, ...]:
    if isinstance(given, str):
        given = (given,)
    found = tuple(given)
    for item in found:
        if item not in allowed:
            raise InvalidInput(f"each {what} is one of {', '.join(allowed)}, not {item!r}")
    if not found:
        raise InvalidInput(f"name at least one {what} of {', '.join(allowed)}")
    return found
