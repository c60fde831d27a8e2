"""Durability for every game: "the SIGKILL test (≥ 50 kills at random moments, including
during the Voidlight timer's rolls) finds every acknowledged action; two processes playing the
same journey lose nothing and get the clear JourneyChanged message."

A child (kill_child.py) plays a journey of one game and prints ``ack N ENTRY`` after each commit;
the parent kills it with SIGKILL a random number of acknowledgements in (or, for the Voidlight
timer, right as a tick starts to roll the light), after a random pause, reopens the file and
checks that every entry acknowledged so far is there, in its place, unchanged; then a new child
goes on with the same journey, and a new journey begins when one ends. The kill points come from
a generator seeded by the game's name. ``LANTERN_KILLS`` sets the kills per mode (15 each, 60 in
all, by default; ``LANTERN_KILLS=250`` for a long run).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hardening_helpers import digest, journeys

from rules.book import JourneyBook
from rules.book.store.database import JourneyChanged

__all__ = ["journeys"]  # the folder fixture, autouse

HERE = Path(__file__).resolve().parent
CHILD = HERE / "kill_child.py"
KILLS = int(os.environ.get("LANTERN_KILLS", "15"))
MODES = {"firelights": "firelights", "voidlight": "voidlight", "voidlight-timer": "voidlight",
         "embers": "embers"}  # fmt: skip
ACTIONS = 400  # the most a journey plays before the next one begins

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")


def spawn(
    mode: str, path: Path, seed: int, actions: int = ACTIONS, *extra: str
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(CHILD), mode, str(path), str(seed), str(actions), *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(HERE.parents[1])},
    )


def reopened(path: Path, game: str) -> list[str]:
    """The entries the file holds, as the child printed them; the file is sound SQLite."""
    book = JourneyBook.open(path, game=game)  # replays every entry: a bad one is refused
    try:
        assert book.store.integrity() == ["ok"]
        return [json.dumps(entry.to_json(), sort_keys=True) for entry in book.entries]
    finally:
        book.close()


class Tally:
    """What one mode's run did: the figures the test prints."""

    def __init__(self) -> None:
        self.kills = self.in_tick = self.at_start = self.acknowledged = self.journeys = 0

    def __str__(self) -> str:
        return (
            f"{self.kills} kills ({self.in_tick} as a timer tick rolled, {self.at_start} while "
            f"a journey started), {self.acknowledged} acknowledged actions, all found, over "
            f"{self.journeys} journeys"
        )


def kill_once(mode: str, path: Path, seed: int, known: list[str], rng: random.Random, tally: Tally) -> bool:  # fmt: skip
    """One child on ``path``, killed at a random moment (True) or played to its end (False);
    ``known`` (the entries found so far) grows by what it acknowledged."""
    child = spawn(mode, path, seed)
    assert child.stdout is not None
    acks = rng.randint(1, 12)
    at_tick = mode == "voidlight-timer" and rng.random() < 0.6
    at_start = not known and rng.random() < 0.3
    killed_in_tick = ended = False
    if at_start:
        time.sleep(rng.uniform(0.0, 0.15))  # the file may not even exist yet
    else:
        for line in child.stdout:
            word, _, rest = line.rstrip("\n").partition(" ")
            if word == "ack":
                count, _, entry = rest.partition(" ")
                assert int(count) == len(known) + 1, "the child went on from a lost action"
                known.append(entry)
                tally.acknowledged += 1
                acks -= 1
                if acks <= 0 and not at_tick:
                    break
            elif word == "tick" and acks <= 0:
                killed_in_tick = True
                break
            elif word == "done":
                ended = True
                break
    if not ended:
        time.sleep(rng.uniform(0.0, 0.004))
        os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    stderr = child.stderr.read() if child.stderr else ""
    for stream in (child.stdin, child.stdout, child.stderr):
        if stream is not None:
            stream.close()
    assert child.returncode in ((0,) if ended else (0, -signal.SIGKILL)), stderr
    if path.exists():
        found = reopened(path, MODES[mode])
        assert found[: len(known)] == known  # every acknowledged action, in its place
        known[:] = found  # committed before the kill though not yet acknowledged: kept too
    else:
        assert at_start and not known
    if ended or child.returncode == 0:
        return False
    tally.kills += 1
    tally.in_tick += killed_in_tick
    tally.at_start += at_start
    return True


@pytest.mark.parametrize("mode", list(MODES))
def test_killed_at_random_moments_every_acknowledged_action_is_found(
    tmp_path: Path, mode: str
) -> None:
    rng = random.Random(f"kills/{mode}")
    tally = Tally()
    seed, known = 1, list[str]()
    path = tmp_path / f"{mode}-{seed}.lantern"
    tally.journeys = 1
    while tally.kills < KILLS:
        if not kill_once(mode, path, seed, known, rng, tally) or len(known) >= ACTIONS:
            seed, known = seed + 1, list[str]()
            path = tmp_path / f"{mode}-{seed}.lantern"
            tally.journeys += 1
    print(f"{mode}: {tally}")
    assert tally.kills == KILLS
    if mode == "voidlight-timer":
        assert tally.in_tick >= KILLS // 4  # the kills that land as the timer rolls the light


# --- two processes on one journey -----------------------------------------------------------


def first_moves(game: str) -> list[Any]:
    """A few actions of ``game`` that are always legal from its start."""
    if game == "firelights":
        from rules.firelights import Ask, Begin

        return [Begin("Wick", "she/her", forceful=2, patient=1, quick=0), Ask("even")]
    if game == "voidlight":
        from rules.voidlight import Create, Fortune

        return [Create("Vex", "she/her", 2, 1, 1, 1), Fortune("even")]
    from rules.embers import Begin

    return [Begin()]


def next_move(book: Any) -> Any:
    """An action legal in the state this notebook still shows."""
    if book.game.name == "embers":
        from rules.embers import legal

        return legal(book.state)[0]
    return first_moves(book.game.name)[-1]


@pytest.mark.parametrize("game", ["firelights", "voidlight", "embers"])
def test_a_second_process_on_the_same_journey_loses_nothing_and_the_first_is_told(
    journeys: Path, game: str
) -> None:
    """This notebook plays; another process opens the same journey and plays 3 actions; this
    notebook's next action is refused with JourneyChanged, the file untouched by the refusal;
    reopened, the journey holds every action of both, in the order they were committed."""
    here = JourneyBook.start("shared", game=game, seed=3)
    for action in first_moves(game):
        here.play(action)
    path, mine = here.path, len(here.entries)
    other = spawn("voidlight" if game == "voidlight" else game, path, 3, mine + 3)
    out, err = other.communicate(timeout=60)
    assert other.returncode == 0, err
    theirs = [line.split(" ", 2)[2] for line in out.splitlines() if line.startswith("ack ")]
    assert len(theirs) == 3
    before = digest(path)
    with pytest.raises(JourneyChanged) as refused:
        here.play(next_move(here))
    assert type(refused.value) is JourneyChanged
    assert str(refused.value) == (
        f"{str(path)!r} was changed by another notebook or kernel since it was opened here: "
        "open it again to continue from what it holds now"
    )
    assert len(here.entries) == mine  # the refused action is not kept in memory either
    assert digest(path) == before
    here.close()
    found = reopened(path, game)
    assert len(found) == mine + 3 and found[mine:] == theirs


CHANGED = (
    "{path!r} was changed by another notebook or kernel since it was opened here: open it "
    "again to continue from what it holds now"
)


@pytest.mark.parametrize("game", ["firelights", "voidlight", "embers"])
def test_two_processes_playing_at_once_lose_nothing(journeys: Path, game: str) -> None:
    """Two processes play one journey at the same time, each opening it again whenever it is
    told JourneyChanged: every action either acknowledged is in the file at the place it was
    acknowledged, no place was acknowledged twice, and nothing is there that nobody
    acknowledged."""
    options = {"difficulty": "recruit"} if game == "embers" else None  # a longer night
    book = JourneyBook.start("shared", game=game, seed=4, options=options)
    book.play(first_moves(game)[0])
    path = book.path
    book.close()
    players = [spawn(game, path, 4 + n, 120, "share") for n in range(2)]
    for player in players:
        assert player.stdin is not None
        player.stdin.write("go\n")
        player.stdin.close()
        player.stdin = None  # both go at once; communicate() below only reads
    acked: dict[int, str] = {}
    changed = 0
    for player in players:
        out, err = player.communicate(timeout=120)
        assert player.returncode == 0, err
        for line in out.splitlines():
            word, _, rest = line.partition(" ")
            if word == "ack":
                count, _, entry = rest.partition(" ")
                assert int(count) not in acked, "two actions acknowledged at one place"
                acked[int(count)] = entry
            elif word == "changed":
                assert rest == CHANGED.format(path=str(path))
                changed += 1
    found = reopened(path, game)
    assert {n: found[n - 1] for n in acked} == acked
    assert sorted(acked) == list(range(2, len(found) + 1))  # the first was played here
    print(f"{game}: {len(acked)} actions by two processes at once, {changed} JourneyChanged")
