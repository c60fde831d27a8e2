"""The Voidlight and its Battery: the shared P6 pool, the beam modes, the swap and the dark.

"Whenever this Pool is rolled, reduce its size by 1 die for every Miss, up to a maximum of 2 dice
per roll. When emptied, the Battery is spent. Slotting a new Battery refills the Voidlight to P6.
When the Voidlight dies and every 5 minutes after, each character makes a Critical Save. On a
failure, they're lost to the dark." High Beam: up to 3 dice; Low Beam: only 1.

House rule: a new Battery is an item the character carries (named "Battery", any size); slotting
it uses the item up.
"""

from __future__ import annotations

from rules.errors import IllegalAction
from rules.table.chance import Source
from rules.voidlight.damage import dark_round
from rules.voidlight.pools import BEAMS, FULL, removed, roll
from rules.voidlight.state import DARK_EVERY, evolve
from rules.voidlight.turn import Turn

__all__ = ["BATTERY", "battery_index", "drain", "roll_light", "swap"]

#: The name of the item a new Battery is.
BATTERY = "battery"


def roll_light(turn: Turn, chance: Source, why: str) -> int:
    """Roll the Voidlight Pool; the dice it lost. At 0 the battery is spent and the light dies."""
    light = turn.state.light
    faces = chance.resolve(roll(light.dice))
    turn.dice.extend(faces)
    lost = removed(faces, BEAMS[light.beam])
    turn.set(light=evolve(light, dice=light.dice - lost))
    if turn.lines is not None:
        turn.say(
            f"{why}: the Voidlight Pool rolls {' '.join(map(str, faces))}: {lost} "
            f"{'die' if lost == 1 else 'dice'} removed ({light.dice - lost}/{FULL}, "
            f"{light.beam} beam)"
        )
    if turn.state.light.dead:
        _dies(turn)
    return lost


def drain(turn: Turn, amount: int, source: str) -> None:
    """The pool drains by ``amount`` dice (never below 0)."""
    light = turn.state.light
    if light.dead:
        turn.say(f"{source}: the Voidlight is already dead")
        return
    left = max(0, light.dice - amount)
    turn.set(light=evolve(light, dice=left))
    if turn.lines is not None:
        turn.say(f"{source}: the Voidlight Pool drains by {light.dice - left} ({left}/{FULL})")
    if left == 0:
        _dies(turn)


def _dies(turn: Turn) -> None:
    turn.say("the Battery is spent: the Voidlight dies")
    turn.clock(dark_next=turn.state.clock.minute + DARK_EVERY)
    dark_round(turn)


def battery_index(turn: Turn) -> int | None:
    """Where the first Battery item is in the acting character's items, or None: "A battery is
    an item some character carries"; slotting it takes it from their slots."""
    return next(
        (i for i, item in enumerate(turn.sheet.items) if item.name.casefold() == BATTERY), None
    )


def swap(turn: Turn) -> None:
    """Slot a new Battery: the Voidlight is P6 again and the dark's saves stop."""
    index = battery_index(turn)
    if index is None:
        raise IllegalAction("you carry no Battery to slot: take an item named 'Battery' first")
    before = turn.state.light.dice
    turn.update(items=turn.sheet.items[:index] + turn.sheet.items[index + 1 :])
    turn.set(light=evolve(turn.state.light, dice=FULL))
    turn.clock(dark_next=None)
    if turn.lines is not None:
        turn.tell(f"you slot a new Battery: the Voidlight is P{FULL} again (it was P{before})")
