"""A journey: one play of a game, kept as a record that replays to the same state.

The record is the game's name, its options, the seed, and an append-only list of entries, each an
action with the chance outcomes it met (as JSON). Replaying the entries from the start, feeding
back the recorded outcomes, rebuilds the state exactly; this is the format the durable store
saves (see :data:`RECORD_VERSION`).

A game plugs in by following :class:`Game`: a pure ``apply(state, action, chance)`` that returns
the new state and a report of what happened. Games are found by name in :data:`GAMES`.

>>> from rules.journey import Journey
>>> journey = Journey.start("firelights", seed=3)
>>> journey2 = Journey.from_json(journey.to_json())
>>> journey2.state == journey.state
True
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from rules.chance import JSON, Chance, Recording, Replay, Source, Supplied
from rules.errors import IllegalAction, InvalidInput

__all__ = ["GAMES", "RECORD_FORMAT", "RECORD_VERSION", "Entry", "Game", "Journey", "game"]

RECORD_FORMAT = "lantern.journey"
RECORD_VERSION = 1

#: Game name -> "module:attribute" of its :class:`Game`; imported when first asked for.
GAMES: Mapping[str, str] = {
    "firelights": "rules.firelights:GAME",
}

S = TypeVar("S")
R = TypeVar("R", covariant=True)


class Action(Protocol):
    def to_json(self) -> dict[str, JSON]: ...


class Game(Protocol[S, R]):
    """What a game module provides to be played, recorded and replayed."""

    name: str

    def initial(self, options: Mapping[str, JSON]) -> S:
        """The state before the first action (no chance: setup draws are actions too)."""

    def apply(self, state: S, action: Any, chance: Source) -> tuple[S, R]:
        """The state after ``action`` and a report of it; raise a LanternError if not allowed."""

    def parse_action(self, data: Mapping[str, JSON]) -> Any:
        """An action from its JSON form (what ``action.to_json()`` wrote)."""


def game(name: str) -> Game[Any, Any]:
    """The game registered under ``name``."""
    if name not in GAMES:
        raise InvalidInput(f"no game named {name!r}; the games are {sorted(GAMES)}")
    module, attribute = GAMES[name].split(":")
    found: Game[Any, Any] = getattr(importlib.import_module(module), attribute)
    return found


@dataclass(frozen=True)
class Entry:
    """One recorded action: its JSON, the chance outcomes it met, and whether a reroll replaced it."""

    action: Mapping[str, JSON]
    chance: tuple[JSON, ...] = ()
    superseded: bool = False

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"action": dict(self.action), "chance": list(self.chance)}
        if self.superseded:
            data["superseded"] = True
        return data

    @classmethod
    def from_json(cls, data: object) -> Entry:
        if not isinstance(data, dict) or not isinstance(data.get("action"), dict):
            raise InvalidInput(f"a journey entry is an object with an 'action', got {data!r}")
        chance = data.get("chance", [])
        if not isinstance(chance, list):
            raise InvalidInput(f"an entry's 'chance' is a list of outcomes, got {chance!r}")
        return cls(data["action"], tuple(chance), bool(data.get("superseded", False)))


@dataclass
class Journey(Generic[S, R]):
    """A game in play: its record, its current state and the report of the last action.

    :meth:`play` is atomic: when the rules refuse an action, neither the state, the record nor the
    generator moves.
    """

    game: Game[S, R]
    seed: int
    options: Mapping[str, JSON] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    state: S = field(init=False)
    last: R | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.chance = Chance(self.seed)
        self.state = self.game.initial(self.options)
        self._replay()

    @classmethod
    def start(
        cls, name: str, seed: int, options: Mapping[str, JSON] | None = None
    ) -> Journey[Any, Any]:
        return Journey(game(name), seed, dict(options or {}))

    def _replay(self) -> None:
        entries, self.entries = self.entries, []
        for number, entry in enumerate(entries, start=1):
            if entry.superseded:
                self.entries.append(entry)
                self.chance.skip(len(entry.chance))
                continue
            try:
                self.play(self.game.parse_action(entry.action), entry.chance, replaying=True)
            except InvalidInput as error:
                raise InvalidInput(
                    f"entry {number} of the record does not replay: {error}"
                ) from None
            except IllegalAction as error:
                raise InvalidInput(
                    f"entry {number} of the record does not replay: {error}"
                ) from None

    def play(
        self, action: Any, supplied: Sequence[object] | None = None, *, replaying: bool = False
    ) -> R:
        """Apply ``action``; chance comes from ``supplied`` outcomes first, then the generator."""
        steps = self.chance.steps
        source: Source = self.chance
        if replaying:
            source = Replay(list(supplied or ()))
        elif supplied:
            source = Supplied(list(supplied), then=self.chance)
        recording = Recording(source)
        try:
            state, report = self.game.apply(self.state, action, recording)
            if replaying:
                assert isinstance(source, Replay)
                if source.unused():
                    raise InvalidInput(f"the outcomes {list(source.unused())!r} were not used")
                self.chance.skip(len(recording.outcomes))
            elif supplied and isinstance(source, Supplied) and source.unused():
                raise IllegalAction(
                    f"the action used {source.used} of the supplied outcomes {list(supplied)!r}"
                )
        except BaseException:
            self.chance.steps = steps
            raise
        self.state, self.last = state, report
        self.entries.append(Entry(action.to_json(), tuple(recording.outcomes)))
        return report

    def to_json(self) -> dict[str, JSON]:
        """The versioned record; ``Journey.from_json`` of it replays to the same state."""
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
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise InvalidInput(
                f"not a Lantern journey record (format {RECORD_FORMAT!r}): {str(data)[:80]!r}"
            )
        version = data.get("version")
        if not isinstance(version, int) or version > RECORD_VERSION or version < 1:
            raise InvalidInput(
                f"journey record version {version!r} is not one this Lantern reads (1..{RECORD_VERSION})"
            )
        seed, options, entries = data.get("seed"), data.get("options", {}), data.get("entries", [])
        if not isinstance(options, dict) or not isinstance(entries, list):
            raise InvalidInput("a journey record has an 'options' object and an 'entries' list")
        return Journey(
            game(str(data.get("game"))),
            seed,  # type: ignore[arg-type]  # Chance checks it
            options,
            [Entry.from_json(entry) for entry in entries],
        )
