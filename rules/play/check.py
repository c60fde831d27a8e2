"""Check a game by random play: what every game on the kit promises, found by playing it.

Why one checker: a game's rules are pure functions behind one small protocol
(:class:`rules.record.journey.Game`), so what any game must keep can be checked the same way for
all, as OpenSpiel's ``random_sim_test`` checks its games. A new game is tested by one line of its
author's::

    def test_random_play_keeps_every_promise():
        check_game(GAME)

:func:`check_game` plays journeys at random through the game's ``legal(state)`` (the actions the
rules offer now) and after each step checks:

* the action is accepted, and its JSON form parses back to the same action;
* every invariant the game declares holds (its ``check(state)``, when it has one: a
  :class:`~rules.record.game_module.GameModule` takes it as ``check_state``);
* the state pickles and unpickles to an equal state (what a process pool is handed);
* now and then, an **undo** gives back the state before the action, and a redo the state undo
  took; a **reroll** keeps the first try, marked superseded;
* now and then, a **refusal**: an action the rules offered in an earlier state but not now, or
  one that is not an action of the game at all, is refused with a
  :class:`~rules.errors.LanternError`, and the journey is as it was (state, record and chance);
* at the end of each journey, its record, through JSON text, replays to the state it reached.

A test may add what only it knows of a game in a :class:`Driver` (a player that reaches the
late states, refusals aimed at the game's own values, invariants from the rules' text, what a
panel asks before an action); the suite's state machine and ``make fuzz`` run the same steps
over every registered game.

>>> from rules.embers import GAME
>>> check_game(GAME, seed=1, steps=40).actions
40
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from rules.errors import LanternError
from rules.record.journey import Game, Journey

__all__ = ["LONGEST", "CheckFailed", "Checked", "Driver", "RandomPlay", "check_game"]

#: A journey that has not ended after this many steps makes way for a new one.
LONGEST = 400
#: How often a step is an undo, a reroll or a refusal instead of a legal action.
UNDO, REROLL, REFUSE = 0.04, 0.03, 0.05
#: How often what a panel asks of the rules (:attr:`Driver.probe`) is asked before an action.
PROBE = 0.25
#: How many actions seen offered earlier are kept, to play where they are not offered.
SEEN = 64


class CheckFailed(AssertionError):
    """A promise the game broke, with where: the journey's seed and the step, to play it again."""


@dataclass(frozen=True)
class Driver:
    """What a test knows of one game beyond its protocol; every part optional."""

    #: ``pick(state, rng)``: an action the rules offer now (default: one of ``legal(state)`` at
    #: random).
    pick: Callable[[Any, random.Random], Any] | None = None
    #: ``over(state)``: whether the journey has ended (default: the state's ``over``, else
    #: ``legal`` offers nothing).
    over: Callable[[Any], bool] | None = None
    #: ``not_offered(state)``: well-formed actions the rules must refuse now (default: actions seen
    #: offered earlier that are not offered now).
    not_offered: Callable[[Any], Sequence[Any]] | None = None
    #: ``malformed(state)``: builders of actions the rules must refuse when built or played (added
    #: to a few of every game's).
    malformed: Callable[[Any], Sequence[Callable[[], Any]]] | None = None
    #: ``check(state)``: invariants beyond the game's own ``check``.
    check: Callable[[Any], object] | None = None
    #: ``check_step(before, action, report, after)``: what one action must have done.
    check_step: Callable[[Any, Any, Any, Any], object] | None = None
    #: ``probe(state, action)``: what a panel asks of the rules before the action (it must answer,
    #: never raise).
    probe: Callable[[Any, Any], object] | None = None
    #: ``options(rng)``: a journey's options.
    options: Callable[[random.Random], Mapping[str, Any]] | None = None
    #: ``opening(rng)``: actions every journey begins with (a crew that joins).
    opening: Callable[[random.Random], Sequence[Any]] | None = None


@dataclass
class Checked:
    """What a check played, by kind of step."""

    #: The game checked, by name.
    game: str
    #: Legal actions played (the count asked for); the undos, rerolls and refusals come on top.
    actions: int = 0
    #: Journeys begun.
    journeys: int = 0
    #: Actions undone (half of them redone, exactly as they went).
    undos: int = 0
    #: Actions rerolled.
    rerolls: int = 0
    #: Actions the rules refused, as they must.
    refusals: int = 0
    #: Records replayed and checked against the journey.
    replays: int = 0
    #: The actions of each kind played, by kind.
    kinds: dict[str, int] = field(default_factory=dict)


class RandomPlay:
    """Random play of one game: its legal actions, refusals and invariants, one step at a time
    (:func:`check_game` plays it; the suite's state machine and ``make fuzz`` step it too)."""

    def __init__(self, game: Game[Any, Any], driver: Driver | None = None) -> None:
        self.game = game
        self.driver = driver or Driver()
        self._legal: Callable[[Any], Sequence[Any]] | None = getattr(game, "legal", None)
        if self.driver.pick is None and not callable(self._legal):
            raise CheckFailed(
                f"the game {game.name!r} has no legal(state): random play picks among the actions "
                "legal offers (GameModule(..., legal=...)), or from a Driver's pick"
            )
        self._seen: list[Any] = []

    # --- what the game offers and must refuse ---------------------------------------------------

    def legal(self, state: Any) -> Sequence[Any]:
        """The actions offered now (remembered, to play later where they are not offered)."""
        assert self._legal is not None
        offered = tuple(self._legal(state))
        for action in offered:
            if action not in self._seen:
                self._seen = [*self._seen[-SEEN + 1 :], action]
        return offered

    def pick(self, state: Any, rng: random.Random) -> Any:
        """The next action of random play: the driver's choice, or one of the actions ``legal``
        offers."""
        if self.driver.pick is not None:
            return self.driver.pick(state, rng)
        offered = self.legal(state)
        if not offered:
            raise CheckFailed(f"legal offers nothing in a journey not over: {state!r}")
        return rng.choice(offered)

    def over(self, state: Any) -> bool:
        """Whether the game has ended: the driver says, else the state's own ``over`` when it has
        one (a game may offer moves that change nothing in play after its end: its tables, its
        oracle), else ``legal`` offers nothing."""
        if self.driver.over is not None:
            return self.driver.over(state)
        ended = getattr(state, "over", None)
        if isinstance(ended, bool) or self._legal is None:
            return bool(ended)
        return not self.legal(state)

    def not_offered(self, state: Any) -> list[Any]:
        """Actions seen earlier and not offered now: each must be refused, leaving the state as it
        was."""
        if self.driver.not_offered is not None:
            return list(self.driver.not_offered(state))
        if self._legal is None:
            return []
        offered = self.legal(state)
        return [action for action in self._seen if action not in offered]

    def malformed(self, state: Any) -> list[Callable[[], Any]]:
        """Builders of what no game accepts: an unknown kind, no kind at all, a value that is no
        action; a known action with a field it does not have; then the driver's own."""
        parse = self.game.parse_action
        found: list[Callable[[], Any]] = [
            lambda: parse({"kind": "no such kind"}),
            lambda: parse({}),
            lambda: {"kind": "not built"},
            lambda: None,
        ]
        known = self._seen[-1:] if self._legal is not None else []
        for action in known:
            extra: dict[str, Any] = {**action.to_json(), "no_such_field": 1}
            found.append(partial(parse, extra))
        if self.driver.malformed is not None:
            found += self.driver.malformed(state)
        return found

    def invariants(self, state: Any) -> None:
        """The game's own ``check`` and the driver's."""
        own = getattr(self.game, "check", None)
        if callable(own):
            own(state)
        if self.driver.check is not None:
            self.driver.check(state)

    def check_step(self, before: Any, action: Any, report: Any, after: Any) -> None:
        """The driver's own checks of one step (before, the action, its report, after)."""
        if self.driver.check_step is not None:
            self.driver.check_step(before, action, report, after)

    def probe(self, state: Any, action: Any) -> None:
        """The driver's look at an action about to be played, for checks that need the state before
        it."""
        if self.driver.probe is not None:
            self.driver.probe(state, action)

    # --- journeys ------------------------------------------------------------------------------

    def options(self, rng: random.Random) -> dict[str, Any]:
        """The options a random journey starts with (the driver's, or none)."""
        return dict(self.driver.options(rng)) if self.driver.options is not None else {}

    def opening(self, rng: random.Random) -> list[Any]:
        """The actions a random journey opens with before random play (a character's creation, say)."""
        return list(self.driver.opening(rng)) if self.driver.opening is not None else []

    def play(self, journey: Journey[Any, Any], rng: random.Random, history: list[Any]) -> Any:
        """One action the rules offer, played and checked; ``history`` gets the state before."""
        before = journey.state
        action = self.pick(before, rng)
        if rng.random() < PROBE:
            self.probe(before, action)
        report = journey.play(action)
        history.append(before)
        parsed = self.game.parse_action(json.loads(json.dumps(action.to_json())))
        assert parsed == action, f"{action!r} reads back from its JSON as {parsed!r}"
        self.check_step(before, action, report, journey.state)
        state = journey.state
        again = pickle.loads(pickle.dumps(state))
        assert again == state, "the state does not come back equal through pickle"
        return action

    def step(
        self, journey: Journey[Any, Any], history: list[Any], rng: random.Random, checked: Checked
    ) -> None:
        """One random step on ``journey``, checked; raises on anything broken. ``history`` holds
        the state before each live action, last on top: what undo must give back."""
        roll = rng.random()
        if roll < UNDO and history:
            reached = journey.state
            removed = journey.undo()
            assert journey.state == history[-1], "undo did not give back the state before"
            self.invariants(journey.state)
            checked.undos += 1
            if rng.random() < 0.5:  # redo: exactly as it went
                journey.extend(removed)
                assert journey.state == reached, "redo did not give back the state undo took"
            else:
                history.pop()
        elif roll < UNDO + REROLL and history and journey.can_reroll:
            action = self.game.parse_action(journey.entries[-1].action)
            report = journey.reroll()
            assert journey.entries[-2].superseded, "the first try is kept, marked superseded"
            self.check_step(history[-1], action, report, journey.state)
            checked.rerolls += 1
        elif roll < UNDO + REROLL + REFUSE:
            not_offered = self.not_offered(journey.state)
            if not_offered and rng.random() < 0.5:
                action = rng.choice(not_offered)  # a stale choice's option: InvalidInput
                refused(journey, lambda: action, LanternError)
            else:
                refused(journey, rng.choice(self.malformed(journey.state)), LanternError)
            checked.refusals += 1
        else:
            action = self.play(journey, rng, history)
            checked.actions += 1
            kind = str(getattr(action, "kind", type(action).__name__))
            checked.kinds[kind] = checked.kinds.get(kind, 0) + 1
        self.invariants(journey.state)

    def journey(
        self,
        seed: int,
        actions: int,
        checked: Checked,
        each: Callable[[Journey[Any, Any]], object] | None = None,
    ) -> Journey[Any, Any]:
        """One journey from ``seed``, stepped until it ends, :data:`LONGEST` steps pass or
        ``checked`` has played ``actions``; its record then replays to the state it reached.
        ``each(journey)`` after every step (a count of what was reached)."""
        rng = random.Random(seed)
        journey: Journey[Any, Any] = Journey.start(self.game.name, seed, self.options(rng))
        checked.journeys += 1
        history: list[Any] = []
        steps = 0
        try:
            self.invariants(journey.state)
            for action in self.opening(rng):
                history.append(journey.state)
                journey.play(action)
            while checked.actions < actions and steps < LONGEST and not self.over(journey.state):
                steps += 1
                self.step(journey, history, rng, checked)
                if each is not None:
                    each(journey)
            assert replayed(journey) == journey.state, "the record does not replay to the state"
        except Exception as error:
            raise CheckFailed(
                f"{self.game.name}: journey seed {seed} (options {journey.options}) broke at step "
                f"{steps}, after {len(journey.entries)} entries: {type(error).__name__}: {error}"
            ) from error
        checked.replays += 1
        return journey


def refused(
    journey: Journey[Any, Any], build: Callable[[], Any], error: type[BaseException]
) -> None:
    """Building and playing ``build()`` is refused with ``error`` (or a subclass), and the
    journey is as it was: when the rules refuse, neither the state, the record nor the chance
    moves."""
    before = frozen(journey)
    try:
        journey.play(build())
    except error:
        pass
    else:
        raise AssertionError(f"{build()!r} was accepted in {journey.state!r}")
    assert frozen(journey) == before, f"refusing {build!r} changed the journey"


def frozen(journey: Journey[Any, Any]) -> tuple[Any, ...]:
    """Everything a refused action must leave alone: the state, the last report, the record and
    the chance steps."""
    return journey.state, journey.last, tuple(journey.entries), journey.chance.steps


def replayed(journey: Journey[Any, Any]) -> Any:
    """The state the journey's record replays to, through JSON text as a file holds it."""
    return Journey.from_json(json.loads(json.dumps(journey.to_json()))).state


def check_game(
    game: Game[Any, Any],
    *,
    seed: int = 0,
    steps: int = 1000,
    driver: Driver | None = None,
) -> Checked:
    """Play ``game`` at random for ``steps`` legal actions, over as many journeys as that takes
    (each seeded from ``seed``), checking every promise listed in :mod:`rules.play.check`; the
    journeys begin with no options unless the ``driver`` gives some. Returns what was played;
    raises :class:`CheckFailed` at the first broken promise, naming the journey's seed and step
    (``RandomPlay(game).journey(seed, ...)`` plays that journey again).

    The game must be registered under its name (a journey starts it by name): an installed
    package's ``lantern.games`` entry point, or :func:`~rules.record.games.register_game`.
    """
    play = RandomPlay(game, driver)
    rng = random.Random(f"{game.name}-{seed}")
    checked = Checked(game.name)
    idle = 0  # journeys in a row that ended before any action
    while checked.actions < steps:
        journey_seed, played = rng.randrange(2**32), checked.actions
        play.journey(journey_seed, steps, checked)
        idle = idle + 1 if checked.actions == played else 0
        if idle >= 10:
            raise CheckFailed(f"{game.name}: 10 journeys in a row ended before any action")
    return checked
