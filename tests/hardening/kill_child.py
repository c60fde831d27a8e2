"""The child of the kill tests: plays one game's journey and acknowledges each committed action.

Usage: ``python kill_child.py MODE JOURNEY_PATH SEED ACTIONS [share]``, MODE one of ``firelights``,
``voidlight``, ``embers`` (a player picking among the offered actions, played through
``JourneyBook.play``) or ``voidlight-timer`` (the Voidlight panel on that book, its live timer on
a fake clock rolling the Voidlight through ``GameFrame.act`` between the player's own actions).

Each choice depends only on the seed and the number of entries, so a child started again on
the journey a killed one left goes on as that one would have. After each action is committed it
prints ``ack N ENTRY`` (N entries, the last one's JSON) and flushes, as a panel shows the result;
before a timer tick that rolls, ``tick N``, so the parent can kill during the roll itself.
With ``share`` it plays an existing journey alongside another process (see :func:`share`);
``voidlight-seat`` sits at an existing crew's table as the character named by SEAT_NAME (the
environment) and acts for them through the seat panel while the GM plays (see :func:`sit`).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1])]

from rules.book import JourneyBook  # noqa: E402

GAMES = {"firelights": "firelights", "voidlight": "voidlight", "voidlight-timer": "voidlight",
         "embers": "embers", "voidlight-seat": "voidlight"}  # fmt: skip
#: What a seat's player does for their own character (the seat offers no more).
SEAT_PLAYER = ("check", "push", "cost", "skip_cost", "take", "drop", "save", "choose")
#: What the timer mode's player does between ticks (no Elapse or SetTimer: the timer's own).
TIMER_PLAYER = ("check", "push", "cost", "take", "save", "choose", "swap_battery", "damage",
                "credits", "roll_light", "create", "create_random", "drop", "fortune")  # fmt: skip


def ack(book: Any) -> None:
    entry = json.dumps(book.entries[-1].to_json(), sort_keys=True)
    print(f"ack {len(book.entries)} {entry}", flush=True)


def choose(mode: str, state: Any, rng: random.Random) -> Any:
    if mode == "firelights":
        from rules.firelights import SensiblePlayer

        return SensiblePlayer(bold=rng.random() < 0.3).next_action(state)
    if mode == "embers":
        from rules.embers import heuristic, legal

        return heuristic(state) if rng.random() < 0.9 else rng.choice(legal(state))
    from rules.voidlight import legal

    return rng.choice(legal(state))  # the generic checker's pick: any action the rules list


def one_of(state: Any, kinds: list[str], rng: random.Random, who: str | None = None) -> Any:
    """An action the rules list (:func:`rules.voidlight.legal`, the generic checker's) of one of
    ``kinds`` (for ``who`` when given): a kind first, so a kind with many arguments is not
    picked for that alone; a kind whose representative few are all used lists none (None: none
    of them lists any)."""
    from rules.voidlight import legal

    listed = [found for kind in dict.fromkeys(kinds) if (found := legal(state, kind, who))]
    return rng.choice(rng.choice(listed)) if listed else None


def play(mode: str, book: Any, seed: int, actions: int) -> None:
    while len(book.entries) < actions and not book.state.over:
        rng = random.Random(f"{seed}/{len(book.entries)}")
        book.play(choose(mode, book.state, rng))
        ack(book)


def share(mode: str, path: Path, seed: int, actions: int) -> None:
    """Play alongside another process: wait for ``go``; on JourneyChanged say so, open the
    journey again (as the message asks) and go on from what it holds."""
    from rules.book.store.database import JourneyChanged

    sys.stdin.readline()
    book = JourneyBook.open(path, game=GAMES[mode])
    while True:
        try:
            play(mode, book, seed, actions)
            break
        except JourneyChanged as changed:
            print(f"changed {changed}", flush=True)
            book.close()
            book = JourneyBook.open(path, game=GAMES[mode])
    book.close()


def play_with_timer(book: Any, seed: int, actions: int) -> None:
    from rules.voidlight import available
    from widgets.voidlight import VoidlightPanel
    from widgets.voidlight.timer import next_due

    now = [1000.0]
    panel = VoidlightPanel(book, clock=lambda: now[0], minute_seconds=1.0)
    timer = panel.timer
    timer.resume()
    while len(book.entries) < actions and not book.state.over:
        entries = len(book.entries)
        rng = random.Random(f"{seed}/{entries}")
        state = book.state
        action = one_of(state, [k for k in available(state) if k in TIMER_PLAYER], rng)
        ahead = next_due(state) if "elapse" in available(state) else None
        if ahead is not None and (action is None or rng.random() < 0.5):
            print(f"tick {entries}", flush=True)
            if not timer.running:
                timer.resume()  # it stopped at a choice, or the expedition was reopened
            now[0] += ahead[0] * timer.minute_seconds - timer.carried
            timer.tick()  # plays Elapse through the panel, as the timer's task does
        elif action is not None:
            panel.act(action, table=False)
        else:
            break
        if len(book.entries) != entries + 1:
            raise SystemExit(f"no action was played: {panel.messages.value!r}")
        ack(book)


def sit(path: Path, seed: int, actions: int) -> None:
    """A player's seat: look at the file (as the follow task does), then act for the claimed
    character when the rules offer them something; ``ack N ENTRY`` after each write that was
    saved, ``raced`` after one the GM won (the seat was told and shows the GM's action)."""
    import os
    import time

    from rules.voidlight import open_moves
    from widgets.voidlight.seat import VoidlightSeat

    name = os.environ["SEAT_NAME"]
    seat = VoidlightSeat(JourneyBook.open(path, game="voidlight"), claim=name)
    book = seat.journey
    while len(book.entries) < actions and not book.state.over:
        seat.poll()
        if seat.claimed != name:  # not sat yet (the GM wrote as it asked): a page offers nothing
            time.sleep(0.002)
            continue
        state = book.state
        rng = random.Random(f"{seed}/{len(book.entries)}")
        mine = [kind for kind, who in open_moves(state) if who == name and kind in SEAT_PLAYER]
        action = one_of(state, mine, rng, name)
        if action is None:
            time.sleep(0.002)
            continue
        entries = len(book.entries)
        seat.act(action, table=False)
        if seat.messages.is_error:
            if "someone else played first" not in seat.messages.text:
                raise SystemExit(f"refused: {seat.messages.text}")
            print("raced", flush=True)
        elif len(book.entries) == entries + 1:
            ack(book)


def main(mode: str, path: str, seed: int, actions: int, sharing: bool = False) -> None:
    if mode == "voidlight-seat":
        sit(Path(path), seed, actions)
        print("done", flush=True)
        return
    if sharing:
        share(mode, Path(path), seed, actions)
        print("done", flush=True)
        return
    book = JourneyBook.open_or_start(Path(path), game=GAMES[mode], seed=seed)
    if mode == "voidlight-timer":
        play_with_timer(book, seed, actions)
    else:
        play(mode, book, seed, actions)
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:] == ["share"])
