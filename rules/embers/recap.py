"""The night told back at its end: what the fire lost, who fell, how close it came, what ended it.

Why from the states: a recap is a projection of the journey (every state after each action, as
:func:`rules.play.recap.states_of` replays them), never a record of its own, so an old
journey gets one too and nothing is written. Flames burn cards from the top of the deck onto the
forage pile, so a burned card is the forage pile growing; a hero the claws defeat goes to the
tent, so a fallen hero is a name newly in the tent (the setup's hero in the tent is not one).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.embers.preview import plural
from rules.embers.state import State

__all__ = ["recap"]


def recap(states: Iterable[State]) -> tuple[str, ...]:
    """The night's recap, a line each: the cards the flames burned, the heroes sent to the tent,
    the closest call (the fewest fire cards left in the deck, and on which turn) and what ended
    it. Empty while the night goes on."""
    burned = 0
    fallen: list[str] = []
    closest: tuple[int, int] | None = None  # (fire cards left, turn)
    before: State | None = None
    last: State | None = None
    for state in states:
        last = state
        if state.phase == "setup":
            before = state
            continue
        left = state.fire_in_deck()
        if closest is None or left < closest[0]:
            closest = (left, state.turn)
        if before is not None and before.phase != "setup":
            burned += max(0, len(state.forage) - len(before.forage))
            fallen += [hero for hero in state.tent if hero not in before.tent]
        before = state
    if last is None or not last.over or closest is None:
        return ()
    tent = ", ".join(fallen) if fallen else "none"
    lines = [
        f"Cards burned from the deck: {burned}.",
        f"Heroes sent to the tent: {len(fallen)} ({tent}).",
        f"Closest call: {plural(closest[0], 'fire card')} left in the deck, on turn {closest[1]}.",
    ]
    if last.phase == "won":
        lines.append(f"What ended it: dawn came after turn {last.turn}; the fire survived.")
    else:
        lines.append(f"What ended it: {last.reason or 'the fire went out'} (turn {last.turn}).")
    return tuple(lines)
