"""A random player for Voidlight: picks a move from ``legal()`` and builds a legal action.

Used by the seeded playouts: every action it builds from an offered move must apply. In a crew
it names the character (``who``); solo it leaves ``who`` blank, as a solo player does.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rules.voidlight import (
    ATTRIBUTES,
    Advance,
    Beam,
    Check,
    Choose,
    Cost,
    Create,
    CreateRandom,
    Credits,
    Damage,
    Drop,
    Elapse,
    EndEncounter,
    Fortune,
    GainCondition,
    HurtEnemy,
    Inspire,
    Join,
    Leave,
    LongRest,
    Push,
    React,
    RollEncounter,
    RollEnemy,
    RollLight,
    Save,
    SetTimer,
    ShortRest,
    SkipCost,
    StartEncounter,
    State,
    SwapBattery,
    Take,
    Treat,
    legal,
)
from rules.voidlight.recovery import restorable
from rules.voidlight.turn import Turn

__all__ = ["random_action"]

POSITIONS = ("good", "standard", "standard", "bad", "absolute", "impossible")
#: How often each kind is picked when offered (the clock and checks most, the rest now and then).
WEIGHTS = {"elapse": 6, "check": 6, "push": 3, "cost": 5, "take": 3, "save": 1, "choose": 1,
           "swap_battery": 4, "damage": 1, "credits": 1}  # fmt: skip
#: Names for those who join (each once in a crew).
NAMES = ("Kai", "Rook", "Ines", "Tal", "Mo", "Sable", "Vex")


def random_action(state: State, rng: random.Random, crew: bool = True) -> Any:
    """A legal action at random; ``crew=False`` never joins or leaves (a solo expedition)."""
    moves = [m for m in legal(state) if crew or m[0] not in ("join", "leave")]
    kind, who = rng.choices(moves, weights=[WEIGHTS.get(m[0], 1) for m in moves])[0]
    return build(kind, state, rng, who if len(state.crew) > 1 else "")


def build(kind: str, state: State, rng: random.Random, who: str = "") -> Any:
    """An action of ``kind`` for ``who`` (blank: the only character, or the crew's move)."""
    action = _build(kind, state.member(who) if who or len(state.crew) == 1 else None, state, rng)
    if who and hasattr(action, "who") and not isinstance(action, React):
        return replace(action, who=who)
    return action


def _build(kind: str, sheet: Any, state: State, rng: random.Random) -> Any:
    attribute = rng.choice(ATTRIBUTES)
    position = rng.choice(POSITIONS)
    if kind == "create":
        scores = [0, 0, 0, 0]
        for _ in range(state.points):
            open_ = [i for i in range(4) if scores[i] < 3]
            scores[rng.choice(open_)] += 1
        return Create("Vex", "she/her", *scores)
    if kind == "create_random":
        return CreateRandom("Rook")
    if kind == "join":
        name = next(n for n in NAMES if n.casefold() not in {c.casefold() for c in state.names})
        if rng.random() < 0.5:
            return Join(name, "they/them", at_random=True)
        scores = [0, 0, 0, 0]
        for _ in range(state.points):
            scores[rng.choice([i for i in range(4) if scores[i] < 3])] += 1
        return Join(name, "", *scores)
    if kind == "leave":
        return Leave(sheet.name)
    if kind == "check":
        return Check(attribute, position)
    if kind == "push":
        return Push()
    if kind == "cost":
        return Cost(None if rng.random() < 0.7 else rng.choice([11, 15, 26, 36, 41, 53, 54, 66]))
    if kind == "save":
        return Save(attribute, rng.choice(("good", "standard", "bad")))
    if kind == "choose":
        assert state.pending is not None
        return Choose(rng.choice(state.pending.options))
    if kind == "damage":
        return Damage(rng.randint(1, 6))
    if kind == "condition":
        return GainCondition(rng.choice(("Sick", "Deprived", "Poisoned")), rng.choice((1, 1, 2)))
    if kind == "treat":
        return Treat(rng.choice([c.name for c in sheet.conditions if not c.lasting]))
    if kind == "take":
        name, size = rng.choice((("Battery", "normal"), ("Battery", "normal"), ("Pistol", "normal"),
                                 ("Cutter", "large"), ("Keycard", "small")))  # fmt: skip
        if size != "small" and sheet.free_slots < (2 if size == "large" else 1):
            name, size = "Keycard", "small"
        return Take(name, size)
    if kind == "drop":
        return Drop(rng.choice(sheet.item_names))
    if kind == "credits":
        return Credits(rng.randint(-sheet.credits, 20))
    if kind == "skip_cost":
        return SkipCost()
    if kind == "short_rest":
        return ShortRest()
    if kind == "long_rest":
        open_ = restorable(Turn(state, who=state.index(sheet.name)))
        return LongRest(rng.choice(open_) if open_ else "")
    if kind == "advance":
        return Advance(rng.choice([n for n in ATTRIBUTES if sheet.score(n) < 6]))
    if kind == "elapse":
        return Elapse(rng.choice((1, 5, 10, 20, 45)))
    if kind == "timer":
        return SetTimer(rng.choice(("interval", "interval", "scenes")), rng.choice((None, 10, 20)))
    if kind == "roll_light":
        return RollLight()
    if kind == "beam":
        return Beam(rng.choice(("high", "standard", "low")))
    if kind == "swap_battery":
        return SwapBattery()
    if kind == "fortune":
        if state.character is not None and rng.random() < 0.3:
            names = [c.name for c in state.crew if c.status != "lost"] or list(state.names)
            return Fortune(
                attribute=attribute, who=rng.choice(names) if len(state.crew) > 1 else ""
            )
        return Fortune(rng.choice(("almost certain", "likely", "even", "unlikely", "slim")))
    if kind == "react":
        return React(rng.randint(0, 4))
    if kind == "encounter":
        taken = {p.name for p in state.encounters}
        name = next(f"Pool {n}" for n in range(100) if f"Pool {n}" not in taken)
        return StartEncounter(name, rng.choice((2, 4, 6)))
    if kind == "roll_encounter":
        return RollEncounter(rng.choice(state.encounters).name)
    if kind == "end_encounter":
        return EndEncounter(rng.choice(state.encounters).name)
    if kind == "enemy":
        return RollEnemy(rng.choice(("", "Stalker")))
    if kind == "hurt_enemy":
        return HurtEnemy(rng.choice([f.name for f in state.enemies if f.hp > 0]), rng.randint(1, 8))
    if kind == "inspire":
        return Inspire(rng.choice(("both", "theme", "action")))
    raise AssertionError(f"no builder for {kind!r}")
