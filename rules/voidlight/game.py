"""Playing Voidlight: what each action does to the state.

:func:`apply` is pure: it takes a state, an action and a chance source and returns the new state
and a :class:`~rules.voidlight.report.Report`. What may be done now, and at what odds, is
:mod:`rules.voidlight.moves`; an action it does not offer is refused before any die is rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules.errors import IllegalAction, InvalidInput, short_repr
from rules.table.chance import Source
from rules.table.dice import Position, count_hits, dice_to_roll
from rules.voidlight import actions as A
from rules.voidlight import crew as C
from rules.voidlight import solo_moves as S
from rules.voidlight.battery import roll_light, swap
from rules.voidlight.character import POINTS, START_HP, Condition, Item, LastCheck, check_attribute
from rules.voidlight.checks import check_outcome, hits_text, position_of
from rules.voidlight.clock import INTERVAL_MOST, elapse, run
from rules.voidlight.costs import take_cost
from rules.voidlight.damage import damage, gain, made_room, save
from rules.voidlight.moves import refusal, sheet_position
from rules.voidlight.owed import COSTS, DUE, LAPSE
from rules.voidlight.pools import BEAMS, roll
from rules.voidlight.recovery import advance, long_rest, short_rest
from rules.voidlight.report import Report
from rules.voidlight.seats import FreeSeat, TakeSeat, free, sit
from rules.voidlight.state import State, crew_index, evolve
from rules.voidlight.turn import Result, Turn

__all__ = [
    "DEFAULTS",
    "HANDLERS",
    "apply",
    "apply_quietly",
    "initial",
    "options_of",
    "record_options",
]

_int = S.whole
#: Sets a new value's fields all at once (its own dict), past a frozen dataclass's guard.
_set, _new = object.__setattr__, object.__new__
#: Read once: an Enum class's members are looked up slowly (through its metaclass) every time.
_ABSOLUTE, _IMPOSSIBLE = Position.ABSOLUTE, Position.IMPOSSIBLE


# --- checks --------------------------------------------------------------------------------


def _check(turn: Turn, action: A.Check, chance: Source) -> Result:
    name = check_attribute(action.attribute)
    asked = position_of(action.position)
    sheet = turn.state.crew[turn.who]  # turn.sheet, without a property's cost
    where = sheet_position(turn.state, sheet, name, asked)
    score = sheet.effective(name)
    count, rolled = dice_to_roll(score, where)
    faces: tuple[int, ...] = ()
    if where is _ABSOLUTE:
        hits, outcome = max(score, 2), "success"
    elif where is _IMPOSSIBLE:
        hits, outcome = 0, "failure"
    else:
        faces = chance.resolve(roll(count))
        turn.dice.extend(faces)
        hits = count_hits(faces, rolled)
        outcome = check_outcome(hits)
    at = where._value_  # Enum's value property, read once
    if turn.lines is not None:
        note = "" if where is asked else f" (set {asked.value}: {_why_moved(turn, name)})"
        zero = " (0 dice: 1 die, only a 6 Hits)" if score == 0 and faces else ""
        shown = f"{' '.join(map(str, faces))}: {hits_text(hits)}" if faces else "no roll"
        turn.tell(f"{name.title()} {score} {at}{note}{zero}: {shown}, {outcome}")
        if outcome != "success" and turn.state.costs == DUE:
            turn.say("a cost is due: roll it or pick it on the table, or skip it")
    checked = _new(LastCheck)  # every field, in order: a Check's record without its __init__
    _set(checked, "__dict__", {"attribute": name, "position": rolled._value_ if faces else at,
                               "faces": faces, "hits": hits if faces else 0, "outcome": outcome,
                               "pushed": False, "costed": False})  # fmt: skip
    turn.update(last_check=checked)
    return outcome, hits if faces else None


def _why_moved(turn: Turn, attribute: str) -> str:
    reasons = []
    state, sheet = turn.state, turn.sheet
    if attribute == "vigor" and any(c.name.casefold() == "frozen" for c in sheet.conditions):
        reasons.append("Frozen, Bad for physical checks")
    if not state.light.dead and state.light.beam != "standard":
        reasons.append(f"{state.light.beam} beam")
    return ", ".join(reasons) or "unchanged"


def _push(turn: Turn, action: A.Push, chance: Source) -> Result:
    last = turn.sheet.last_check
    assert last is not None
    where = position_of(last.position)
    kept = tuple(face for face in last.faces if where.is_hit(face))
    new = chance.resolve(roll(last.misses))
    turn.dice.extend(new)
    hits = last.hits + count_hits(new, where)
    outcome = check_outcome(hits)
    turn.update(last_check=evolve(last, faces=kept + new, hits=hits, outcome=outcome, pushed=True))
    turn.tell(
        f"push: {last.misses} Miss{'es' * (last.misses != 1)} rerolled: {' '.join(map(str, new))}: {hits_text(hits)}, {outcome}"
    )
    gain(turn, Condition("Fatigued"))
    return outcome, hits


def _cost(turn: Turn, action: A.Cost, chance: Source) -> Result:
    last = turn.state.crew[turn.who].last_check  # turn.sheet's, without a property's cost
    assert last is not None
    turn.update(last_check=evolve(last, costed=True))
    code = take_cost(turn, action.entry, chance)
    return str(code), None


def _skip_cost(turn: Turn, action: A.SkipCost, chance: Source) -> Result:
    last = turn.sheet.last_check
    assert last is not None
    turn.update(last_check=evolve(last, costed=True))
    turn.tell(f"no cost from the table for the {last.attribute.title()} check ({last.outcome}): "
             "a reduced effect or wasted time, as the fiction says")  # fmt: skip
    return None, None


def _save(turn: Turn, action: A.Save, chance: Source) -> Result:
    return save(turn, action.attribute, action.position, chance)


def _choose(turn: Turn, action: A.Choose, chance: Source) -> Result:
    pending = turn.state.pending
    assert pending is not None
    if action.option not in pending.options:
        listed = " or ".join(map(repr, pending.options))
        raise InvalidInput(f"{pending.prompt}: choose {listed}, not {action.option!r}")
    turn.set(pending=None)
    if pending.kind == "drop":
        made_room(turn, pending, action.option)
    elif pending.kind == "condition":
        gain(turn, Condition(action.option))
    else:
        sheet = turn.sheet
        index = next(i for i, item in enumerate(sheet.items) if item.name == action.option
                     and not (pending.kind == "breaks" and item.broken))  # fmt: skip
        if pending.kind == "falls":
            turn.update(items=sheet.items[:index] + sheet.items[index + 1 :])
            turn.tell(f"{action.option} falls: it is out of your hands")
        else:
            items = list(sheet.items)
            items[index] = replace(items[index], broken=True)
            turn.update(items=tuple(items))
            turn.tell(f"{action.option} breaks")
    return action.option, None


# --- harm, inventory ---------------------------------------------------------------------------


def _damage(turn: Turn, action: A.Damage, chance: Source) -> Result:
    damage(turn, _int("Damage", action.amount, 1, 999), "a threat harms you")
    return None, None


def _condition(turn: Turn, action: A.GainCondition, chance: Source) -> Result:
    if not isinstance(action.lasting, bool):
        raise InvalidInput(f"'lasting' is true or false, not {action.lasting!r}")
    gain(turn, Condition(action.name, action.slots, action.lasting))
    return None, None


def _treat(turn: Turn, action: A.Treat, chance: Source) -> Result:
    sheet = turn.sheet
    index = sheet.find_condition(action.condition)
    condition = sheet.conditions[index]
    if condition.lasting:
        raise IllegalAction(f"{condition.name!r} is lasting: it cannot be cleared")
    turn.update(conditions=sheet.conditions[:index] + sheet.conditions[index + 1 :])
    if turn.lines is not None:
        stops = " (it worsens no more)" if condition.worsens else ""
        turn.tell(
            f"{condition.name} is treated and cleared{stops}: {turn.sheet.used_slots}/10 slots"
        )
    return None, None


def _take(turn: Turn, action: A.Take, chance: Source) -> Result:
    item = Item(action.item, action.size)
    turn.put(turn.sheet.take(item))
    turn.tell(f"you take {item.name} ({item.size}): {turn.sheet.used_slots}/10 slots")
    return None, None


def _drop(turn: Turn, action: A.Drop, chance: Source) -> Result:
    index = turn.sheet.find_item(action.item)
    item = turn.sheet.items[index]
    turn.put(turn.sheet.without_item(index))
    turn.tell(f"you drop {item.name}: {turn.sheet.used_slots}/10 slots")
    return None, None


def _credits(turn: Turn, action: A.Credits, chance: Source) -> Result:
    change = _int("a change of Credits", action.change, -(10**9), 10**9)
    held = turn.sheet.credits
    if held + change < 0:
        raise IllegalAction(f"you hold {held} Credits: you cannot spend {-change!r}")
    turn.update(credits=held + change)
    turn.tell(f"Credits {change:+d}: {turn.sheet.credits}")
    return None, None


# --- the light and the clock ------------------------------------------------------------------


def _elapse(turn: Turn, action: A.Elapse, chance: Source) -> Result:
    minutes = _int("a number of minutes", action.minutes, 1, 24 * 60)
    if turn.lines is not None:
        turn.secret(
            f"{minutes} minute{'s' * (minutes != 1)} pass{'es' * (minutes == 1)}", "time passes"
        )
    elapse(turn, minutes, chance)
    return None, None


def _timer(turn: Turn, action: A.SetTimer, chance: Source) -> Result:
    clock = turn.state.clock
    interval = clock.interval if action.interval is None else action.interval
    interval = _int("the Voidlight timer's interval in minutes", interval, 1, INTERVAL_MOST)
    if action.timer == "interval":
        turn.clock(timer="interval", interval=interval, next_roll=clock.minute + interval)
        every = replace(clock, interval=interval).every
        turn.secret(
            f"the Voidlight is rolled {every}: next at minute {clock.minute + interval}",
            "the GM sets the Voidlight's timer",
        )
    elif action.timer == "scenes":
        turn.clock(timer="scenes", interval=interval, next_roll=None)
        turn.say("the Voidlight is rolled between scenes or locations, by hand")
    else:
        raise InvalidInput(f"the timer is 'interval' or 'scenes', not {action.timer!r}")
    return None, None


def _roll_light(turn: Turn, action: A.RollLight, chance: Source) -> Result:
    why = "between scenes" if turn.state.clock.timer == "scenes" else "rolled by hand"
    lost = roll_light(turn, chance, why)
    return str(lost), None


def _beam(turn: Turn, action: A.Beam, chance: Source) -> Result:
    if action.mode not in BEAMS:
        raise InvalidInput(f"the beam is 'high', 'standard' or 'low', not {action.mode!r}")
    turn.set(light=evolve(turn.state.light, beam=action.mode))
    effects = {"high": "Good Position, up to 3 dice lost a roll", "standard": "no change",
               "low": "Bad Position, only 1 die lost a roll"}  # fmt: skip
    turn.say(f"{action.mode} beam: {effects[action.mode]}")
    return None, None


def _swap(turn: Turn, action: A.SwapBattery, chance: Source) -> Result:
    swap(turn)
    return None, None


#: What each action does: its handler, given the turn, the action and the chance.
HANDLERS: dict[type, Callable[[Turn, Any, Source], Result]] = {
    A.Create: C.create, A.CreateRandom: C.create_random, A.Join: C.join, A.Leave: C.leave,
    A.Check: _check, A.Push: _push, A.Cost: _cost, A.SkipCost: _skip_cost, A.Save: _save,
    A.Choose: _choose,
    A.Damage: _damage, A.GainCondition: _condition, A.Treat: _treat, A.Take: _take,
    A.Drop: _drop, A.Credits: _credits, A.ShortRest: short_rest, A.LongRest: long_rest,
    A.Advance: advance, A.Elapse: _elapse, A.SetTimer: _timer, A.RollLight: _roll_light,
    A.Beam: _beam, A.SwapBattery: _swap, A.Fortune: S.fortune, A.React: S.react,
    A.StartEncounter: S.start_pool, A.RollEncounter: S.roll_pool, A.EndEncounter: S.end_pool,
    A.RollEnemy: S.enemy, A.HurtEnemy: S.hurt_enemy, A.Inspire: S.oracle,
}  # fmt: skip

#: A journey recorded without "costs" began before a Check's cost was owed: it lets one lapse.
#: "hidden" (None: as "play" says, hidden in group play) hides the countdown from the players.
DEFAULTS: Mapping[str, Any] = {"play": "solo", "timer": "interval", "interval": None,
                               "points": POINTS, "hit_points": START_HP, "costs": LAPSE,
                               "hidden": None}  # fmt: skip


def record_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as a new journey keeps them: its Checks' costs are owed ("costs": "due")
    unless it says otherwise (see :mod:`rules.voidlight.owed`)."""
    return {"costs": DUE, **options}


def options_of(options: Mapping[str, Any]) -> dict[str, Any]:
    """The journey's options with their defaults, checked."""
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise InvalidInput(f"Voidlight takes the options {sorted(DEFAULTS)}, not {sorted(unknown)}")
    found = {**DEFAULTS, **options}
    if found["play"] not in ("solo", "group"):
        raise InvalidInput(f"'play' is 'solo' (20 minutes) or 'group' (10), not {found['play']!r}")
    if found["timer"] not in ("interval", "scenes"):
        raise InvalidInput(f"'timer' is 'interval' or 'scenes', not {found['timer']!r}")
    if found["interval"] is None:
        found["interval"] = 20 if found["play"] == "solo" else 10
    _int("the 'interval' option (minutes)", found["interval"], 1, INTERVAL_MOST)
    if found["costs"] not in COSTS:
        raise InvalidInput(f"'costs' is 'due' or 'lapse', not {found['costs']!r}")
    if found["hidden"] is None:
        found["hidden"] = found["play"] == "group"
    if not isinstance(found["hidden"], bool):
        raise InvalidInput(f"'hidden' (the countdown) is true or false, not {found['hidden']!r}")
    _int("the 'points' option", found["points"], 0, 4 * 3)
    _int("the 'hit_points' option", found["hit_points"], 1, 999)
    return found


def apply(state: State, action: Any, chance: Source) -> tuple[State, Report]:
    """The state after ``action``, and a report of it. Refused actions raise and change nothing.

    An action about a character acts for the one its ``who`` names (blank: the only one); a save
    or a choice is answered for the one it is asked of, and the next queued one is then asked.

    The chance outcomes each action takes, in order (what a player enters "at the table"):

    - Create: one d6 (``[4]``), the Credits (x 10). Create at random: four rolls of 4 dice, one
      per attribute (Vigor, Operate, Insight, Diplomacy), again four while the Hits total under
      3; then one d6 for the Credits. Join the crew: as Create (by points) or Create at random;
    - Check: the attribute's dice (one die when it is 0), none when Absolute or Impossible;
    - Push: the Misses' dice; Critical Save: the attribute's dice (one die at 0), none when
      Absolute or Impossible;
    - Skip the cost: nothing. Check cost: a d66 (``34``) unless the entry is picked; then what the entry rolls: 1D for
      "1D" damage or drain, 1D or 2D for "A HIT STARTS AN ENCOUNTER POOL", 1D and the Hit Points
      (a number in the tier's range) for "ROLL FOR AN ENEMY";
    - Short Rest: one d6 (Hit Points), then each Encounter Pool's dice, in order; Long Rest: each
      Encounter Pool's dice;
    - Time passes, and any action that answers a choice while minutes are owed: in time order,
      1D for each Bleeding that worsens, the Voidlight Pool's dice at each roll;
    - Roll the Voidlight: its dice. Roll an Encounter Pool: its dice. Fortune Roll, Reaction
      Roll: their dice (one die for 0D). Roll for an enemy: 1D, then its Hit Points. The oracle:
      a d66 per table ("both": theme, then action);
    - every other action: nothing.

    ``Report.outcome``: Check and Push "success" / "partial" / "failure"; Critical Save
    "endure" / "taken out"; Fortune "yes" / "yes, but" / "no, and"; Reaction "approachable" /
    "hesitant" / "hostile"; Check cost the entry ("34"); Roll the Voidlight the dice removed
    ("2"); Roll an Encounter Pool "arrives" / "not yet"; Roll for an enemy its tier; Choose the
    option; Damage an enemy "defeated" or None; every other action None.
    """
    lines: list[str] = []
    turn, who, outcome, hits = _play(state, action, chance, lines)
    named = state.crew[who].name if who is not None and len(state.crew) > 1 else ""
    report = Report.made(action.title, tuple(lines), tuple(turn.dice), hits, outcome, named)
    return turn.state, report


def apply_quietly(state: State, action: Any, chance: Source) -> tuple[State, None]:
    """:func:`apply` without the report: the same checks, the same chance steps, the same new
    state. For a rollout (a simulation, advice), which reads no report: its text is never
    written."""
    return _play(state, action, chance, None)[0].state, None


def _play(
    state: State, action: Any, chance: Source, lines: list[str] | None
) -> tuple[Turn, int | None, str | None, int | None]:
    """``action`` checked and played (:func:`apply`): its turn, where the character it was about
    sits in the crew (:func:`acting`), its outcome and Hits."""
    if isinstance(action, TakeSeat | FreeSeat):  # the table's seating: no move of play
        turn = Turn.of(state, lines, 0)
        _seating(turn, action)
        return turn, None, None, None
    if type(action) not in HANDLERS:  # another game's action (they share kinds: 'choose')
        raise IllegalAction(
            f"{getattr(action, 'title', short_repr(action))} is not an action of Voidlight: "
            "play one of the actions rules.voidlight defines"
        )
    who = acting(state, action)
    kind = getattr(action, "kind", None)
    reason = refusal(state, kind, who) if kind is not None else "it is not an action"
    if reason is not None:
        raise IllegalAction(
            f"{getattr(action, 'title', repr(action))} is not possible now: {reason}"
        )
    turn = Turn.of(state, lines, who or 0)
    outcome, hits = HANDLERS[type(action)](turn, action, chance)
    if turn.state.queue:
        turn.next_asked()
    now = turn.state
    if now.pending is None and now.clock.until > now.clock.minute and now.status != "lost":
        if lines is not None:
            turn.secret(f"the clock runs on: {now.clock.owed} minutes owed", "the clock runs on")
        run(turn, chance)
    return turn, who, outcome, hits


def _seating(turn: Turn, action: TakeSeat | FreeSeat) -> None:
    """A seat sits as a character, or the GM frees one (:mod:`rules.voidlight.seats`)."""
    if isinstance(action, TakeSeat):
        after = sit(turn.state, action)
        name, player = after.seats[-1][0], action.player
        turn.say(f"{name} is played from a seat of their own{f' (by {player})' if player else ''}")
    else:
        after = free(turn.state, action)
        name = next(each[0] for each in turn.state.seats if each not in after.seats)
        turn.say(f"the GM frees {name}'s seat: another seat may sit as {name}")
    turn.set(seats=after.seats)


#: The actions that answer what is asked (a save, a choice).
_ANSWERS = (A.Save, A.Choose)


def acting(state: State, action: Any) -> int | None:
    """Where the character ``action`` is about sits in the crew (None: the crew's action). A
    save or a choice is theirs it is asked of; ``who`` may name them, and must be right."""
    if not state.crew or not isinstance(action, A.About):
        return None
    if isinstance(action, A.Fortune) and not action.attribute:
        return None
    pending = state.pending
    if pending is None and isinstance(action, _ANSWERS):  # said before "say who": none is asked
        raise IllegalAction(
            "no Critical Save is due"
            if isinstance(action, A.Save)
            else "there is no choice to make now"
        )
    if pending is not None and isinstance(action, _ANSWERS):
        asked = state.index(pending.who) if pending.who else 0
        if action.who and state.index(action.who) != asked:
            raise IllegalAction(
                f"{pending.prompt}: it is asked of {state.crew[asked].name!r}, not {action.who!r}"
            )
        if not action.who and len(state.crew) > 1:
            state.index(action.who)  # refused: say who
        return asked
    return crew_index(state, action.who)


def initial(options: Mapping[str, Any]) -> State:
    """The first state, from the options :func:`~rules.voidlight.game.options_of` reads."""
    found = options_of(options)
    interval = found["interval"]
    state = State(points=found["points"], start_hp=found["hit_points"], costs=found["costs"],
                  hidden_timer=found["hidden"])  # fmt: skip
    if found["timer"] == "scenes":
        return state.with_clock(timer="scenes", interval=interval, next_roll=None)
    return state.with_clock(interval=interval, next_roll=interval)
