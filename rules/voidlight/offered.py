"""Every action open now, with its arguments: what random play, the suite's state machine and
``make fuzz`` pick from (:func:`legal`, the game's ``legal(state)``, as in every game).

Why apart from :mod:`rules.voidlight.moves`: :func:`~rules.voidlight.moves.open_moves` lists
the moves open now as (kind, who), which is what a panel enables; :func:`legal` expands each
into the concrete actions the rules accept, so the two cannot disagree on which moves are open.
The arguments follow the rules' own sentences:

- a character is made by points, "5 points spread over the four attributes, each 0..3" (house
  rule: every spread of the journey's points), or at random; a new one joins the same way;
- an item is taken when it fits ("no room ... drop something first"); an item carried is
  dropped, a condition that is not lasting treated ("it cannot be cleared" when lasting);
- Credits are never spent below 0 ("you cannot spend"); a Long Rest restores an attribute below
  its full score ("the attributes below their full score"), and only then names one; an
  Advancement raises an attribute below 6;
- a pending choice is answered with one of its options, by the one it is asked of; an Encounter
  Pool is rolled or ended by its name; an enemy standing is damaged.

In a crew of one the actions about the character leave ``who`` blank (the rules read the only
character; naming them is accepted the same way); in a crew they name each character offered.
Where a player types words or picks a number with no short list (an item, a condition, a pool's
name, Credits, damage, minutes), the game offers a representative few, declared below.

>>> from rules.voidlight.state import State
>>> sorted({action.kind for action in legal(State())})
['create', 'create_random', 'fortune', 'inspire', 'react']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product
from typing import Any

from rules.table.dice import Position
from rules.voidlight import actions as A
from rules.voidlight.character import ATTRIBUTES, MAX_SCORE, MOST_AT_START
from rules.voidlight.moves import open_moves
from rules.voidlight.pools import BEAMS
from rules.voidlight.recovery import restorable
from rules.voidlight.solo import FORTUNE_DICE
from rules.voidlight.state import State
from rules.voidlight.turn import Turn

__all__ = [
    "CHANGES",
    "CONDITIONS",
    "COST_ENTRIES",
    "DAMAGE",
    "ENEMIES",
    "ITEMS",
    "MINUTES",
    "NAMES",
    "POOLS",
    "POSITIONS",
    "legal",
    "spreads",
]

#: Every Position a roll may be asked in, by name.
POSITIONS = tuple(where.value for where in Position)
#: The character made first, and the names offered to those who join (the first one free).
NAMES = ("Vex", "Kai", "Rook", "Ines", "Tal", "Mo", "Sable")
#: Items offered to take, with their sizes (small 0 slots, normal 1, large 2).
ITEMS = (("Battery", "normal"), ("Pistol", "normal"), ("Cutter", "large"), ("Keycard", "small"))
#: Conditions offered to gain, with the slots each fills.
CONDITIONS = (("Sick", 1), ("Deprived", 1), ("Poisoned", 2))
#: Changes of Credits offered (a spend only when it leaves 0 or more).
CHANGES = (20, 5, 1, -1, -5, -10)
#: Damage offered, to a character or an enemy.
DAMAGE = (1, 2, 3, 6)
#: Costs offered: rolled on the d66 (None), or these entries picked, one of each effect.
COST_ENTRIES = (None, 11, 15, 26, 36, 41, 53, 54, 66)
#: Minutes offered to pass, and the timer's intervals (None: the interval it has).
MINUTES, INTERVALS = (1, 5, 10, 20, 45), (None, 10, 20)
#: Encounter Pools offered to start (each name once at a time) and their sizes.
POOLS, POOL_SIZES = ("Pool 1", "Pool 2", "Pool 3"), (2, 4, 6)
#: Names offered when rolling for an enemy ("" lets the roll name it).
ENEMIES = ("", "Stalker")
#: The oracle's tables, and the Reaction Roll's dice.
TABLES, REACTION_DICE = ("both", "theme", "action"), tuple(range(7))


def legal(state: State, kind: str | None = None, who: str | None = None) -> list[Any]:
    """Every action the rules accept now (of ``kind`` only, when given: a player who picks the
    move first builds only its actions; offered to the character named ``who`` only, "" the
    crew's moves, when given: a seat builds only its own character's), move by move in the order
    of :func:`~rules.voidlight.moves.open_moves` (typed words and numbers from the
    representative few)."""
    found: list[Any] = []
    solo = len(state.crew) <= 1
    for each, offered_to in open_moves(state):
        if (kind is None or each == kind) and (who is None or offered_to == who):
            found += _BUILDERS[each](state, "" if solo else offered_to)
    return found


def spreads(points: int) -> Iterator[tuple[int, int, int, int]]:
    """Every way to spread ``points`` over the four attributes, each 0 to 3 (house rule)."""
    scores = range(MOST_AT_START + 1)
    for each in product(scores, scores, scores, scores):  # Vigor, Operate, Insight, Diplomacy
        if sum(each) == points:
            yield each


def _sheet(state: State, who: str) -> Any:
    return state.member(who)


def _create(state: State, who: str) -> list[Any]:
    return [A.Create(NAMES[0], "", *scores) for scores in spreads(state.points)]


def _join(state: State, who: str) -> list[Any]:
    taken = {name.casefold() for name in state.names}
    name = next((n for n in NAMES if n.casefold() not in taken), None)
    if name is None:
        return []
    return [A.Join(name, "", at_random=True)] + [
        A.Join(name, "", vigor, operate, insight, diplomacy)
        for vigor, operate, insight, diplomacy in spreads(state.points)
    ]


def _take(state: State, who: str) -> list[Any]:
    sheet = _sheet(state, who)
    return [A.Take(n, size, who) for n, size in ITEMS if sheet.no_room_for(size) is None]


def _drop(state: State, who: str) -> list[Any]:
    first = {item.name.casefold(): item.name for item in reversed(_sheet(state, who).items)}
    return [A.Drop(name, who) for name in reversed(first.values())]  # the first of each name


def _credits(state: State, who: str) -> list[Any]:
    held = _sheet(state, who).credits
    return [A.Credits(change, who) for change in CHANGES if held + change >= 0]


def _treat(state: State, who: str) -> list[Any]:
    sheet = _sheet(state, who)
    first = {c.name.casefold(): c for c in reversed(sheet.conditions)}  # the first of each name
    return [A.Treat(c.name, who) for c in reversed(first.values()) if not c.lasting]


def _choose(state: State, who: str) -> list[Any]:
    options = state.pending.options if state.pending is not None else ()
    return [A.Choose(option, who) for option in options]


def _long_rest(state: State, who: str) -> list[Any]:
    index = state.index(who) if state.crew else 0
    open_ = restorable(Turn(state, who=index))
    return [A.LongRest(name, who) for name in open_] if open_ else [A.LongRest("", who)]


def _advance(state: State, who: str) -> list[Any]:
    sheet = _sheet(state, who)
    return [A.Advance(name, who) for name in ATTRIBUTES if sheet.score(name) < MAX_SCORE]


def _fortune(state: State, who: str) -> list[Any]:
    found = [A.Fortune(odds, "", where) for odds in FORTUNE_DICE for where in POSITIONS]
    if state.crew:
        whos = [""] if len(state.crew) == 1 else list(state.names)
        found += [A.Fortune(attribute=name, position=where, who=each)
                  for each in whos for name in ATTRIBUTES for where in POSITIONS]  # fmt: skip
    return found


def _start_pool(state: State, who: str) -> list[Any]:
    taken = {pool.name.casefold() for pool in state.encounters}
    free = [name for name in POOLS if name.casefold() not in taken]
    return [A.StartEncounter(name, size) for name in free for size in POOL_SIZES]


def _pools(cls: Callable[[str], Any]) -> Callable[[State, str], list[Any]]:
    return lambda state, who: [cls(pool.name) for pool in state.encounters]


def _hurt_enemy(state: State, who: str) -> list[Any]:
    standing = dict.fromkeys(foe.name for foe in state.enemies if foe.hp > 0)
    return [A.HurtEnemy(name, amount) for name in standing for amount in DAMAGE]


def _alone(cls: Callable[..., Any]) -> Callable[[State, str], list[Any]]:
    """A move with no argument but who it is about."""
    return lambda state, who: [cls(who=who)]


def _each(cls: Callable[..., Any], values: tuple[Any, ...]) -> Callable[[State, str], list[Any]]:
    """A move about ``who`` with one argument, each of ``values``."""
    return lambda state, who: [cls(value, who=who) for value in values]


#: How the actions of each move are built (``who``: blank in a crew of one, or the crew's move).
_BUILDERS: dict[str, Callable[[State, str], list[Any]]] = {
    "create": _create,
    "create_random": lambda state, who: [A.CreateRandom(NAMES[0])],
    "take": _take,
    "drop": _drop,
    "credits": _credits,
    "check": lambda state, who: [
        A.Check(name, where, who) for name in ATTRIBUTES for where in POSITIONS
    ],
    "push": _alone(A.Push),
    "cost": _each(A.Cost, COST_ENTRIES),
    "skip_cost": _alone(A.SkipCost),
    "damage": _each(A.Damage, DAMAGE),
    "condition": lambda state, who: [A.GainCondition(n, slots, who=who) for n, slots in CONDITIONS],
    "treat": _treat,
    "save": lambda state, who: [
        A.Save(name, where, who) for name in ATTRIBUTES for where in POSITIONS
    ],
    "choose": _choose,
    "short_rest": _alone(A.ShortRest),
    "long_rest": _long_rest,
    "advance": _advance,
    "elapse": lambda state, who: [A.Elapse(minutes) for minutes in MINUTES],
    "timer": lambda state, who: [
        A.SetTimer(t, i) for t in ("interval", "scenes") for i in INTERVALS
    ],
    "roll_light": lambda state, who: [A.RollLight()],
    "beam": lambda state, who: [A.Beam(mode) for mode in BEAMS],
    "swap_battery": _alone(A.SwapBattery),
    "fortune": _fortune,
    "react": lambda state, who: [
        A.React(n, "", where) for n in REACTION_DICE for where in POSITIONS
    ],
    "encounter": _start_pool,
    "roll_encounter": _pools(A.RollEncounter),
    "end_encounter": _pools(A.EndEncounter),
    "enemy": lambda state, who: [A.RollEnemy(name) for name in ENEMIES],
    "hurt_enemy": _hurt_enemy,
    "inspire": lambda state, who: [A.Inspire(table) for table in TABLES],
    "join": _join,
    "leave": lambda state, who: [A.Leave(who)],
}
