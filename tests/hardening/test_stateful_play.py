"""Stateful random play: Hypothesis state machines, one per game, playing only the
actions and choices the rules offer, with undo, redo and reroll among the rules.

The promises checked (as OpenSpiel tests its games: "seeded random playouts that check the API's promises on
every step, clone/replay equals original"):

- after every step, the game's invariants (:mod:`stateful_play`: Firelights' 52 cards each in one
  place, Fatigue 0..5, treasures 0 or more; Voidlight's slots, Hit Points, attributes and pools,
  for every character of a crew of 1 to 6 that grows and shrinks as characters join and leave;
  Embers' 12 fire cards and the Night card each in one place, one hero per camp space, an attack's
  damage against the target's health);
- an action the rules do not offer now, or one with a value out of range, is refused and the
  journey is as it was ("when the rules refuse, neither the state, the record nor the generator
  moves", rules/record/journey.py);
- undo gives back the state before the action; redo gives back the state undo took away
  ("exactly as it went"); a reroll keeps the first try, marked superseded;
- the record, through JSON, replays to the state the journey reached.

Most machines play an in-memory :class:`Journey`; :class:`BookPlay` plays a
:class:`JourneyBook` in a temporary folder and opens the file again at the end.

Seeded (``derandomize=True``) and sized for the everyday suite: about 1,600 steps per game. The
100,000 per game are ``make fuzz`` (``fuzz.py``).
"""

from __future__ import annotations

import random
import re
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import fuzz
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from stateful_play import (
    DRIVERS,
    FIRELIGHTS_SAMPLES,
    VOIDLIGHT_SAMPLES,
    Driver,
    assert_refused,
    replayed,
    voidlight_crew,
)

from rules.book import JourneyBook, opening
from rules.embers import DIFFICULTIES
from rules.errors import IllegalAction, LanternError
from rules.firelights.moves import KINDS as FIRELIGHTS_KINDS
from rules.record import journey as journey_module
from rules.record.journey import Entry, Journey
from rules.voidlight.moves import FREE
from rules.voidlight.moves import KINDS as VOIDLIGHT_KINDS

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
#: The generator a step builds its action with (Hypothesis draws and shrinks its seed).
RANDOMS = st.randoms(use_true_random=False)
#: The most actions one play step takes in a row.
BURST = 20
#: The longest record replayed in mid-play (each replay plays the whole record again).
REPLAY_UP_TO = 50


def quick(examples: int, steps: int) -> settings:
    """Seeded and sized for the everyday suite; no deadline (the machine is shared and slow)."""
    return settings(
        max_examples=examples,
        stateful_step_count=steps,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


class Play(RuleBasedStateMachine):
    """Random play of one game (the subclass names it) on an in-memory journey."""

    game: ClassVar[str]

    def __init__(self) -> None:
        super().__init__()
        self.driver: Driver = DRIVERS[self.game]
        self.journey: Journey[Any, Any] | Any = None
        #: The state before each live action, last on top (what undo must give back).
        self.before: list[Any] = []
        #: Undone actions: their entries and the state they had reached (what redo gives back).
        self.undone: list[tuple[tuple[Entry, ...], Any]] = []

    def begin(self, seed: int, options: dict[str, Any]) -> Journey[Any, Any] | Any:
        return Journey.start(self.game, seed, options)

    @initialize(seed=SEEDS, difficulty=st.sampled_from(DIFFICULTIES))
    def start(self, seed: int, difficulty: str) -> None:
        options = {"difficulty": difficulty} if self.game == "embers" else {}
        self.journey = self.begin(seed, options)

    # --- the rules -----------------------------------------------------------------------------

    @precondition(lambda self: not self.driver.over(self.journey.state))
    @rule(rng=RANDOMS, count=st.integers(min_value=1, max_value=BURST))
    def play(self, rng: random.Random, count: int) -> None:
        """Actions the rules offer now, with good arguments: each accepted, the invariants
        checked after each (a run of them, so journeys go deep enough to end)."""
        for _ in range(count):
            before = self.journey.state
            if self.driver.over(before):
                return
            action = self.driver.pick(before, rng)
            self.driver.probe(before, action)
            report = self.journey.play(action)
            self.driver.check_step(before, action, report, self.journey.state)
            self.driver.check(self.journey.state)
            self.before.append(before)
            self.undone.clear()

    @precondition(lambda self: self.before)
    @rule()
    def undo(self) -> None:
        """Undo takes back the last action: the state is the one before it."""
        reached = self.journey.state
        removed = self.redo_entries(self.journey.undo())
        assert self.journey.state == self.before.pop()
        self.undone.append((removed, reached))

    def redo_entries(self, removed: tuple[Entry, ...]) -> tuple[Entry, ...]:
        return removed

    @precondition(lambda self: self.undone)
    @rule()
    def redo(self) -> None:
        """Redo plays the undone action again "exactly as it went": the state it had reached."""
        entries, reached = self.undone.pop()
        before = self.journey.state
        self.replay_undone(entries)
        assert self.journey.state == reached
        self.before.append(before)

    def replay_undone(self, entries: tuple[Entry, ...]) -> None:
        self.journey.extend(entries)

    @precondition(lambda self: self.journey.can_reroll)
    @rule()
    def reroll(self) -> None:
        """A reroll plays the last action again with fresh chance; the first try stays in the
        record, marked superseded; the state before the action is still the one undo gives."""
        action = self.journey.game.parse_action(self.journey.entries[-1].action)
        report = self.journey.reroll()
        assert self.journey.entries[-2].superseded
        assert not self.journey.entries[-1].superseded
        self.driver.check_step(self.before[-1], action, report, self.journey.state)
        self.undone.clear()

    @rule(data=st.data())
    def refuse_not_offered(self, data: st.DataObject) -> None:
        """A well-formed action of a kind (or for a hero, a location) the rules do not offer now
        is refused with IllegalAction, and nothing changes."""
        offered = self.driver.not_offered(self.journey.state)
        if offered:
            action = data.draw(st.sampled_from(offered))
            assert_refused(self.journey, lambda: action, IllegalAction)

    @rule(data=st.data())
    def refuse_malformed(self, data: st.DataObject) -> None:
        """An action with a value out of range, or naming nothing there is, is refused (when
        built or when played), and nothing changes."""
        build = data.draw(st.sampled_from(self.driver.malformed(self.journey.state)))
        assert_refused(self.journey, build, LanternError)

    @precondition(lambda self: len(self.journey.entries) <= REPLAY_UP_TO)
    @rule()
    def replay(self) -> None:
        """The record, through JSON, replays to the state the journey reached (here while it is
        short: a long one replays once, at the end)."""
        assert replayed(self.journey) == self.journey.state

    @invariant()
    def invariants_hold(self) -> None:
        if self.journey is not None:
            self.driver.check(self.journey.state)

    def teardown(self) -> None:
        if self.journey is not None:
            assert replayed(self.journey) == self.journey.state


class FirelightsPlay(Play):
    game = "firelights"


def crew_begun(play: Play, journey: Any, seed: int) -> Any:
    """A Voidlight journey begun by a crew of 1 to 6 (``seed % 7``), or by no one yet (0): the
    random play then grows and shrinks it ("crews of 1–6 with joins and leaves").
    Each action is one undo can take back."""
    for action in voidlight_crew(seed % 7):
        play.before.append(journey.state)
        journey.play(action)
    return journey


class VoidlightPlay(Play):
    game = "voidlight"

    def begin(self, seed: int, options: dict[str, Any]) -> Journey[Any, Any] | Any:
        return crew_begun(self, super().begin(seed, {"play": "group"} if seed % 2 else {}), seed)


class EmbersPlay(Play):
    game = "embers"


class LamplighterPlay(Play):
    """The guide's example game (docs/examples/lamplighter), under the same machine."""

    game = "lamplighter"


class BookPlay(Play):
    """The same play through a Journey Book in a temporary folder: every step is committed to the
    file, and the file opened again at the end holds the state the book reached.

    Snapshots are taken every 8 actions here (not every 256) and a journey keeps only 4 recent
    points in memory (not 64), so undo and the final opening go through stored snapshots and
    rebuilt points, as a long journey does.
    """

    snapshot_every: ClassVar[int] = 8
    remembered: ClassVar[int] = 4

    def begin(self, seed: int, options: dict[str, Any]) -> Any:
        self.saved = (opening.SNAPSHOT_EVERY, journey_module.REMEMBERED_POINTS)
        opening.SNAPSHOT_EVERY = self.snapshot_every
        journey_module.REMEMBERED_POINTS = self.remembered
        self.folder = Path(tempfile.mkdtemp(prefix="lantern-stateful-"))
        return JourneyBook.start("stateful", game=self.game, seed=seed, options=options,
                                 folder=self.folder)  # fmt: skip

    def replay_undone(self, entries: tuple[Entry, ...]) -> None:
        assert self.journey.redo() is not None

    def teardown(self) -> None:
        if self.journey is None:
            return
        try:
            state, path = self.journey.state, self.journey.store.path
            self.journey.close()
            with JourneyBook.open(path) as again:
                assert again.state == state
                assert replayed(again.journey) == state
        finally:
            opening.SNAPSHOT_EVERY, journey_module.REMEMBERED_POINTS = self.saved
            shutil.rmtree(self.folder, ignore_errors=True)


class FirelightsBook(BookPlay):
    game = "firelights"


class VoidlightBook(BookPlay):
    game = "voidlight"

    def begin(self, seed: int, options: dict[str, Any]) -> Any:
        return crew_begun(self, super().begin(seed, options), seed)


class EmbersBook(BookPlay):
    game = "embers"


class LamplighterBook(BookPlay):
    game = "lamplighter"


# About 1,500 steps per game in memory (examples x steps), and 120 through a book.
TestFirelightsPlay = FirelightsPlay.TestCase
TestFirelightsPlay.settings = quick(30, 50)
TestVoidlightPlay = VoidlightPlay.TestCase
TestVoidlightPlay.settings = quick(30, 50)
TestEmbersPlay = EmbersPlay.TestCase
TestEmbersPlay.settings = quick(30, 50)
TestFirelightsBook = FirelightsBook.TestCase
TestFirelightsBook.settings = quick(3, 40)
TestVoidlightBook = VoidlightBook.TestCase
TestVoidlightBook.settings = quick(3, 40)
TestEmbersBook = EmbersBook.TestCase
TestEmbersBook.settings = quick(3, 40)
TestLamplighterPlay = LamplighterPlay.TestCase
TestLamplighterPlay.settings = quick(15, 40)  # a small game: its journeys end in a few dozen
TestLamplighterBook = LamplighterBook.TestCase
TestLamplighterBook.settings = quick(3, 40)


# --- make fuzz -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(DRIVERS))
def test_fuzz_plays_every_game_without_a_break(game: str) -> None:
    """``make fuzz`` in small: the count of legal actions asked for is played, with undos,
    rerolls and refusals among them, and nothing breaks."""
    tally = fuzz.fuzz(game, 300, seed=1)
    assert tally.ran == 300
    assert tally.broke == 0, tally.breaks
    assert tally.undos and tally.refusals


def test_fuzz_counts_a_broken_invariant_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game whose invariant fails is reported as broken, with where, and the run exits 1."""

    def never(state: Any) -> None:
        raise AssertionError("an invariant that never holds")

    broken = {**fuzz.DRIVERS, "embers": replace(fuzz.DRIVERS["embers"], check=never)}
    monkeypatch.setattr(fuzz, "DRIVERS", broken)
    assert fuzz.main(["embers", "--actions=50"]) == 1
    out = capsys.readouterr().out
    found = re.search(r"embers: 50 actions ran, (\d+) broke \((\d+) journeys;", out)
    assert found is not None, out
    assert int(found[1]) == int(found[2]) >= 50  # each play broke, and so ended its journey
    assert "an invariant that never holds" in out


def test_every_kind_has_a_refused_sample() -> None:
    """Each action kind a game can refuse has a well-formed sample to play when it is not offered
    (a kind added to a game without one would go untested here): all but the moves offered
    always (Firelights' Consult; Voidlight's Fortune, Reaction and oracle rolls)."""
    assert set(FIRELIGHTS_SAMPLES) == set(FIRELIGHTS_KINDS) - {"consult"}
    assert set(VOIDLIGHT_SAMPLES) == set(VOIDLIGHT_KINDS) - set(FREE)
    assert all(action.kind == kind for kind, action in VOIDLIGHT_SAMPLES.items())
