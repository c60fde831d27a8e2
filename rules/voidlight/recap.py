"""The expedition told back at its end: how long, the light, the wounds, the saves, what ended it.

Why from the states: a recap is a projection of the journey (every state after each action, as
:func:`rules.play.recap.states_of` replays them), never a record of its own, so an old journey
gets one too and nothing is written. A Battery slotted is the Voidlight's pool filling up again; a
Critical Save made is one asked (a pending save) and answered.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.voidlight.pools import FULL
from rules.voidlight.report import LOST
from rules.voidlight.state import State

__all__ = ["recap"]


def _times(count: int, what: str) -> str:
    return f"{count} {what}{'s' * (count != 1)}"


def recap(states: Iterable[State]) -> tuple[str, ...]:
    """The expedition's recap, a line each: the minutes it lasted and when the light died, the
    Batteries slotted, each character's lowest Hit Points, the Critical Saves made, and what
    ended it. Empty while it goes on."""
    slotted = saves = 0
    dark_at: int | None = None
    lowest: dict[str, tuple[int, int]] = {}
    before: State | None = None
    last: State | None = None
    for state in states:
        last = state
        for sheet in state.crew:
            low = lowest.get(sheet.name)
            if low is None or sheet.hp < low[0]:
                lowest[sheet.name] = (sheet.hp, sheet.max_hp)
        if before is not None and before.crew:
            if state.light.dice == FULL > before.light.dice:
                slotted += 1
            asked = before.pending
            if asked is not None and asked.kind == "save" and state.pending is not asked:
                saves += 1
            if state.light.dead and not before.light.dead:
                dark_at = state.clock.minute
        before = state
    if last is None or not last.over:
        return ()
    dark = f"; the light died at minute {dark_at}" if dark_at is not None else ""
    wounds = ", ".join(f"{name} {hp}/{most}" for name, (hp, most) in lowest.items())
    lost = [sheet.name for sheet in last.crew if sheet.status == "lost"]
    return (
        f"Time in the expedition: {_times(last.clock.minute, 'minute')}{dark}.",
        f"Batteries slotted: {slotted}.",
        f"Lowest Hit Points: {wounds}.",
        f"Critical Saves made: {saves}.",
        f"What ended it: {' and '.join(lost)} {'was' if len(lost) == 1 else 'were'} {LOST} "
        f"(a Critical Save in the dark failed) at minute {last.clock.minute}.",
    )
