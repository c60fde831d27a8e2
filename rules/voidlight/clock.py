"""Expedition time: what falls due as the minutes pass.

An :class:`~rules.voidlight.actions.Elapse` moves the clock on; everything due in those minutes
happens in time order, and at the same minute in this order:

1. attribute penalties wear off ("-1 VIGOR FOR 10 MINUTES");
2. conditions worsen, every 10 minutes since gained, until treated: Bleeding deals 1D-1 damage,
   Chem Burn fills one more slot;
3. the Voidlight Pool is rolled, every ``interval`` minutes when the timer is on ("interval");
   between scenes ("scenes") it is rolled by hand only;
4. in the dark, a Critical Save every 5 minutes after the light died, for each character
   standing or dying, in the order they joined.

In a crew, penalties and conditions are each character's, in the order they joined; the lost
are past all of it.

A pending choice (a save, an item to drop) stops the clock at its minute; the minutes still owed
run once the choice is answered, and an Elapse made meanwhile adds to them (a live timer goes on
counting while the player decides; a pause is no Elapse).
"""

from __future__ import annotations

from dataclasses import replace

from rules.table.chance import Source
from rules.voidlight.battery import roll_light
from rules.voidlight.character import WORSENING
from rules.voidlight.damage import damage, dark_round, worsen
from rules.voidlight.pools import roll
from rules.voidlight.state import DARK_EVERY, State
from rules.voidlight.turn import Turn

__all__ = ["INTERVALS", "INTERVAL_MOST", "due", "elapse", "next_event", "run"]

#: "The GM rolls the Voidlight Pool every 10 real-time minutes"; "When playing solo, set the
#: Voidlight timer to 20 minutes."
INTERVALS = {"group": 10, "solo": 20}
#: "If this pacing feels intense, extend the timer interval": any whole number of minutes from 1
#: to this (house rule: four hours, longer than any session).
INTERVAL_MOST = 240

_PENALTY, _WORSENS, _LIGHT, _DARK = range(4)


#: Something due on the clock: (minute, what, character, index), ordered by minute.
Event = tuple[int, int, int, int]


def next_event(state: State) -> Event | None:
    """The first thing due by ``clock.until``: (minute, what, character, index), or None."""
    events = due(state)
    return min(events) if events else None


def due(state: State) -> list[Event]:
    """Everything due by ``clock.until``, each kept only when due (an Elapse asks after every
    event)."""
    clock = state.clock
    until = clock.until
    events: list[Event] = []
    for who, sheet in enumerate(state.crew):
        if sheet.status == "lost":
            continue
        if sheet.penalties:
            events += [
                (p.until, _PENALTY, who, i)
                for i, p in enumerate(sheet.penalties)
                if p.until <= until
            ]
        if sheet.conditions:
            events += [
                (c.next_due, _WORSENS, who, i)
                for i, c in enumerate(sheet.conditions)
                if c.worsens and c.next_due is not None and c.next_due <= until
            ]
    roll = clock.next_roll
    if roll is not None and roll <= until and clock.timer == "interval":
        events.append((roll, _LIGHT, 0, 0))
    dark = clock.dark_next
    if dark is not None and dark <= until:
        events.append((dark, _DARK, 0, 0))
    return events


def elapse(turn: Turn, minutes: int, chance: Source) -> None:
    """Let ``minutes`` of expedition time pass: what falls due in them happens in order, and time
    stops at a choice, owing the rest until it is made."""
    clock = turn.state.clock
    turn.clock(until=clock.until + minutes)
    if turn.state.pending is not None:
        turn.secret(
            f"{minutes} minutes pass while a choice waits: {turn.state.clock.owed} minutes owed, "
            "played once it is made",
            "time passes while a choice waits: it is played once the choice is made",
        )
        return
    run(turn, chance)


def run(turn: Turn, chance: Source) -> None:
    """Play what falls due up to ``clock.until``, stopping at a pending choice."""
    while turn.state.pending is None and turn.state.status != "lost":  # not over
        events = due(turn.state)  # next_event(), without its call
        if not events:
            break
        minute, what, who, index = min(events)
        turn.clock(minute=minute)
        before, turn.who = turn.who, who  # turn.acting(who), without a context manager's cost
        try:
            _happen(turn, what, index, chance)
        finally:
            turn.who = before
    if turn.state.pending is None or turn.state.status == "lost":  # over
        turn.clock(minute=turn.state.clock.until)
    elif turn.lines is not None:
        owed = turn.state.clock.owed
        later = f" ({owed} minutes owed, played once it is made)" if owed else ""
        turn.secret(
            f"the clock waits at minute {turn.state.clock.minute} for your choice{later}",
            "the clock waits for your choice",
        )


def _happen(turn: Turn, what: int, index: int, chance: Source) -> None:
    state = turn.state
    minute = state.clock.minute
    at = f"minute {minute}" if turn.lines is not None else ""  # said only in a report
    if what == _PENALTY:
        sheet = turn.sheet
        ending = [p for p in sheet.penalties if p.until <= minute]
        turn.update(penalties=tuple(p for p in sheet.penalties if p.until > minute))
        for penalty in ending if turn.lines is not None else ():
            off = f"-{penalty.amount} {penalty.attribute.title()} wears off"
            turn.tell_secret(f"{at}: {off}", off)
    elif what == _WORSENS:
        condition = turn.sheet.conditions[index]
        assert condition.next_due is not None
        conditions = list(turn.sheet.conditions)
        conditions[index] = replace(
            condition, next_due=condition.next_due + WORSENING[condition.worsens]
        )
        turn.update(conditions=tuple(conditions))
        if condition.worsens == "bleeding":
            (face,) = chance.resolve(roll(1))
            turn.dice.append(face)
            bled = f"Bleeding, 1D-1 = {face}-1"
            damage(turn, max(0, face - 1), f"{at}: {bled}" if at else "", bled)
        else:
            if at:
                turn.tell_secret(f"{at}: {condition.name} worsens", f"{condition.name} worsens")
            worsen(turn, index)
    elif what == _LIGHT:
        turn.clock(next_roll=minute + state.clock.interval)
        if state.light.dice:  # not dead
            roll_light(turn, chance, at, "on the GM's timer")
    else:
        turn.clock(dark_next=minute + DARK_EVERY)
        if at:
            turn.secret(
                f"{at}: {DARK_EVERY} minutes in the dark", f"{DARK_EVERY} minutes in the dark"
            )
        dark_round(turn)
