"""What may be done now, and at what odds: the one place that decides which moves are open.

:func:`available` lists the action kinds the rules offer (a panel enables exactly these),
:func:`why_not` says in words why one is not, :func:`odds` gives the exact odds of an action
before it is taken, and :func:`check_position` the Position a Check is rolled in.

In a crew, a move about a character (:data:`ABOUT`) is offered for some of them and not others
(Vex's cost is due, Kai's is not): ``available(state)`` lists the kinds offered to anyone,
``available(state, "Kai")`` Kai's, and :func:`open_moves` every (kind, who) pair (the concrete actions,
with their arguments, are :func:`rules.voidlight.offered.legal`'s).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.errors import IllegalAction
from rules.table.chance import Distribution
from rules.table.dice import Position
from rules.voidlight import actions as A
from rules.voidlight.character import Character, check_attribute
from rules.voidlight.checks import (
    check_odds,
    position_of,
    pushed_odds,
    save_odds,
    shift,
)
from rules.voidlight.owed import PASS_BY_COST, cost_owed, passed_by, still_due
from rules.voidlight.pools import BEAMS, FULL, BatteryLife, battery_life, pool_loss
from rules.voidlight.recovery import advance_refusal
from rules.voidlight.solo import (
    FORTUNE_DICE,
    MOST_LOST,
    fortune_odds,
    react_odds,
)
from rules.voidlight.state import CREW_MOST, State

__all__ = [
    "ABOUT",
    "BEAM_STEP",
    "FREE",
    "KINDS",
    "available",
    "check_position",
    "countdown",
    "fortune_dice",
    "light_life",
    "odds",
    "open_moves",
    "option_text",
    "refusal",
    "sheet_position",
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
#: The kinds about one character (they name them: ``who``); the rest are the crew's.
ABOUT = tuple(
    kind for kind, cls in A.ACTIONS.items() if issubclass(cls, A.About) and kind != "fortune"
)
#: The tuples above as sets, for :func:`refusal` (asked of every action and by every policy).
_FREE, _WHILE_PENDING, _NOT_WHILE_DYING, _ABOUT = map(
    frozenset, (FREE, WHILE_PENDING, NOT_WHILE_DYING, ABOUT)
)
_CREATE = frozenset({"create", "create_random"})


def available(state: State, who: str | None = None) -> tuple[str, ...]:
    """The action kinds the rules offer now: to anyone in the crew, or (``who``) to the
    character of that name and the crew."""
    index = None if who is None else state.index(who)
    return tuple(kind for kind in KINDS if refusal(state, kind, index) is None)


def open_moves(state: State) -> tuple[tuple[str, str], ...]:
    """Every move open now as (kind, who): ``who`` the name of the character it is offered to,
    "" for the crew's moves (the light, the clock, the pools, the solo tools, joining)."""
    moves: list[tuple[str, str]] = []
    for kind in KINDS:
        if kind in ABOUT and state.crew:
            moves += [(kind, c.name) for i, c in enumerate(state.crew)
                      if refusal(state, kind, i) is None]  # fmt: skip
        elif refusal(state, kind) is None:
            moves.append((kind, ""))
    return tuple(moves)


def why_not(state: State, kind: str, who: str | None = None) -> str:
    """Why an action of ``kind`` (by ``who``) is not offered now, in the player's words, or "it is
    offered now"."""
    index = None if who is None else state.index(who)
    return refusal(state, kind, index) or "it is offered now"


def take_refusal(state: State, size: str, who: str = "") -> str | None:
    """Why ``who`` (blank: the only one) cannot take an item of ``size`` now, in the player's
    words, or None when they can: the move's own refusal, or no room on their sheet. What a Take
    button asks before it is offered (Take is offered while a small item still fits)."""
    index = state.index(who) if state.crew else None
    why = refusal(state, "take", index)
    if why is not None or index is None:
        return why
    return state.crew[index].no_room_for(size)


def refusal(state: State, kind: str, who: int | None = None) -> str | None:
    """None when ``kind`` is offered now (to the character at ``who``; None: to anyone), else
    why not."""
    if kind in _FREE:
        return None
    if not state.crew:
        return None if kind in _CREATE else "create your character first"
    if kind in _CREATE:
        if len(state.crew) == 1:
            return "your character is created already"
        return "the crew is made already: a new character joins it (Join the crew)"
    if state.status == "lost":
        return "the expedition is over: " + (
            "you are lost to the dark"
            if len(state.crew) == 1
            else "the whole crew is lost to the dark"
        )
    pending = state.pending
    if pending is not None:
        answer = "save" if pending.kind == "save" else "choose"
        if kind == answer and who is not None and pending.who and state.index(pending.who) != who:
            return f"{pending.prompt}: it is asked of {pending.who}"
        return None if kind == answer or kind in _WHILE_PENDING else pending.prompt
    if kind in ("save", "choose"):
        return "no Critical Save is due" if kind == "save" else "there is no choice to make now"
    if kind == "join":
        if len(state.crew) >= CREW_MOST:
            return f"a crew is at most {CREW_MOST} characters"
        return None
    if kind not in _ABOUT:
        at, sheet = 0, state.crew[0]
    elif who is None:
        reasons = [refusal(state, kind, index) for index in range(len(state.crew))]
        return None if None in reasons else _first(reasons, len(state.crew))
    else:
        at, sheet = who, state.crew[who]
        if sheet.status == "lost":
            return f"{sheet.name} is lost to the dark"
        if sheet.status == "dying" and kind in _NOT_WHILE_DYING:
            if len(state.crew) == 1:
                return "you are taken out and dying: if helped in time, you wake after a Long Rest"
            return (
                f"{sheet.name} is taken out and dying: if helped in time, they wake after a Long "
                "Rest"
            )
        if kind == "leave" and not any(
            c.status != "lost" for i, c in enumerate(state.crew) if i != who
        ):
            return f"{sheet.name} is the last of the crew standing or dying: no one would be left"
    # what the move itself needs (_NEEDS: each kind asks only its own rules, found by a look-up)
    needs = _NEEDS.get(kind)
    return None if needs is None else needs(state, sheet, at)


def _first(reasons: list[str | None], size: int) -> str:
    """Why no one in the crew may: a crew of one's own reason, else each one's."""
    if size == 1:
        return str(reasons[0])
    return "; ".join(dict.fromkeys(str(reason) for reason in reasons))


#: A test of what an action needs of a character: the reason it is refused, or None.
Needs = Callable[[State, Character, int], "str | None"]


def _push_needs(state: State, sheet: Character, who: int) -> str | None:
    last = sheet.last_check
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


def _cost_needs(state: State, sheet: Character, who: int) -> str | None:
    if not cost_owed(state, who):
        last = sheet.last_check
        return "a cost is taken when a Check yields 1 or 0 Hits" + (
            ", once" if last is not None and last.costed else ""
        )
    return None


def _passing_cost(kind: str) -> Needs:
    """A move that would pass the last Check's cost by (:func:`passed_by`) waits for it."""

    def needs(state: State, sheet: Character, who: int) -> str | None:
        skipped = passed_by(state, kind, who)
        return None if skipped is None else still_due(skipped)

    return needs


def _light_needs(state: State, sheet: Character, who: int) -> str | None:
    return "the Voidlight is dead: slot a new Battery" if state.light.dead else None


def _swap_needs(state: State, sheet: Character, who: int) -> str | None:
    if not any(item.name.casefold() == "battery" for item in sheet.items):
        return "you carry no Battery: take an item named 'Battery' first"
    if state.light.dice == FULL:
        return f"the Voidlight is full (P{FULL}): keep the Battery for later"
    return None


def _drop_needs(state: State, sheet: Character, who: int) -> str | None:
    return None if sheet.items else "you carry nothing to drop"


def _treat_needs(state: State, sheet: Character, who: int) -> str | None:
    if not any(not c.lasting for c in sheet.conditions):
        return "you have no condition that can be cleared"
    return None


def _pool_needs(state: State, sheet: Character, who: int) -> str | None:
    return None if state.encounters else "there is no Encounter Pool"


def _foe_needs(state: State, sheet: Character, who: int) -> str | None:
    return None if any(foe.hp > 0 for foe in state.enemies) else "there is no enemy standing"


def _advance_needs(state: State, sheet: Character, who: int) -> str | None:
    return advance_refusal(sheet)


#: What each move needs of the state besides the turn's order (a kind not here needs nothing).
_NEEDS: dict[str, Needs] = {
    "push": _push_needs,
    "cost": _cost_needs,
    "skip_cost": _cost_needs,
    **{kind: _passing_cost(kind) for kind in PASS_BY_COST},
    "roll_light": _light_needs,
    "beam": _light_needs,
    "swap_battery": _swap_needs,
    "drop": _drop_needs,
    "treat": _treat_needs,
    "roll_encounter": _pool_needs,
    "end_encounter": _pool_needs,
    "hurt_enemy": _foe_needs,
    "advance": _advance_needs,
}


def check_position(
    state: State, attribute: str, position: Position | str, who: str | None = None
) -> Position:
    """The Position a Check with ``attribute`` by ``who`` (blank: the only character) is rolled
    in: the fiction's ``position``; Frozen makes a Vigor (physical) check Bad; then the beam,
    whose light the whole crew shares, moves it one step (house rules)."""
    where = position_of(position)
    return sheet_position(state, state.member(who) if state.crew else None, attribute, where)


def sheet_position(
    state: State, sheet: Character | None, attribute: str, where: Position
) -> Position:
    """:func:`check_position` for the sheet of the one who checks, found already (a Check
    rolls in it), and the fiction's Position read from its name."""
    if (
        sheet is not None
        and sheet.conditions
        and any(c.name.casefold() == "frozen" for c in sheet.conditions)
        and check_attribute(attribute) == "vigor"
        and where in _FREEZES
    ):
        where = _FROZEN
    light = state.light
    if light.dice:  # not light.dead, without a property's cost
        where = _BEAMED[where._value_, light.beam]
    return where


#: The Positions Frozen makes Bad on a physical (Vigor) check.
_FREEZES, _FROZEN = (Position.GOOD, Position.STANDARD), Position.BAD
#: Where each beam moves each Position (:data:`BEAM_STEP`, :func:`shift`), worked out at import,
#: by the Position's name (an Enum member hashes in Python).
_BEAMED = {
    (where.value, beam): shift(where, step)
    for where in Position
    for beam, step in BEAM_STEP.items()
}


def fortune_dice(state: State, action: A.Fortune) -> int:
    """The dice a Fortune Roll rolls: by its likelihood, or the effective score of its Attribute."""
    if action.attribute:
        if state.character is None:
            raise IllegalAction("create your character first to roll an Attribute")
        return state.member(action.who).effective(check_attribute(action.attribute))
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
        where = check_position(state, action.attribute, action.position, action.who)
        return check_odds(state.member(action.who).effective(action.attribute), where)
    if isinstance(action, A.Push) and state.member(action.who).last_check is not None:
        last = state.member(action.who).last_check
        assert last is not None
        return pushed_odds(last.hits, last.misses, last.position)
    if isinstance(action, A.Save):
        pending = state.pending
        who = pending.who if pending is not None and pending.who else action.who
        return save_odds(
            state.member(who).effective(check_attribute(action.attribute)), action.position
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
    sheet = state.member(pending.who) if pending.who else state.sheet
    if pending.kind == "save":
        score = sheet.effective(option)
        found = save_odds(score, Position.STANDARD)
        return (
            f"{option.title()} {score}: endure {found.outcome['endure']}, "
            f"lose {found.expected_loss} points on average"
        )
    if pending.kind in ("drop", "falls", "breaks"):
        item = next(i for i in sheet.items if i.name == option)
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
