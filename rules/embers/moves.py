"""What may be done now in Embers: :func:`legal` lists every action and choice (and
:func:`rules.embers.refusals.why_not` says in a sentence why an action is not among them).

Also the ring's geometry: :func:`distance` (steps around the ring) and :func:`closest` (the heroes
an attack at a location targets).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.embers import actions as A
from rules.embers.cards import LOCATIONS, CardSet
from rules.embers.state import State

__all__ = ["closest", "distance", "event_amount", "legal", "no_reinforcement"]


def distance(a: int, b: int) -> int:
    """Steps around the ring between two locations."""
    return _DISTANCE[a][b]


_DISTANCE = tuple(tuple(min(abs(a - b), 8 - abs(a - b)) for b in range(8)) for a in range(8))
#: For each location, the locations grouped by distance from it, nearest first (clockwise).
_RINGS = tuple(
    tuple(tuple(b for b in range(8) if _DISTANCE[a][b] == d) for d in range(5)) for a in range(8)
)


def closest(state: State, location: int) -> tuple[str, ...]:
    """The heroes in camp closest to ``location`` (ties: all of them, clockwise from N)."""
    camp = state.camp
    for ring in _RINGS[location]:
        found: tuple[str, ...] = ()
        for i in ring:
            hero = camp[i]
            if hero is not None:
                found += (hero,)
        if found:
            return found
    return ()


def event_amount(state: State, kind: str) -> int:
    """The current event's number if it is of ``kind`` (0 otherwise, or when ignored)."""
    name = state.event
    if name is None:
        return 0
    event = state.cards.named[name].event
    return event.amount if event.kind == kind else 0


_ACTS: dict[tuple[str, str, str], A.Act] = {}


def _act_of(hero: str, action: str, target: str = "") -> A.Act:
    """The one Act value for these fields (actions are immutable: interned for speed)."""
    key = (hero, action, target)
    found = _ACTS.get(key)
    if found is None:
        found = _ACTS[key] = A.Act(hero, action, target)
    return found


_MADE: dict[tuple[Any, ...], Any] = {}


def _made(kind: type[Any], *values: str) -> Any:
    """The one action of ``kind`` with these fields, interned as :func:`_act_of` does: building
    an action checks every field's type, which costs more than the rest of a move."""
    key = (kind, *values)
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = kind(*values)
    return found


_BEGIN, _END_ACTIONS, _END_TURN = A.Begin(), A.EndActions(), A.EndTurn()
_ATTACKS: dict[str, tuple[A.Attack, ...]] = {}


def _attacks_on(hero: str) -> tuple[A.Attack, ...]:
    """The attack on ``hero`` from each location in turn (interned, as :func:`_made`)."""
    found = _ATTACKS.get(hero)
    if found is None:
        found = _ATTACKS[hero] = tuple(_made(A.Attack, place, hero) for place in LOCATIONS)
    return found


#: For each location and reach 0..4, the locations within reach of it.
_NEAR = tuple(
    tuple(tuple(b for b in range(8) if _DISTANCE[a][b] <= r) for r in range(5)) for a in range(8)
)
_NEIGHBOURS = tuple(((a + 1) % 8, (a - 1) % 8) for a in range(8))
_ALL = tuple(range(8))


_AT: dict[tuple[str, str], tuple[A.Act, ...]] = {}


def _at(hero: str, action: str) -> tuple[A.Act, ...]:
    """``hero``'s ``action`` aimed at each location in turn (interned, as :func:`_act_of`)."""
    found = _AT.get((hero, action))
    if found is None:
        found = _AT[hero, action] = tuple(_act_of(hero, action, place) for place in LOCATIONS)
    return found


class _Plan(NamedTuple):
    """A hero side's actions prepared for listing: for each card action in the side's order
    (cost, effect, number, aimed): a defend's reach before the event's bonus and its Act at
    each location; a forage's one Act; a rally's Act by the hero it rallies. Then the promotion
    (None on level 2), the maneuver and its Act at each location."""

    actions: tuple[tuple[int, str, int, Any], ...]
    promote: A.Act | None
    promote_cost: int
    maneuver: str
    moves: tuple[A.Act, ...]


def _plans(cards: CardSet, hero: str) -> tuple[_Plan, _Plan]:
    """``hero``'s two sides planned (level 1, level 2), kept in ``cards.plans``: a tuple read
    by ``hero in promoted`` costs less than a look-up by (hero, level)."""
    plans = cards.plans[hero] = (_plan(cards, hero, 1), _plan(cards, hero, 2))
    return plans


def _plan(cards: CardSet, hero: str, level: int) -> _Plan:
    side = cards.sides[hero, level]
    passive = side.passive
    reach = passive.amount if passive.kind == "reach" else 0
    actions = []
    for action in side.actions:
        if action.effect == "defend":
            aimed: Any = _at(hero, action.name)
            number = action.amount + reach
        elif action.effect == "forage":
            aimed, number = _act_of(hero, action.name), 0
        else:
            aimed = {other: _act_of(hero, action.name, other) for other in cards.hero_names}
            number = action.amount
        actions.append((action.cost, action.effect, number, aimed))
    promote = _act_of(hero, A.move_name(side, A.PROMOTE)) if side.level == 1 else None
    moves = _at(hero, A.move_name(side, A.MANEUVER))
    return _Plan(tuple(actions), promote, side.promote, side.maneuver, moves)


def _actions_phase(state: State) -> list[Any]:
    """Each hero's actions, in the order of ``state.points`` (the heroes who may still act),
    then End actions. One function for all heroes: this is the engine's busiest loop."""
    camp, wild, left, current = state.camp, state.wild, state.points, state.current
    cards, promoted, forage = state.cards, state.promoted, bool(state.forage)
    plans = cards.plans
    event_reach = event_amount(state, "reach")
    found: list[Any] = []
    add = found.append  # loops, not comprehensions: a comprehension is a call of its own
    for hero, points in left:
        sides = plans.get(hero) or _plans(cards, hero)
        actions, promote, promote_cost, maneuver, moves = sides[hero in promoted]
        here = camp.index(hero)
        for cost, effect, number, aimed in actions:
            if cost > points:
                continue
            if effect == "defend":  # a stack within reach (0 to 4 steps: the whole ring)
                reach = number + event_reach
                for i in _NEAR[here][0 if reach < 0 else 4 if reach > 4 else reach]:
                    if wild[i]:
                        add(aimed[i])
            elif effect == "forage":
                if forage:
                    add(aimed)
            else:  # rally: another hero who has not acted yet
                for other, _ in left:
                    if other != hero and (other != current or current is None):
                        add(aimed[other])
        if promote is not None and promote_cost <= points:
            add(promote)
        if points >= 1:
            if maneuver == "leap":  # to every empty camp space
                for i in _ALL:
                    if camp[i] is None:
                        add(moves[i])
            else:  # step to an adjacent empty space, or swap with an adjacent hero
                empty = maneuver == "step"
                for i in _NEIGHBOURS[here]:
                    if (camp[i] is None) is empty:
                        add(moves[i])
    add(_END_ACTIONS)
    return found


_last: list[Any] = [None, ()]  # the last state asked about and its answer (states are immutable)


def legal(state: State) -> list[Any]:
    """Every action and choice the rules allow now; anything else is refused by
    :func:`~rules.embers.game.apply`."""
    return list(_options(state))


def _options(state: State) -> tuple[Any, ...]:
    """:func:`legal` as a tuple, remembered for the last state asked about (the policy asks,
    then :func:`apply` checks the same state)."""
    if _last[0] is not state:
        _last[0], _last[1] = state, tuple(_legal(state))
    found: tuple[Any, ...] = _last[1]
    return found


def _legal(state: State) -> list[Any]:
    phase = state.phase
    if phase == "actions" and not state.bonus:  # the most frequent question first
        return _actions_phase(state)
    if phase == "setup":
        return [_BEGIN]
    if state.over:
        return []
    if state.bonus:
        return [_made(A.Promote, h) for h in state.in_camp() if h not in state.promoted]
    if phase == "attacks":
        found = []
        attacked = state.attacked
        for i, stack in enumerate(state.wild):
            if stack and i not in attacked:
                for hero in closest(state, i):
                    found.append(_attacks_on(hero)[i])
        return found
    if phase == "reinforce":
        return _reinforcements(state) or [_END_TURN]
    return []


def _reinforcements(state: State) -> list[A.Reinforce]:
    if state.camp.count(None) <= 4:  # 4 heroes or more in camp
        return []
    heroes = [h for h in state.tent if h not in state.fallen and h not in state.promoted]
    if not heroes:
        return []
    spaces = [i for i in range(8) if state.camp[i] is None and not state.wild[i]]
    if not spaces:
        spaces = [i for i in range(8) if state.camp[i] is None]
    return [_made(A.Reinforce, h, LOCATIONS[i]) for h in heroes for i in spaces]


def no_reinforcement(state: State) -> str | None:
    """In the reinforce step, why no hero can be placed (so End the turn is all there is), in
    words; None when a reinforcement must be placed (the same test as :func:`legal`'s)."""
    in_camp = 8 - state.camp.count(None)
    if in_camp >= 4:
        return f"the camp holds {in_camp} heroes: reinforcements come only while fewer than 4 do"
    if not state.tent:
        return "the tent is empty"
    if not _reinforcements(state):
        fell = " and ".join(h for h in state.tent if h in state.fallen)
        return f"placed in the tent this turn, {fell} may not come back before the next turn"
    return None
