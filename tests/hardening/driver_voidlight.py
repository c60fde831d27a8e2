"""What random play knows of Voidlight beyond the generic checker: the kinds weighed, a crew of 1
to 6 (now and then a character joins or leaves, and every action about a character names them),
a well-formed action of each kind to aim refusals at, the invariants of the rules' text and the
panel's questions (:data:`DRIVER`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from picks import by_kind

from rules import voidlight
from rules.play.check import Driver
from rules.voidlight import actions as VA
from rules.voidlight.character import ATTRIBUTES, MAX_SCORE, SLOTS
from rules.voidlight.moves import ABOUT
from rules.voidlight.offered import NAMES as CREW_NAMES
from rules.voidlight.pools import FULL
from rules.voidlight.state import CREW_MOST, STATUSES, crew_status

__all__ = ["DRIVER", "VOIDLIGHT_SAMPLES", "VOIDLIGHT_WEIGHTS", "voidlight_crew", "voidlight_pick"]


#: A well-formed action of each kind, to play when the kind is not offered.
VOIDLIGHT_SAMPLES: dict[str, Any] = {
    "create": VA.Create("Vex", "she/her", 2, 1, 1, 1),
    "create_random": VA.CreateRandom("Rook"),
    "take": VA.Take("Pistol"),
    "drop": VA.Drop("Pistol"),
    "credits": VA.Credits(5),
    "check": VA.Check("vigor"),
    "push": VA.Push(),
    "cost": VA.Cost(),
    "skip_cost": VA.SkipCost(),
    "damage": VA.Damage(2),
    "condition": VA.GainCondition("Sick"),
    "treat": VA.Treat("Sick"),
    "save": VA.Save("vigor"),
    "choose": VA.Choose("vigor"),
    "short_rest": VA.ShortRest(),
    "long_rest": VA.LongRest(""),
    "advance": VA.Advance("vigor"),
    "elapse": VA.Elapse(5),
    "timer": VA.SetTimer("interval", 20),
    "roll_light": VA.RollLight(),
    "beam": VA.Beam("high"),
    "swap_battery": VA.SwapBattery(),
    "encounter": VA.StartEncounter("Pool X", 4),
    "roll_encounter": VA.RollEncounter("Pool 0"),
    "end_encounter": VA.EndEncounter("Pool 0"),
    "enemy": VA.RollEnemy(""),
    "hurt_enemy": VA.HurtEnemy("Stalker", 1),
    "join": VA.Join("Ada", "", 2, 1, 1, 1),
    "leave": VA.Leave("Vex"),
}

#: How often each kind is picked when offered, against 1 for the others: the clock and Checks
#: most; now and then someone joins or leaves (crews of 1 to 6).
VOIDLIGHT_WEIGHTS = {"elapse": 6, "check": 6, "push": 3, "cost": 5, "take": 3, "swap_battery": 4,
                     "join": 1.5, "leave": 1}  # fmt: skip


def voidlight_pick(state: voidlight.State, rng: random.Random) -> Any:
    """A kind of move the rules offer, weighted, and one of the actions ``legal`` lists of it
    (for anyone in the crew): only that kind's actions are built."""
    offered = [kind for kind, _who in voidlight.open_moves(state)]
    return by_kind(offered, partial(voidlight.legal, state), rng, VOIDLIGHT_WEIGHTS)


def voidlight_crew(size: int) -> list[Any]:
    """The actions that begin a Voidlight journey with a crew of ``size`` (0 to 6): one
    character created, the others joined."""
    first, *others = CREW_NAMES
    joined = [VA.Join(name, "", 1, 2, 1, 1) for name in others[: max(0, size - 1)]]
    return [VA.Create(first, "she/her", 2, 1, 1, 1), *joined] if size else []


def voidlight_not_offered(state: voidlight.State) -> list[Any]:
    """Kinds no one may take now; in a crew, a move offered to some but not to the one it names,
    and a move about a character that names no one."""
    offered = voidlight.available(state)
    found = [action for kind, action in VOIDLIGHT_SAMPLES.items() if kind not in offered]
    if len(state.crew) > 1:
        found.append(VA.Check("vigor"))  # say who
        open_moves = set(voidlight.open_moves(state))
        for kind, action in VOIDLIGHT_SAMPLES.items():
            if kind in ABOUT and kind in offered:
                found += [replace(action, who=c.name) for c in state.crew
                          if (kind, c.name) not in open_moves]  # fmt: skip
    return found


def voidlight_malformed(state: voidlight.State) -> list[Callable[[], Any]]:
    credits = state.character.credits if state.character is not None else 0
    return [
        lambda: VA.Elapse(-5),
        lambda: VA.Damage(-1),
        lambda: VA.Check("luck"),
        lambda: VA.Save("luck"),
        lambda: VA.Beam("blinding"),
        lambda: VA.Take("Crate", "huge"),
        lambda: VA.StartEncounter("Pool Z", 40),
        lambda: VA.React(40),
        lambda: VA.Choose("nothing"),
        lambda: VA.Advance("luck"),
        lambda: VA.Credits(-(credits + 1)),
        lambda: VA.Create("Vex", "she/her", 9, 0, 0, 0),
        lambda: VA.HurtEnemy("Nobody", 3),
        lambda: VA.RollEncounter("no such pool"),
        lambda: VA.SetTimer("hourglass", 20),
        lambda: VA.Take("Rope", who="Nobody"),
        lambda: VA.Join("Ada", "", 2, 1, 1),
        lambda: VA.Join("Ada", "", 2, 1, 1, 1, at_random=True),
        lambda: VA.Join(state.names[0] if state.crew else "Ada", "", 9, 0, 0, 0),
        lambda: VA.Leave("Nobody"),
    ]


def voidlight_check(state: voidlight.State) -> None:
    """ "Your character has 10 Slots": 10 at most filled; Hit Points 0..max ("damage never goes
    below 0"); "Attributes [...] each 0..6", for every character of the crew; the Voidlight (P6)
    and every Encounter Pool 0..6 dice ("the pool at 0 dice triggers its event"); foes' Hit
    Points 0..their max; a known status (RULES-NOTES)."""
    assert 0 <= state.light.dice <= FULL, state.light
    assert all(0 <= pool.dice <= FULL for pool in state.encounters), state.encounters
    assert all(0 <= foe.hp <= foe.max_hp for foe in state.enemies), state.enemies
    assert state.status in STATUSES, state.status
    assert state.clock.minute <= state.clock.until, state.clock
    # the crew: 0 to 6 with names of their own; the expedition's status the crew's
    # ("ends when no character is left standing or dying"); each choice asked of one of them
    # who is not lost, and no one asked two saves at once
    assert len(state.crew) <= CREW_MOST, state.names
    assert len({name.casefold() for name in state.names}) == len(state.crew), state.names
    assert state.status == crew_status(state.crew), (state.status, state.crew)
    asked = [p for p in (state.pending, *state.queue) if p is not None]
    assert state.pending is not None or not state.queue, state.queue
    assert all(state.member(p.who).status != "lost" for p in asked) or state.over, asked
    saves = [p.who for p in asked if p.kind == "save"]
    assert len(saves) == len(set(saves)), saves
    for sheet in state.crew:
        assert 0 <= sheet.used_slots <= SLOTS, sheet.used_slots
        assert 0 <= sheet.hp <= sheet.max_hp, (sheet.hp, sheet.max_hp)
        assert all(0 <= sheet.score(name) <= MAX_SCORE for name in ATTRIBUTES), sheet.scores
        assert all(0 <= sheet.effective(name) <= sheet.score(name) for name in ATTRIBUTES)


def voidlight_probe(state: voidlight.State, action: Any) -> None:
    """The panel's questions: the odds of the action (when it has some), the label of each
    option of a pending choice, the timer's countdown and the light's expected life."""
    odds = voidlight.odds(state, action)
    if odds is not None:
        assert sum(odds.values()) == 1, odds
    if state.pending is not None:
        assert all(voidlight.option_text(state, o) for o in state.pending.options)
    voidlight.countdown(state)
    voidlight.light_life(state)


#: What the tests know of Voidlight beyond the generic checker.
DRIVER = Driver(
    pick=voidlight_pick,
    not_offered=voidlight_not_offered,
    malformed=voidlight_malformed,
    check=voidlight_check,
    probe=voidlight_probe,
    options=lambda rng: rng.choice([{}, {"play": "group"}]),
    opening=lambda rng: voidlight_crew(rng.randrange(7)),
)
