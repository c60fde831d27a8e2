"""A journey: one play of a game, kept as a record that replays to the same state.

The record is the game's name, its options, the seed, and an append-only list of entries, each an
action with the chance outcomes it met (as JSON). Replaying the entries from the start, feeding
back the recorded outcomes, rebuilds the state exactly; this is the format the durable store
saves (see :data:`RECORD_VERSION` and :mod:`rules.book.store.database`).

A game plugs in by following :class:`Game`: a pure ``apply(state, action, chance)`` that returns
the new state and a report of what happened. Games are found by name in :data:`GAMES`: an
installed package declares its own in the ``lantern.games`` entry points (:mod:`rules.record.games`).

Taking back moves works like python-chess's ``push``/``pop``: :meth:`Journey.undo` removes the last
action and returns its entries, :meth:`Journey.extend` plays recorded entries again (redo), and
:meth:`Journey.reroll` replays the last action with fresh chance while the first try stays in the
record, marked superseded (only an action that drew or rolled something can be rerolled:
:attr:`Journey.can_reroll`). Undoing rebuilds the earlier state from a remembered :class:`Point`
(the state after the first *n* entries), so it does not replay the whole journey.

>>> from rules.record.journey import Journey
>>> from rules.firelights import Ask, Begin
>>> journey = Journey.start("firelights", seed=3)
>>> journey2 = Journey.from_json(journey.to_json())
>>> journey2.state == journey.state
True
>>> _ = journey.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
>>> first = journey.play(Ask("likely"))
>>> undone = journey.undo()
>>> journey.play(Ask("likely")) == first  # the same cards lie on top: undo is not a reroll
True
>>> _ = journey.reroll()
>>> [entry.superseded for entry in journey.entries]
[False, True, False]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import InitVar, dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from rules.errors import IllegalAction, InvalidInput, short_repr
from rules.record import games
from rules.record.action import check_action
from rules.record.entry import Entry, group_start, last_live
from rules.record.game_module import recorded_options
from rules.record.games import register_game
from rules.table.chance import JSON, Chance, Recording, Replay, Source, Supplied
from rules.table.words import action_title, too_few

__all__ = [
    "GAMES",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Entry",
    "Game",
    "Journey",
    "Point",
    "check_action",
    "game",
    "group_start",
    "last_live",
    "recorded_options",
    "register_game",
    "short_repr",
]

#: What a journey record says it is (its ``"format"``).
RECORD_FORMAT = "lantern.journey"
#: The version of the record format this code writes; it reads every version up to this one.
RECORD_VERSION = 1

#: Game name -> "module:attribute" of its :class:`Game`, imported when first asked for: a
#: read-only view of :data:`rules.record.games.GAMES` (entry points, and :func:`register_game`).
GAMES: Mapping[str, str] = games.GAMES

#: How many recent :class:`Point` s a journey keeps in memory for undo (older ones are rebuilt).
REMEMBERED_POINTS = 64

S = TypeVar("S")
R = TypeVar("R", covariant=True)


class Game(Protocol[S, R]):
    """What a game module provides to be played, recorded and replayed.

    Optional hooks the Journey Book uses when a game has them: ``summary(state) -> str`` (Markdown:
    the character, the map), ``describe(report) -> str`` (one mechanics line; else the report's
    ``mechanics()``, else ``str``) and ``check(state)`` (raise a LanternError on a state breaking
    the game's invariants: a stored snapshot that fails it is rebuilt from the record, and
    :func:`rules.play.check.check_game` checks it after every step); ``legal(state)`` (the
    actions the rules offer now: what :func:`~rules.play.check.check_game` plays at random).
    """

    #: The game's name: what a journey records and :data:`GAMES` finds it by.
    name: str

    def initial(self, options: Mapping[str, JSON]) -> S:
        """The state before the first action (no chance: setup draws are actions too)."""

    def apply(self, state: S, action: Any, chance: Source) -> tuple[S, R]:
        """The state after ``action`` and a report of it; raise a LanternError if not allowed."""

    def parse_action(self, data: Mapping[str, JSON]) -> Any:
        """An action from its JSON form (what ``action.to_json()`` wrote)."""


def game(name: str) -> Game[Any, Any]:
    """The game registered under ``name`` (:func:`rules.record.games.find`)."""
    found: Game[Any, Any] = games.find(name)
    return found


@dataclass(frozen=True)
class Point(Generic[S, R]):
    """Where the journey stood after its first ``count`` entries: state, chance steps, last report."""

    #: How many entries it stands after.
    count: int
    #: The state there.
    state: S
    #: The chance steps resolved by then, so the generator continues from there.
    steps: int
    #: The last report; None at the start, or for a point loaded from a stored snapshot (reports are
    #: not stored): a replay from it then needs at least one entry to know the report.
    last: R | None = None


@dataclass
class Journey(Generic[S, R]):
    """A game in play: its record, its current state and the report of the last action.

    :meth:`play`, :meth:`undo`, :meth:`extend` and :meth:`reroll` are atomic: when the rules refuse,
    neither the state, the record nor the generator moves.
    """

    #: The rules it plays.
    game: Game[S, R]
    #: The seed of its one random generator.
    seed: int
    #: The options it was begun with, as its record keeps them.
    options: Mapping[str, JSON] = field(default_factory=dict)
    #: Every action played, with its chance outcomes: the record that replays it.
    entries: list[Entry] = field(default_factory=list)
    #: A stored :class:`Point` to start from instead of the beginning: the entries it covers are
    #: taken as they are, the rest replayed.
    resume_from: InitVar[Point[S, R] | None] = None
    #: The state now.
    state: S = field(init=False)
    #: The report of the last action (None before the first).
    last: R | None = field(init=False, default=None)

    def __post_init__(self, resume_from: Point[S, R] | None) -> None:
        self.chance = Chance(self.seed)
        #: Where to find an older :class:`Point` than memory holds: ``find_point(n)`` returns one
        #: with ``count < n``, or None (then undo replays from the start). The store sets it.
        self.find_point: Callable[[int], Point[S, R] | None] | None = None
        self._points: dict[int, Point[S, R]] = {}
        entries, self.entries = _copy(self.entries), []
        if resume_from is None:
            self.state = self.game.initial(self.options)
            start = 0
        else:
            if not 0 <= resume_from.count <= len(entries):
                raise InvalidInput(
                    f"a point after {resume_from.count!r} entries does not fit a record of "
                    f"{len(entries)} entries"
                )
            start = resume_from.count
            self.entries = entries[:start]
            self.state, self.last = resume_from.state, resume_from.last
            self.chance.steps = resume_from.steps
        self._remember()
        self._replay(entries[start:])

    @classmethod
    def start(
        cls, name: str, seed: int, options: Mapping[str, JSON] | None = None
    ) -> Journey[Any, Any]:
        """A new journey of the game called ``name``, from ``seed``, its options recorded."""
        return Journey(chosen := game(name), seed, recorded_options(chosen, options))

    # --- replay --------------------------------------------------------------------------------

    def _replay(self, entries: Sequence[Entry]) -> None:
        for entry in entries:
            number = len(self.entries) + 1
            try:
                self._replay_entry(entry)
            except (InvalidInput, IllegalAction) as error:
                raise InvalidInput(
                    f"entry {number} of the record does not replay: {error}"
                ) from None

    def _replay_entry(self, entry: Entry) -> None:
        if entry.superseded:
            self.entries.append(entry)
            self.chance.skip(len(entry.chance))
            self._remember()
            return
        self.play(self.game.parse_action(entry.action), entry.chance, replaying=True)
        if entry.supplied or entry.by:
            self.entries[-1] = replace(self.entries[-1], supplied=entry.supplied, by=entry.by)

    def play(
        self,
        action: Any,
        supplied: Sequence[object] | None = None,
        *,
        draw_rest: bool = False,
        replaying: bool = False,
        by: str = "",
    ) -> R:
        """Apply ``action``; chance comes from ``supplied`` outcomes first, then the generator.

        ``supplied`` are the outcomes the player drew and rolled at the table, one per chance
        step (``[["7H", "QS"], [4, 5]]``: a draw of two cards, then a roll of two dice). Too
        few for the action are refused (:class:`IllegalAction`, saying what was typed and what
        is missing) unless ``draw_rest``: then Lantern draws and rolls the rest, and the entry's
        :attr:`Entry.drawn` says what. Too many are refused. ``by``: who played it (Entry.by).
        """
        steps = self.chance.steps
        source: Source = self.chance
        typed = [] if replaying else list(supplied or ())
        if replaying:
            source = Replay(list(supplied or ()))
        elif typed:
            source = Supplied(typed, then=self.chance)
        check_action(self.game, action, new=not replaying)
        recording = Recording(source)
        try:
            state, report = self.game.apply(self.state, action, recording)
            if replaying:
                assert isinstance(source, Replay)
                if source.unused():
                    raise InvalidInput(f"the outcomes {list(source.unused())!r} were not used")
                self.chance.skip(len(recording.outcomes))
            elif typed and isinstance(source, Supplied) and source.unused():
                raise IllegalAction(
                    f"the action used {source.used} of the supplied outcomes {typed!r}"
                )
            elif typed and len(recording.outcomes) > len(typed) and not draw_rest:
                raise IllegalAction(too_few(action_title(action), typed, recording.steps))
        except InvalidInput as error:
            self.chance.steps = steps
            if isinstance(source, Supplied) and source.short():
                needs = too_few(action_title(action), typed, self._steps_of(action), missing=False)
                raise InvalidInput(f"{needs} — {error}") from None
            raise
        except BaseException:
            self.chance.steps = steps
            raise
        self.state, self.last = state, report
        outcomes = tuple(recording.outcomes)
        self.entries.append(Entry(action.to_json(), outcomes, supplied=len(typed), by=by))
        self._remember()
        return report

    def _steps_of(self, action: Any) -> list[Any]:
        """The chance steps ``action`` meets now when Lantern draws all (a copy of the generator)."""
        recording = Recording(Chance(self.seed, self.chance.steps))
        with suppress(InvalidInput, IllegalAction):
            self.game.apply(self.state, action, recording)
        return recording.steps

    # --- points, undo, redo, reroll ------------------------------------------------------------

    def point(self) -> Point[S, R]:
        """Where the journey stands now, to store as a snapshot or to resume from."""
        return Point(len(self.entries), self.state, self.chance.steps, self.last)

    def _remember(self) -> None:
        self._points[len(self.entries)] = self.point()
        if len(self._points) > 2 * REMEMBERED_POINTS:
            keep = sorted(self._points)[-REMEMBERED_POINTS:]
            self._points = {count: self._points[count] for count in keep}

    def _best_point(self, count: int) -> Point[S, R] | None:
        """A point to rebuild the state after ``count`` entries from (None: the beginning)."""

        def usable(p: Point[S, R]) -> bool:
            # A point of exactly ``count`` entries must carry the last report (or be the start).
            return p.count < count or (p.count == count and (p.count == 0 or p.last is not None))

        known = [p for p in self._points.values() if usable(p)]
        best = max(known, key=lambda p: p.count, default=None)
        if self.find_point is not None and (best is None or best.count < count - 1):
            stored = self.find_point(count)
            if (
                stored is not None
                and stored.count < count
                and (best is None or stored.count > best.count)
            ):
                best = stored
        return best

    def _rewind(self, count: int) -> None:
        """Go back to the state after the first ``count`` entries, dropping the later ones."""
        entries = self.entries
        point = self._best_point(count)
        self._points = {c: p for c, p in self._points.items() if c <= count}
        if point is None:
            self.entries = []
            self.state, self.last = self.game.initial(self.options), None
            self.chance.steps = 0
        else:
            self.entries = entries[: point.count]
            self.state, self.last, self.chance.steps = point.state, point.last, point.steps
        self._replay(entries[len(self.entries) : count])

    def state_after(self, count: int) -> S:
        """The state after the first ``count`` entries, read only (the journey does not move):
        from the nearest point at or before it (in memory, from ``find_point``, or the start)."""
        total = len(self.entries)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= total:
            raise InvalidInput(f"there are states after 0 to {total} entries, not after {count!r}")
        point = self._best_point(count)  # at or before ``count``
        return Journey(self.game, self.seed, self.options, self.entries[:count], point).state

    def _group_start(self) -> int:
        return group_start(self.entries)

    def _atomic(self) -> Callable[[], None]:
        """A function that puts the journey back as it is now (for a step that fails halfway)."""
        saved = (_copy(self.entries), self.state, self.last, self.chance.steps, dict(self._points))

        def restore() -> None:
            self.entries, self.state, self.last, self.chance.steps, self._points = (
                saved[0], saved[1], saved[2], saved[3], saved[4])  # fmt: skip

        return restore

    def undo(self) -> tuple[Entry, ...]:
        """Take back the last action (with any tries a reroll superseded); return its entries.

        The chance steps it used are free again: playing the same action again meets the same
        outcomes (the same cards lie on top). Use :meth:`reroll` for fresh chance.
        """
        start = self._group_start()
        removed = tuple(self.entries[start:])
        restore = self._atomic()
        try:
            self._rewind(start)
        except BaseException:
            restore()
            raise
        return removed

    def extend(self, entries: Iterable[Entry]) -> R | None:
        """Replay recorded entries after the current ones (redo, or continuing a record).

        Returns the last report (None when there were no entries to apply).
        """
        restore = self._atomic()
        try:
            self._replay(list(entries))
        except BaseException:
            restore()
            raise
        return self.last

    def reroll_refusal(self) -> str | None:
        """Why :meth:`reroll` would refuse now, or None when it would play.

        Only an action that met chance can be rerolled: replaying one that drew and rolled
        nothing (a Choose, a Travel) would only repeat it, so the player is told to undo it.
        """
        if not any(not entry.superseded for entry in self.entries):
            return "there is no action to take back: the journey has not begun"
        entry = self.entries[-1]
        if entry.superseded:
            return "the last entry is a superseded try: there is no result to reroll"
        if not entry.chance:
            return (
                f"the last action ({action_title(self.game.parse_action(entry.action))}) drew "
                "and rolled nothing: undo it first to reroll the one before"
            )
        return None

    @property
    def can_reroll(self) -> bool:
        """Whether :meth:`reroll` would play (see :meth:`reroll_refusal` for why not)."""
        return self.reroll_refusal() is None

    def reroll(self, supplied: Sequence[object] | None = None, *, draw_rest: bool = False) -> R:
        """Play the last action again with fresh chance; the first try stays, marked superseded.

        ``supplied`` gives the new outcomes from the table instead of the generator (too few are
        refused unless ``draw_rest``, as in :meth:`play`). Refused (:class:`IllegalAction`,
        naming the action) when the last action met no chance.
        """
        refusal = self.reroll_refusal()
        if refusal is not None:
            raise IllegalAction(refusal)
        entry = self.entries[-1]
        restore = self._atomic()
        steps = self.chance.steps
        try:
            self._rewind(len(self.entries) - 1)
            self.entries.append(replace(entry, superseded=True))
            self.chance.steps = steps  # the first try's outcomes stay used: fresh ones follow
            self._remember()
            action = self.game.parse_action(entry.action)
            return self.play(action, supplied, draw_rest=draw_rest, by=entry.by)
        except BaseException:
            restore()
            raise

    def to_json(self) -> dict[str, JSON]:
        """The versioned record (the part a file keeps); ``Journey.from_json`` of it replays to the
        same state."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.name,
            "options": dict(self.options),
            "seed": self.seed,
            "entries": [entry.to_json() for entry in self.entries],
        }

    @classmethod
    def from_json(cls, data: object) -> Journey[Any, Any]:
        """A journey from its record, replayed; a record of another format is refused."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise InvalidInput(
                f"not a Lantern journey record (format {RECORD_FORMAT!r}): {str(data)[:80]!r}"
            )
        version = data.get("version")
        if type(version) is not int or not 1 <= version <= RECORD_VERSION:
            raise InvalidInput(
                f"journey record version {version!r} is not one this Lantern reads (1..{RECORD_VERSION})"
            )
        seed, options, entries = data.get("seed"), data.get("options", {}), data.get("entries", [])
        if not isinstance(options, dict):
            raise InvalidInput(
                f"a journey record's 'options' is an object, got {short_repr(options)}"
            )
        if not isinstance(entries, list):
            raise InvalidInput(f"a journey record's 'entries' is a list, got {short_repr(entries)}")
        return Journey(
            game(str(data.get("game"))),
            seed,  # type: ignore[arg-type]  # Chance checks it
            options,
            [Entry.from_json(entry) for entry in entries],
        )


def _copy(entries: Iterable[Entry]) -> list[Entry]:
    """A list's own copy (a Journey Book's reads its entries when asked: rules.book.pages)."""
    return entries.copy() if isinstance(entries, list) else list(entries)
