"""Why an Embers move is refused, in a sentence the player reads beside the button they pressed.

Why a module of its own: :func:`rules.embers.legal` lists what may be done, fast, for every
move of a simulation; a refusal is rare and needs words, so they are worked out here, only when
a move is refused (:func:`rules.embers.why_not` asks). Each reason is one of the rulebook's own
conditions: "Scout is in the tent", "the Smoke Wraith at SE is out of reach", "Promote costs 4
points; Scout has 2".
"""

from __future__ import annotations

from rules.embers import actions as A
from rules.embers.cards import LOCATIONS
from rules.embers.moves import _options, closest, distance, event_amount, no_reinforcement
from rules.embers.preview import plural
from rules.embers.state import State

__all__ = ["refusal", "why_not"]

#: What is happening now, as the player reads it (after "now: ").
PHASE_WORDS = {
    "setup": "the night has not begun",
    "spawn": "the monsters spawn",
    "actions": "the heroes act",
    "attacks": "the monsters attack",
    "reinforce": "reinforcements",
}
#: Why every action but the free promote is refused while the Night card's bonus waits.
FIRST = "the Night card's free promote comes first: choose a hero to flip to level 2"


def refusal(state: State, action: object) -> str:
    """Why ``action`` (not among :func:`~rules.embers.legal`'s) is refused now, in words."""
    now = PHASE_WORDS.get(state.phase, state.phase)
    if isinstance(action, A.Begin):
        return "the night has begun already"
    if isinstance(action, A.Promote):
        return _promote(state, action)
    if state.bonus:
        return FIRST
    if isinstance(action, A.Act):
        if state.phase != "actions":
            return f"heroes act only in the actions step; now: {now}"
        return _act(state, action)
    if isinstance(action, A.EndActions):
        return f"End actions ends the actions step; now: {now}"
    if isinstance(action, A.Attack):
        if state.phase != "attacks":
            return f"monsters attack only once the actions are over; now: {now}"
        return _attack(state, action)
    if isinstance(action, A.Reinforce):
        if state.phase != "reinforce":
            return f"reinforcements come after the attacks; now: {now}"
        return _reinforce(state, action)
    if isinstance(action, A.EndTurn):
        if state.phase != "reinforce":
            return f"the turn ends after the attacks and reinforcements; now: {now}"
        return "a reinforcement comes first: fewer than 4 heroes are in camp (house rule)"
    return f"it is not an Embers move open now ({now})"


def _where(name: str) -> str | None:
    """Why ``name`` is not a location, or None when it is one."""
    if name in LOCATIONS:
        return None
    return f"{name!r} is not a location ({', '.join(LOCATIONS)})"


def _hero(state: State, hero: str) -> str | None:
    """Why ``hero`` cannot act or be chosen in camp, or None."""
    if hero not in state.cards.hero_names:
        return f"there is no hero called {hero!r} ({', '.join(state.cards.hero_names)})"
    if hero in state.tent:
        return f"{hero} is in the tent"
    return None


def _promote(state: State, action: A.Promote) -> str:
    hero = action.hero
    if not state.bonus:
        return "no Night card bonus is waiting: the free promote comes with the Night card"
    found = _hero(state, hero)
    if found is not None:
        return found
    return f"{hero} is already on its level-2 side ({state.side(hero).name})"


def _act(state: State, action: A.Act) -> str:
    hero, name, target = action.hero, action.action, action.target
    found = _hero(state, hero)
    if found is not None:
        return found
    points = dict(state.points)
    if hero not in points:
        return (
            f"{hero} has no action points left this turn (spent, or another hero began after "
            f"{hero}: one hero at a time)"
        )
    have, side = points[hero], state.side(hero)
    card = side.named.get(name)
    promote, maneuver = A.move_name(side, A.PROMOTE), A.move_name(side, A.MANEUVER)
    if card is None and name == promote:
        if side.level == 2:
            return f"{hero} is already on its level-2 side ({side.name})"
        return f"{promote} costs {plural(side.promote, 'point')}; {hero} has {have}"
    if card is None and name == maneuver:
        return _maneuver(state, hero, side.maneuver, target)
    if card is None:
        names = [a.name for a in side.actions] + [promote] * (side.level == 1) + [maneuver]
        return f"{hero} has no action called {name!r} ({', '.join(names)})"
    if card.cost > have:
        return f"{name} costs {plural(card.cost, 'point')}; {hero} has {have}"
    if card.effect == "forage":
        return "the forage pile is empty" if not state.forage else f"{name} takes no target"
    if card.effect == "rally":
        if target == hero:
            return f"{hero} cannot rally itself"
        if target not in state.in_camp():
            return _hero(state, target) or f"{target} is not in camp"
        return f"{target} has acted this turn: {name} gives points to a hero yet to act"
    bad = _where(target)
    if bad is not None:
        return bad
    here, there = state.where(hero), LOCATIONS.index(target)
    if not state.wild[there]:
        return f"no monster is at {target}"
    passive = side.passive.amount if side.passive.kind == "reach" else 0
    reach = max(0, card.amount + passive + event_amount(state, "reach"))
    monster = state.cards.card(state.wild[there][-1]).monster.name
    return (
        f"the {monster} at {target} is out of reach: {name} reaches {plural(reach, 'step')} "
        f"from {LOCATIONS[here]}, {target} is {plural(distance(here, there), 'step')} away"
    )


def _maneuver(state: State, hero: str, kind: str, target: str) -> str:
    bad = _where(target)
    if bad is not None:
        return bad
    here, there = state.where(hero), LOCATIONS.index(target)
    other = state.camp[there]
    if kind == "swap":
        if other is None:
            return f"no hero is at {target}: {hero} swaps places with a hero next to it"
        steps = plural(distance(here, there), "step")
        return f"{hero} swaps only with a hero next to it: {target} is {steps} away"
    if other is not None:
        return f"{target} holds {other}: {hero} {kind}s only to an empty camp space"
    steps = plural(distance(here, there), "step")
    return (
        f"{hero} steps only to a camp space next to it: {target} is {steps} from {LOCATIONS[here]}"
    )


def _attack(state: State, action: A.Attack) -> str:
    bad = _where(action.location)
    if bad is not None:
        return bad
    i = LOCATIONS.index(action.location)
    if not state.wild[i]:
        return f"no monster is at {action.location}"
    if i in state.attacked:
        return f"the monsters at {action.location} have attacked this turn"
    targets = " or ".join(closest(state, i))
    return (
        f"the attack at {action.location} targets the hero closest to it, {targets}, "
        f"not {action.target}"
    )


def _reinforce(state: State, action: A.Reinforce) -> str:
    why = no_reinforcement(state)
    if why is not None:
        return f"no reinforcement now: {why}"
    hero, location = action.hero, action.location
    if hero not in state.cards.hero_names:
        return f"there is no hero called {hero!r} ({', '.join(state.cards.hero_names)})"
    if hero not in state.tent:
        return f"{hero} is in camp, not in the tent"
    if hero in state.fallen:
        return f"{hero} was placed in the tent this turn: not before the next turn"
    bad = _where(location)
    if bad is not None:
        return bad
    there = LOCATIONS.index(location)
    if state.camp[there] is not None:
        return f"{location} holds {state.camp[there]}"
    return f"{location} has monsters: a reinforcement goes to an empty location while there is one"


def why_not(state: State, action: object) -> str | None:
    """None if ``action`` is legal now, else a sentence saying why not (the reason in the
    rulebook's terms, :func:`~rules.embers.refusals.refusal`, and the kinds of move allowed now)."""
    options = _options(state)
    for option in options:  # the policy hands back one of the listed values: found by identity
        if option is action:
            return None
    if action in options:
        return None
    if state.over:
        return f"the game is over ({state.phase}: {state.reason or 'dawn came'})"
    kinds = sorted({type(a).title for a in options})
    allowed = f"allowed now: {', '.join(kinds)}" if kinds else "nothing is allowed now"
    return f"{action!r} is not allowed now: {refusal(state, action)}; {allowed}"
