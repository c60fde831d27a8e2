"""Playing Embers: what each action does to the state, and which actions are legal now.

:func:`apply` is pure: it takes a state, an action and a chance source and returns the new state and
a :class:`Report`. It refuses anything :func:`legal` does not list, before anything changes.
:func:`advance` is :func:`apply` with no report, for rollouts: the same checks, the same game. The
state's copy while an action resolves, and the deck's and the turn's steps:
:mod:`rules.embers.turn`.

Chance steps: every card revealed on top of the deck is a :class:`~rules.table.chance.Pick` among
the cards of the deck's top run (each equally likely; a run of one card needs no step); Begin also
picks the heroes for N, E, S and W, one :class:`~rules.table.chance.Pick` each among the heroes
left.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.embers import actions as A
from rules.embers.cards import LOCATIONS
from rules.embers.moves import closest, distance, event_amount, legal
from rules.embers.preview import attack_icons, burn_words, fate_words, plural
from rules.embers.refusals import why_not
from rules.embers.state import IMMEDIATELY, State
from rules.embers.turn import INDEX as _INDEX
from rules.embers.turn import NIGHT_RUN as _NIGHT_RUN
from rules.embers.turn import Work as _Work
from rules.embers.turn import pick as _pick
from rules.embers.turn import put
from rules.errors import IllegalAction
from rules.record.action import mechanics_line
from rules.table.chance import Source

__all__ = [
    "Report",
    "advance",
    "apply",
    "closest",
    "distance",
    "legal",
    "report_title",
    "why_not",
]

_CARDINAL = (0, 2, 4, 6)
_new = tuple.__new__  # builds a named tuple from a tuple of its fields, in one C call


class Report(NamedTuple):
    """What an action did, in words and in cards. A named tuple, as :class:`State` is: every
    action builds one."""

    #: The action's title.
    title: str
    #: What happened, in words, in order.
    lines: tuple[str, ...]
    #: The cards revealed, in order: the chance outcomes the action met.
    revealed: tuple[str, ...]
    #: "defeated" or "survived" for an attack; the phase the action left otherwise.
    outcome: str

    def mechanics(self) -> str:
        """The report in one line, as the log, the journal and the exports print it."""
        return mechanics_line(self.title, self.lines)


# --- what each action does -----------------------------------------------------------------------


def _begin(w: _Work, action: A.Begin) -> None:
    w.segments = (w.cards.fire_names, _NIGHT_RUN)
    w.hours, w.turn = 4, 1
    w.reveal()
    w.forage = (w.take_top(),)
    heroes = list(w.cards.hero_names)
    camp: list[str | None] = [None] * 8
    for i in _CARDINAL:
        hero = w.chance.resolve(_pick(tuple(heroes)))
        w.revealed.append(hero)
        heroes.remove(hero)
        camp[i] = hero
    w.camp = tuple(camp)
    w.tent = tuple(heroes)
    if w.words:
        w.lines.append(
            "heroes at "
            + ", ".join(f"{LOCATIONS[i]} {camp[i]}" for i in _CARDINAL)
            + f"; {heroes[0]} in the tent; {w.forage[0]} starts the forage pile"
        )
    _new_turn(w)


def _new_turn(w: _Work) -> None:
    w.phase = "spawn"
    w.spawns_left = 8 - w.camp.count(None)  # one spawn per hero in camp
    w.spawn()


def _promote(w: _Work, action: A.Promote, state: State) -> None:
    w.promoted = w.promoted | {action.hero}
    w.bonus = False
    if w.words:
        w.lines.append(f"{action.hero} flips to level 2 for free")
    if w.phase == "spawn":
        w.spawn()
    elif w.paused is not None:  # the attack the Night card paused goes on from where it was
        location, hero, done = w.paused
        w.paused = None
        _strike(w, state._replace(promoted=w.promoted), location, hero, done)
    elif w.phase == "attacks":
        w.start_attacks()


def _act(w: _Work, action: A.Act, state: State) -> None:
    hero = action.hero
    points = dict(w.points)
    if w.current is not None and w.current != hero:
        points.pop(w.current, None)
        if w.words:
            w.lines.append(f"{w.current} is done")
    w.current = hero
    side = state.side(hero)
    name = action.action
    card_action = side.named.get(name)  # a card's action keeps its name, even "Promote"
    if card_action is None and name == A.move_name(side, A.PROMOTE):
        cost = side.promote
        w.promoted = w.promoted | {hero}
        if w.words:
            w.lines.append(f"{hero} promotes to {state.cards.hero(hero).level_2.name}")
    elif card_action is None:  # the maneuver, whatever it goes by (legal() checked it)
        cost = 1
        here, there = state.camp.index(hero), _INDEX[action.target]
        w.camp = put(put(w.camp, here, w.camp[there]), there, hero)
        if w.words:
            w.lines.append(f"{hero} moves to {action.target}")
    else:
        cost = card_action.cost
        if card_action.effect == "defend":
            i = _INDEX[action.target]
            stack = w.wild[i]
            monster = stack[-1]
            w.wild = put(w.wild, i, stack[:-1])
            w.hand = (*w.hand, monster)
            if w.words:
                w.lines.append(f"{hero} defeats the {state.cards.named[monster].monster.name}")
        elif card_action.effect == "forage":
            count = max(0, card_action.amount + event_amount(state, "forage"))
            taken, w.forage = w.forage[:count], w.forage[count:]
            w.hand = w.hand + taken
            if w.words:
                w.lines.append(f"{hero} forages {plural(len(taken), 'card')}")
        else:
            points[action.target] += card_action.amount
            if w.words:
                w.lines.append(f"{hero} rallies {action.target}")
    points[hero] -= cost
    if points[hero] <= 0:
        del points[hero]
        w.current = None
    w.points = tuple(points.items())


def _end_actions(w: _Work, action: A.EndActions) -> None:
    if w.hand:
        w.segments = (*w.segments, tuple(sorted(w.hand)))
        if w.words:
            w.lines.append(
                f"{plural(len(w.hand), 'card')} from hand shuffled to the bottom of the deck"
            )
    w.hand, w.points, w.current = (), (), None
    w.start_attacks()


def _attack(w: _Work, action: A.Attack, state: State) -> None:
    w.attacked = w.attacked | {_INDEX[action.location]}
    _strike(w, state, action.location, action.target, 0)


def _strike(w: _Work, now: State, location: str, hero: str, done: int) -> None:
    """The attack at ``location`` on ``hero``, ``done`` of its flames already burned: the rest
    of its flames, then its claws, with the side ``hero`` shows in ``now``. Read "immediately",
    a Night card a flame reveals pauses it for the free promote (:func:`_promote` goes on)."""
    flames, claws, ignored_flames, ignored_claws = attack_icons(now, _INDEX[location], hero)
    rest = flames + ignored_flames - done  # flame icons still to deal; a passive ignores the last
    ignored = min(ignored_flames, rest)
    before, pause, going_on = len(w.forage), w.night == IMMEDIATELY, done > 0
    for _ in range(rest - ignored):
        if w.top is None:
            break
        w.forage = (*w.forage, w.take_top())
        done += 1
        if w.phase == "lost":
            break
        if pause and w.bonus:
            w.paused = (location, hero, done)
            if w.words:
                w.lines.append(
                    f"the attack at {location} on {hero}: {burn_words(w.forage[before:])} so "
                    "far; the Night card comes up: a free promote before the rest of the attack"
                )
            return
    if w.phase == "lost":  # the deck ran out: the claws never land
        if w.words:
            w.lines.insert(-1, _attack_words(w, location, hero, rest, ignored, before, going_on))
        return
    health = now.side(hero).health
    defeated = claws >= health
    if w.words:
        what = _attack_words(w, location, hero, rest, ignored, before, going_on)
        fate = fate_words(hero, claws, health, defeated, ignored_claws)
        w.lines.append(f"{what}; {fate}" + (" (level 1, to the tent)" if defeated else ""))
    w.outcome = "defeated" if defeated else "survived"
    if defeated:
        w.camp = put(w.camp, w.camp.index(hero), None)
        w.promoted = w.promoted - {hero}
        w.tent = (*w.tent, hero)
        w.fallen = w.fallen | {hero}
        if w.camp.count(None) == 8:
            w.lose("no hero is left in camp")
            return
    if w.bonus and not w.level_1_in_camp():
        w.bonus = False  # read "after_attack": the only level-1 hero in camp fell
    if not w.bonus:
        w.start_attacks()


def _attack_words(
    w: _Work, location: str, hero: str, rest: int, ignored: int, before: int, going_on: bool
) -> str:
    """The attack's line so far: where, on whom, and the cards its flames burned."""
    burned = burn_words(w.forage[before:], 0, ignored) if rest or not going_on else "no flames left"
    return f"the attack at {location} on {hero}{' goes on' if going_on else ''}: {burned}"


def _reinforce(w: _Work, action: A.Reinforce) -> None:
    w.camp = put(w.camp, _INDEX[action.location], action.hero)
    w.tent = tuple(h for h in w.tent if h != action.hero)
    if w.words:
        w.lines.append(f"{action.hero} joins the camp at {action.location}")


def _end_turn(w: _Work, action: A.EndTurn) -> None:
    if w.last_hour:
        w.phase = "won"
        if w.words:
            w.lines.append("dawn: the camp survived the night")
        return
    w.turn += 1
    w.fallen, w.attacked, w.event = frozenset(), frozenset(), None
    _new_turn(w)


def apply(state: State, action: Any, chance: Source) -> tuple[State, Report]:
    """The state after ``action`` and a report of it; an action :func:`legal` does not list is
    refused (IllegalAction) before anything changes."""
    w = _resolve(state, action, chance, True)
    new = w.freeze()
    return new, _new(
        Report, (report_title(action), tuple(w.lines), tuple(w.revealed), w.outcome or new.phase)
    )


def report_title(action: Any) -> str:
    """What a report (and the log's entry) is titled: a hero's action by the hero and the action
    ("Defender: Charge"), for the log to tell one from the next; any other by its title."""
    if isinstance(action, A.Act):
        return f"{action.hero}: {action.action}"
    return str(action.title)


def advance(state: State, action: Any, chance: Source) -> State:
    """:func:`apply`'s new state alone: the same checks and the same game, none of the report's
    words built (a rollout plays thousands of actions and reads none of them)."""
    return _resolve(state, action, chance, False).freeze()


def _resolve(state: State, action: Any, chance: Source, words: bool) -> _Work:
    """``action`` played on a copy of ``state`` (refused first if :func:`legal` does not list
    it), the report's lines written when ``words`` asks for them."""
    reason = why_not(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    w = _Work(state, chance, words)
    if isinstance(action, A.Act):
        _act(w, action, state)
    elif isinstance(action, A.Attack):
        _attack(w, action, state)
    elif isinstance(action, A.Reinforce):
        _reinforce(w, action)
    elif isinstance(action, A.EndActions):
        _end_actions(w, action)
    elif isinstance(action, A.EndTurn):
        _end_turn(w, action)
    elif isinstance(action, A.Promote):
        _promote(w, action, state)
    else:
        _begin(w, action)
    return w
