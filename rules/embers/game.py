"""Playing Embers: what each action does to the state, and which actions are legal now.

:func:`apply` is pure: it takes a state, an action and a chance source and returns the new state
and a :class:`Report`. It refuses anything :func:`legal` does not list, before anything changes.

Chance steps: every card revealed on top of the deck is a :class:`~rules.table.chance.Pick` among the
cards of the deck's top run (each equally likely; a run of one card needs no step); Begin also
picks the heroes for N, E, S and W, one :class:`Pick` each among the heroes left.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from rules.embers import actions as A
from rules.embers.cards import LOCATIONS, CardSet
from rules.embers.moves import closest, distance, event_amount, legal
from rules.embers.preview import attack_icons, burn_words, fate_words, plural
from rules.embers.refusals import why_not
from rules.embers.state import IMMEDIATELY, NIGHT, State
from rules.errors import IllegalAction
from rules.record.action import mechanics_line
from rules.table.chance import Pick, Source

__all__ = ["Report", "apply", "closest", "distance", "legal", "why_not"]

_CARDINAL = (0, 2, 4, 6)
_NIGHT_RUN = (NIGHT,)
_new = tuple.__new__  # builds a named tuple from a tuple of its fields, in one C call
_INDEX = {name: i for i, name in enumerate(LOCATIONS)}
#: A pick among a run's cards, one value per run (a pick is immutable; building one checks it).
_pick = lru_cache(maxsize=1 << 14)(Pick)


class Report(NamedTuple):
    """What an action did: ``lines`` in words, the cards ``revealed`` (the chance outcomes it met,
    in order) and its ``outcome``: "defeated" / "survived" for an attack, the phase otherwise.
    A named tuple, as :class:`State` is: every action builds one."""

    title: str
    lines: tuple[str, ...]
    revealed: tuple[str, ...]
    outcome: str

    def mechanics(self) -> str:
        return mechanics_line(self.title, self.lines)


class _Work:
    """A mutable copy of a state while one action resolves (fast; frozen again at the end)."""

    __slots__ = (
        *State._fields,
        *("segments_", "wild_", "camp_", "chance", "lines", "revealed", "outcome"),
    )

    cards: CardSet
    difficulty: str
    phase: str
    turn: int
    top: str | None
    segments: tuple[tuple[str, ...], ...]
    forage: tuple[str, ...]
    hand: tuple[str, ...]
    wild: tuple[tuple[str, ...], ...]
    camp: tuple[str | None, ...]
    promoted: frozenset[str]
    tent: tuple[str, ...]
    fallen: frozenset[str]
    hours: int
    last_hour: bool
    spawns_left: int
    event: str | None
    points: tuple[tuple[str, int], ...]
    current: str | None
    attacked: frozenset[int]
    bonus: bool
    reason: str
    night: str
    paused: tuple[str, str, int] | None

    # Mutable lists of the deck's runs, the wild and the camp, frozen back into tuples.
    segments_: list[tuple[str, ...]]
    wild_: list[tuple[str, ...]]
    camp_: list[str | None]

    def __init__(self, state: State, chance: Source) -> None:
        # Every field by name, in State's order (a field added to State and not here fails
        # loudly: too many values to unpack). One statement: the fastest copy Python has.
        (
            self.cards,
            self.difficulty,
            self.phase,
            self.turn,
            self.top,
            self.segments,
            self.forage,
            self.hand,
            self.wild,
            self.camp,
            self.promoted,
            self.tent,
            self.fallen,
            self.hours,
            self.last_hour,
            self.spawns_left,
            self.event,
            self.points,
            self.current,
            self.attacked,
            self.bonus,
            self.reason,
            self.night,
            self.paused,
        ) = state
        self.segments_ = list(state.segments)
        self.wild_ = list(state.wild)
        self.camp_ = list(state.camp)
        self.chance = chance
        self.lines: list[str] = []
        self.revealed: list[str] = []
        self.outcome = ""

    def freeze(self) -> State:
        return _new(  # State(...) without its generated constructor's extra call
            State,
            (
                self.cards,
                self.difficulty,
                self.phase,
                self.turn,
                self.top,
                tuple(self.segments_),
                self.forage,
                self.hand,
                tuple(self.wild_),
                tuple(self.camp_),
                self.promoted,
                self.tent,
                self.fallen,
                self.hours,
                self.last_hour,
                self.spawns_left,
                self.event,
                self.points,
                self.current,
                self.attacked,
                self.bonus,
                self.reason,
                self.night,
                self.paused,
            ),
        )

    def lose(self, why: str) -> None:
        self.phase, self.reason = "lost", why
        self.lines.append(f"lost: {why}")

    def level_1_in_camp(self) -> list[str]:
        return [h for h in self.camp_ if h is not None and h not in self.promoted]

    # --- the deck ---

    def reveal(self) -> None:
        """Reveal the next card on top of the deck, resolving the Night card on the way."""
        segments = self.segments_
        while True:
            # no fire card left: the deck is empty or only the Night card (runs are never empty)
            if not segments or (len(segments) == 1 and segments[0] == _NIGHT_RUN):
                self.top = None
                self.lose("the deck ran out of fire cards")
                return
            run = segments[0]
            if len(run) == 1:
                card = run[0]
                del segments[0]
            else:
                card = self.chance.resolve(_pick(run))
                i = run.index(card)
                segments[0] = run[:i] + run[i + 1 :]
            self.revealed.append(card)
            if card != NIGHT:
                self.top = card
                return
            if self.hours > 1:
                if self.difficulty != "veteran" and self.level_1_in_camp():
                    self.bonus = True
                self.lines.append(
                    f"the Night card: {self.hours} hours to dawn, now {self.hours - 1}"
                )
                self.hours -= 1
                segments.append(_NIGHT_RUN)
            else:
                self.last_hour = True
                self.lines.append("the Night card: 1 hour to dawn, set aside; survive this turn")

    def take_top(self) -> str:
        card = self.top
        assert card is not None
        self.top = None
        self.reveal()
        return card

    # --- the turn ---

    def spawn(self) -> None:
        card = self.cards.named
        while self.spawns_left > 0 and self.phase == "spawn" and not self.bonus:
            monster = self.take_top()
            if self.phase == "lost" or self.top is None:
                self.top = monster  # nowhere to spawn: the card stays on the deck
                return
            where = card[self.top].location
            held = card[monster].monster
            moves = held.moves
            while moves > 0 and self.camp_[where] is not None:
                where, moves = (where + 1) % 8, moves - 1
            self.wild_[where] = (*self.wild_[where], monster)
            self.spawns_left -= 1
            self.lines.append(f"{held.name} spawns at {LOCATIONS[where]}")
        if self.phase == "spawn" and not self.bonus:
            self.start_actions()

    def start_actions(self) -> None:
        self.phase = "actions"
        event = self.event = self.top
        bonus = 0
        if event is not None:
            card = self.cards.card(event)
            if card.mark and self.difficulty == "recruit":
                self.event = None
            elif card.event.kind == "ap":
                bonus = card.event.amount
        points = []
        for hero in self.camp_:
            if hero is not None:
                side = self.cards.hero(hero).side(2 if hero in self.promoted else 1)
                extra = side.passive.amount if side.passive.kind == "extra_ap" else 0
                points.append((hero, max(0, 2 + extra + bonus)))
        self.points = tuple(points)
        self.current = None

    def start_attacks(self) -> None:
        self.phase = "attacks"
        attacked = self.attacked
        for i, stack in enumerate(self.wild_):
            if stack and i not in attacked:
                return
        self.start_reinforce()

    def start_reinforce(self) -> None:
        self.phase = "reinforce"


# --- what each action does -----------------------------------------------------------------------


def _begin(w: _Work, action: A.Begin) -> None:
    w.segments_ = [w.cards.fire_names, _NIGHT_RUN]
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
    w.camp_ = camp
    w.tent = tuple(heroes)
    w.lines.append(
        "heroes at "
        + ", ".join(f"{LOCATIONS[i]} {camp[i]}" for i in _CARDINAL)
        + f"; {heroes[0]} in the tent; {w.forage[0]} starts the forage pile"
    )
    _new_turn(w)


def _new_turn(w: _Work) -> None:
    w.phase = "spawn"
    w.spawns_left = 8 - w.camp_.count(None)  # one spawn per hero in camp
    w.spawn()


def _promote(w: _Work, action: A.Promote, state: State) -> None:
    w.promoted = w.promoted | {action.hero}
    w.bonus = False
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
        w.lines.append(f"{w.current} is done")
    w.current = hero
    side = state.side(hero)
    name = action.action
    card_action = side.named.get(name)  # a card's action keeps its name, even "Promote"
    if card_action is None and name == A.move_name(side, A.PROMOTE):
        cost = side.promote
        w.promoted = w.promoted | {hero}
        w.lines.append(f"{hero} promotes to {state.cards.hero(hero).level_2.name}")
    elif card_action is None:  # the maneuver, whatever it goes by (legal() checked it)
        cost = 1
        here, there = state.camp.index(hero), _INDEX[action.target]
        w.camp_[here], w.camp_[there] = w.camp_[there], hero
        w.lines.append(f"{hero} moves to {action.target}")
    else:
        cost = card_action.cost
        if card_action.effect == "defend":
            i = _INDEX[action.target]
            *rest, monster = w.wild_[i]
            w.wild_[i] = tuple(rest)
            w.hand = (*w.hand, monster)
            w.lines.append(f"{hero} defeats the {state.cards.named[monster].monster.name}")
        elif card_action.effect == "forage":
            count = max(0, card_action.amount + event_amount(state, "forage"))
            taken, w.forage = w.forage[:count], w.forage[count:]
            w.hand = w.hand + taken
            w.lines.append(f"{hero} forages {plural(len(taken), 'card')}")
        else:
            points[action.target] += card_action.amount
            w.lines.append(f"{hero} rallies {action.target}")
    points[hero] -= cost
    if points[hero] <= 0:
        del points[hero]
        w.current = None
    w.points = tuple(points.items())


def _end_actions(w: _Work, action: A.EndActions) -> None:
    if w.hand:
        w.segments_.append(tuple(sorted(w.hand)))
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
            w.lines.append(
                f"the attack at {location} on {hero}: {burn_words(w.forage[before:])} so far; "
                "the Night card comes up: a free promote before the rest of the attack"
            )
            return
    burned = burn_words(w.forage[before:], 0, ignored) if rest or not going_on else "no flames left"
    what = f"the attack at {location} on {hero}{' goes on' if going_on else ''}: {burned}"
    if w.phase == "lost":  # the deck ran out: the claws never land
        w.lines.insert(-1, what)
        return
    health = now.side(hero).health
    defeated = claws >= health
    fate = fate_words(hero, claws, health, defeated, ignored_claws)
    w.lines.append(f"{what}; {fate}" + (" (level 1, to the tent)" if defeated else ""))
    w.outcome = "defeated" if defeated else "survived"
    if defeated:
        w.camp_[w.camp_.index(hero)] = None
        w.promoted = w.promoted - {hero}
        w.tent = (*w.tent, hero)
        w.fallen = w.fallen | {hero}
        if w.camp_.count(None) == 8:
            w.lose("no hero is left in camp")
            return
    if w.bonus and not w.level_1_in_camp():
        w.bonus = False  # read "after_attack": the only level-1 hero in camp fell
    if not w.bonus:
        w.start_attacks()


def _reinforce(w: _Work, action: A.Reinforce) -> None:
    w.camp_[_INDEX[action.location]] = action.hero
    w.tent = tuple(h for h in w.tent if h != action.hero)
    w.lines.append(f"{action.hero} joins the camp at {action.location}")


def _end_turn(w: _Work, action: A.EndTurn) -> None:
    if w.last_hour:
        w.phase = "won"
        w.lines.append("dawn: the camp survived the night")
        return
    w.turn += 1
    w.fallen, w.attacked, w.event = frozenset(), frozenset(), None
    _new_turn(w)


def apply(state: State, action: Any, chance: Source) -> tuple[State, Report]:
    """The state after ``action`` and a report of it; an action :func:`legal` does not list is
    refused (IllegalAction) before anything changes."""
    reason = why_not(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    w = _Work(state, chance)
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
    new = w.freeze()
    return new, _new(
        Report, (action.title, tuple(w.lines), tuple(w.revealed), w.outcome or new.phase)
    )
