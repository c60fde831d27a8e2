"""What may be done now, and at what odds: the one place that decides which moves are open.

:func:`available` lists the action kinds the rules offer (a panel enables exactly these),
:func:`why_not` says in words why one is not, :func:`odds` gives the exact odds of an action
before it is taken, and :func:`check_position` the Position a Check is rolled in.
"""

from __future__ import annotations

from typing import Any

from rules.chance import Distribution
from rules.dice import Position
from rules.errors import IllegalAction
from rules.voidlight import actions as A
from rules.voidlight.character import MAX_SCORE, check_attribute
from rules.voidlight.checks import (
    check_odds,
    position_of,
    pushed_odds,
    save_odds,
    shift,
)
from rules.voidlight.owed import cost_due, passed_by, still_due
from rules.voidlight.pools import BEAMS, FULL, BatteryLife, battery_life, pool_loss
from rules.voidlight.solo import (
    FORTUNE_DICE,
    MOST_LOST,
    fortune_odds,
    react_odds,
)
from rules.voidlight.state import State

__all__ = [
    "BEAM_STEP",
    "FREE",
    "KINDS",
    "available",
    "check_position",
    "countdown",
    "fortune_dice",
    "light_life",
    "odds",
    "option_text",
    "refusal",
    "why_not",
]

#: House rule: the beam moves a Check's Position one step ("HIGH BEAM: Gain a Good Position";
#: "LOW BEAM: Suffer a Bad Position"): Standard becomes Good (High) or Bad (Low), Bad under High
#: Beam becomes Standard, Good under Low Beam becomes Standard.
BEAM_STEP = {"high": 1, "standard": 0, "low": -1}

#: Moves that change nothing in play: offered even before the character, while a choice waits,
#: and after the end.
FREE = ("fortune", "react", "inspire")
#: Offered while a choice waits, besides its answer: the clock and the light's settings.
WHILE_PENDING = ("elapse", "beam", "timer")
#: Refused while dying: only help in time (a Long Rest) wakes the character.
NOT_WHILE_DYING = ("check", "push", "cost", "skip_cost", "short_rest", "advance")

#: Every action kind, in the order :func:`available` lists them.
KINDS = tuple(A.ACTIONS)


def available(state: State) -> tuple[str, ...]:
    """The action kinds the rules offer now."""
    return tuple(kind for kind in KINDS if refusal(state, kind) is None)


def why_not(state: State, kind: str) -> str:
    return refusal(state, kind) or "it is offered now"


def refusal(state: State, kind: str) -> str | None:
    """None when ``kind`` is offered now, else why not."""
    if kind in FREE:
        return None
    if state.character is None:
        return None if kind in ("create", "create_random") else "create your character first"
    if kind in ("create", "create_random"):
        return "your character is created already"
    if state.over:
        return "the expedition is over: you are lost to the dark"
    pending = state.pending
    if pending is not None:
        answer = "save" if pending.kind == "save" else "choose"
        return None if kind == answer or kind in WHILE_PENDING else pending.prompt
    if kind in ("save", "choose"):
        return "no Critical Save is due" if kind == "save" else "there is no choice to make now"
    if state.status == "dying" and kind in NOT_WHILE_DYING:
        return "you are taken out and dying: if helped in time, you wake after a Long Rest"
    return _needs(state, kind)


def _needs(state: State, kind: str) -> str | None:
    sheet, last, light = state.sheet, state.last_check, state.light
    if kind == "push":
        if last is None:
            return "make a Check first: a Push rerolls its Misses"
        if last.pushed:
            return "the last Check is pushed already"
        if last.costed:
            return "the last Check's cost is taken or skipped: it can no longer be pushed"
        if not last.faces:
            return f"the last Check was {last.position}: no dice were rolled to push"
        if last.misses == 0:
            return "the last Check has no Misses to reroll"
        return None
    if kind in ("cost", "skip_cost"):
        if cost_due(state) is None:
            return "a cost is taken when a Check yields 1 or 0 Hits" + (
                ", once" if last is not None and last.costed else ""
            )
        return None
    skipped = passed_by(state, kind)
    if skipped is not None:
        return still_due(skipped)
    if kind in ("roll_light", "beam") and light.dead:
        return "the Voidlight is dead: slot a new Battery"
    if kind == "swap_battery":
        if not any(item.name.casefold() == "battery" for item in sheet.items):
            return "you carry no Battery: take an item named 'Battery' first"
        if light.dice == FULL:
            return f"the Voidlight is full (P{FULL}): keep the Battery for later"
        return None
    if kind == "drop" and not sheet.items:
        return "you carry nothing to drop"
    if kind == "treat" and not any(not c.lasting for c in sheet.conditions):
        return "you have no condition that can be cleared"
    if kind in ("roll_encounter", "end_encounter") and not state.encounters:
        return "there is no Encounter Pool"
    if kind == "hurt_enemy" and not any(foe.hp > 0 for foe in state.enemies):
        return "there is no enemy standing"
    if kind == "advance" and all(score >= MAX_SCORE for score in sheet.scores):
        return "every Attribute is at 6 already"
    return None


def check_position(state: State, attribute: str, position: Position | str) -> Position:
    """The Position a Check with ``attribute`` is rolled in: the fiction's ``position``; Frozen
    makes a Vigor (physical) check Bad; then the beam moves it one step (house rules)."""
    where = position_of(position)
    sheet = state.character
    frozen = sheet is not None and any(c.name.casefold() == "frozen" for c in sheet.conditions)
    if (
        frozen
        and check_attribute(attribute) == "vigor"
        and where
        in (
            Position.GOOD,
            Position.STANDARD,
        )
    ):
        where = Position.BAD
    if not state.light.dead:
        where = shift(where, BEAM_STEP[state.light.beam])
    return where


def fortune_dice(state: State, action: A.Fortune) -> int:
    if action.attribute:
        if state.character is None:
            raise IllegalAction("create your character first to roll an Attribute")
        return state.character.effective(check_attribute(action.attribute))
    if action.likelihood not in FORTUNE_DICE:
        listed = ", ".join(f"{name!r} ({dice}D)" for name, dice in FORTUNE_DICE.items())
        raise IllegalAction(
            f"a Fortune Roll's likelihood is one of {listed}, not {action.likelihood!r}"
        )
    return FORTUNE_DICE[action.likelihood]


def odds(state: State, action: Any) -> Distribution[Any] | None:
    """The exact odds of ``action``'s result before it is taken, or None for one that rolls
    nothing worth a distribution (a Check's cost is 1/36 each entry)."""
    if isinstance(action, A.Check):
        where = check_position(state, action.attribute, action.position)
        return check_odds(state.sheet.effective(action.attribute), where)
    if isinstance(action, A.Push) and state.last_check is not None:
        last = state.last_check
        return pushed_odds(last.hits, last.misses, last.position)
    if isinstance(action, A.Save):
        return save_odds(
            state.sheet.effective(check_attribute(action.attribute)), action.position
        ).outcome
    if isinstance(action, A.Fortune):
        return fortune_odds(fortune_dice(state, action), position_of(action.position))
    if isinstance(action, A.React):
        return react_odds(action.dice, position_of(action.position))
    if isinstance(action, A.RollLight) and not state.light.dead:
        return pool_loss(state.light.dice, BEAMS[state.light.beam])
    if isinstance(action, A.RollEncounter):
        pool = state.encounters[state.pool(action.name)]
        return pool_loss(pool.dice, MOST_LOST).map(
            lambda k: "the encounter arrives" if k >= pool.dice else f"P{pool.dice - k}"
        )
    return None


def option_text(state: State, option: str) -> str:
    """The label of ``option`` of the pending choice, saying what choosing it would do:
    ``"Vigor 2: endure 5/9, lose 4/3 points on average"`` for a save (standard Position),
    ``"Cutter (large, frees 2 slots)"`` for an item to drop, the item or condition otherwise."""
    pending = state.pending
    if pending is None or option not in pending.options:
        allowed = " or ".join(map(repr, pending.options)) if pending else "nothing is asked"
        raise IllegalAction(f"{option!r} answers no pending choice: {allowed}")
    if pending.kind == "save":
        score = state.sheet.effective(option)
        found = save_odds(score, Position.STANDARD)
        return (
            f"{option.title()} {score}: endure {found.outcome['endure']}, "
            f"lose {found.expected_loss} points on average"
        )
    if pending.kind in ("drop", "falls", "breaks"):
        item = next(i for i in state.sheet.items if i.name == option)
        frees = (
            f", frees {item.slots} slot{'s' * (item.slots != 1)}" if pending.kind == "drop" else ""
        )
        return f"{item.label} ({item.size}{frees})"
    return option


def countdown(state: State) -> int | None:
    """Minutes until the Voidlight Pool is next rolled by the timer (None between scenes): what a
    live timer counts down, sending an Elapse when it reaches zero."""
    clock = state.clock
    if clock.timer != "interval" or clock.next_roll is None:
        return None
    return max(0, clock.next_roll - clock.minute)


def light_life(state: State) -> BatteryLife:
    """The battery's expected remaining life, in rolls and in minutes at the current interval
    and beam (minutes None when the pool is rolled between scenes)."""
    clock, light = state.clock, state.light
    if clock.timer != "interval" or clock.next_roll is None:
        return battery_life(light.dice, light.beam, None)
    return battery_life(light.dice, light.beam, clock.interval, clock.next_roll - clock.minute)
