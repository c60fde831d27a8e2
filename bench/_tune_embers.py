"""Tune Embers' card set: a candidate's win rates for the heuristic and the search player.

A candidate is the shipped card file with changes, each ``CARD.FIELD=VALUE``: ``CARD`` names a
fire card (``Dry Moss``) or a hero side (``Scout.1``, ``Scout.2``), ``FIELD`` a field or a dotted
path inside it (``monster.flames``, ``event.amount``, ``health``, ``promote``). Every cell plays
game *i* from ``FastChance(run_seed(2026, i))`` as the benches do (common random numbers: two
candidates differ by their cards, not by their deals). The search is cheaper than the bench's by
default (``--runs``, and no time limit: reproducible), so it reads a little weaker than
``python -m bench strong``, which confirms a chosen set.

Run: ``python -m bench._tune_embers --games=100 --runs=16 --difficulty=warrior,veteran
"Dry Moss.event.amount=3" ...``; ``--heuristic=N`` heuristic games (default 2,000);
``--file=PATH`` another base file.
"""

from __future__ import annotations

import sys
import time
import tomllib
from typing import Any

from rules.embers import State, apply, heuristic
from rules.embers.cards import SHIPPED, CardSet, parse
from rules.embers.players import play
from rules.embers.search import strong_player, won
from rules.play.simulate import run_seed
from rules.table.chance import FastChance
from rules.table.estimate import wilson_interval

SEED = 2026


def changed(data: dict[str, Any], change: str) -> None:
    """Apply one ``CARD.FIELD=VALUE`` to the parsed card file ``data`` (in place)."""
    where, value = change.split("=", 1)
    card, *path = where.split(".")
    if path and path[0] in ("1", "2"):
        hero = next(h for h in data["hero"] if h["name"] == card)
        table = hero[f"level_{path.pop(0)}"]
    else:
        table = next(c for c in data["fire"] if c["name"] == card)
    *inner, last = path
    for key in inner:
        table = table[key]
    try:  # a TOML value (3, -1, true, "none"), else a bare word
        table[last] = tomllib.loads(f"value = {value}")["value"]
    except tomllib.TOMLDecodeError:
        table[last] = value


def candidate(changes: list[str], base: str = str(SHIPPED)) -> CardSet:
    with open(base, "rb") as file:
        data = tomllib.load(file)
    for change in changes:
        changed(data, change)
    return parse(data, "a candidate")


def _rate(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{wins / games:6.1%} ({low:.1%}-{high:.1%})"


def main(argv: list[str]) -> int:
    options = {a[2:].split("=", 1)[0]: a.split("=", 1)[1] for a in argv if a.startswith("--")}
    changes = [a for a in argv if not a.startswith("--")]
    games, runs = int(options.get("games", 100)), int(options.get("runs", 64))
    seconds = float(options["seconds"]) if "seconds" in options else None
    heuristic_games = int(options.get("heuristic", 2000))
    cards = candidate(changes, options.get("file", str(SHIPPED)))
    print(" ".join(repr(c) for c in changes) or "(the shipped set)", flush=True)
    for difficulty in options.get("difficulty", "recruit,warrior,veteran").split(","):
        started, start = time.perf_counter(), State.new(difficulty, cards)
        base = sum(
            play(start, heuristic, FastChance(run_seed(SEED, i))).phase == "won"
            for i in range(heuristic_games)
        )
        best = 0
        for i in range(games):
            seed = run_seed(SEED, i)
            player, chance, state = strong_player(seed, runs, seconds), FastChance(seed), start
            while (result := won(state)) is None:
                state = apply(state, player(state), chance)[0]
            best += result
        searched = f"search {_rate(best, games)}  " if games else ""
        print(
            f"  {difficulty:8} heuristic {_rate(base, heuristic_games)}  "
            f"{searched}[{time.perf_counter() - started:.0f} s]",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
