"""The journey told back at its end: the beacons, the Curses, the Fatigue, what ended it.

Why from the states: a recap is a projection of the journey (every state after each action, as
:func:`rules.play.recap.states_of` replays them), never a record of its own, so an old journey
gets one too and nothing is written. A Curse met is one that was onto you at some point (the
state's ``facing``); Fatigue filled up when it reached its last box from below; a rest is an entry added to the
Journey Book (a rest always writes one, blank or not).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.firelights.state import FATIGUE_BOXES, State
from rules.firelights.world import BEACONS

__all__ = ["recap"]


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def recap(states: Iterable[State]) -> tuple[str, ...]:
    """The journey's recap, a line each: the beacons lit, the Curses met and defeated, how often
    Fatigue filled up and how often you rested, and what ended it. Empty while it goes on."""
    met: list[str] = []
    full = rests = 0
    before: State | None = None
    last: State | None = None
    for state in states:
        last = state
        if state.facing and state.facing not in met:
            met.append(state.facing)
        if before is not None:
            if state.fatigue >= FATIGUE_BOXES > before.fatigue:
                full += 1
            if len(state.book) > len(before.book):  # a rest writes its entry, blank or not
                rests += 1
        before = state
    if last is None or not last.over:
        return ()
    defeated = [track.name for track in last.curses if track.perished]
    lines = [f"Beacons lit: {last.beacons_lit} of {BEACONS}."]
    if met or defeated:
        lines.append(
            f"Curses onto you: {', '.join(met) or 'none'}; "
            f"defeated: {', '.join(defeated) or 'none'}."
        )
    else:
        lines.append("Curses: none came onto you.")
    lines.append(f"Fatigue filled up {_times(full)}" if full else "Fatigue never filled up")
    lines[-1] += f"; you rested {_times(rests)}." if rests else "; you never rested."
    lines.append(f"What ended it: {_ended(before, last)}.")
    return tuple(lines)


def _ended(before: State | None, last: State) -> str:
    """Why the journey is over, read from its last two states."""
    if last.status == "complete":
        return "the sixth beacon was lit"
    if before is not None and before.fatigue >= FATIGUE_BOXES:
        return "Fatigue marked while your Fatigue was full extinguished your light"
    if len(last.deck.draw_pile) + len(last.deck.discard_pile) < 2:
        return "too few cards were left to make another action: your light went out"
    return "your light went out"
