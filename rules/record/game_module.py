"""A game made from its package's functions: what :mod:`rules.record.journey` plays.

Why one class: each game package defines ``initial``, ``apply``, ``parse`` and ``summary`` as
functions, and its reports read as one mechanics line (``report.mechanics()``); the object the
journey plays only hands calls on. Voidlight and Embers had each written that same wrapper.

>>> from rules.voidlight import GAME
>>> GAME.name, GAME.describe.__doc__.split(":")[0]
('voidlight', "The Journey Book's mechanics line of an action")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.errors import InvalidInput, short_repr
from rules.table.chance import Source

__all__ = ["GameModule", "recorded_options"]


@dataclass(frozen=True)
class GameModule:
    """The :class:`rules.record.journey.Game` of a package: its name and its rule functions."""

    #: The game's name, as journeys record it.
    name: str
    #: ``initial_state(options)``: the state before the first action.
    initial_state: Callable[[Mapping[str, Any]], Any]
    #: ``apply_action(state, action, chance)``: the new state and a report; raises when the rules
    #: refuse.
    apply_action: Callable[[Any, Any, Source], tuple[Any, Any]]
    #: ``parse(data)``: an action from its JSON form.
    parse: Callable[[Mapping[str, Any]], Any]
    #: ``summarise(state)``: where the journey stands, in Markdown, for the exported book.
    summarise: Callable[[Any], str]
    #: The invariants every state keeps (``check(state)`` raises on a broken one): a loaded
    #: snapshot is checked against them before it is trusted (:mod:`rules.book.opening`).
    check_state: Callable[[Any], object] | None = None
    #: The options as a new journey records them (see :func:`recorded_options`).
    record_options: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    #: By option: ``change(given, recorded)`` is None when the option given (as recorded) is
    #: the one the journey began with, else what changed in words (an edited card file), so
    #: that ``open_or_start`` never pastes a recorded value (see :mod:`rules.book.options`).
    option_changes: Mapping[str, Callable[[Any, Any], str | None]] = field(default_factory=dict)
    #: The actions the rules offer in a state (``legal(state)``): what random play picks from
    #: (:func:`rules.play.check.check_game`); None for a game that lists its moves otherwise.
    legal: Callable[[Any], Sequence[Any]] | None = None

    def initial(self, options: Mapping[str, Any]) -> Any:
        """The state before the first action, from the game's own function."""
        return self.initial_state(options)

    def apply(self, state: Any, action: Any, chance: Source) -> tuple[Any, Any]:
        """The state after ``action`` and its report, by the game's own rules."""
        return self.apply_action(state, action, chance)

    def parse_action(self, data: Mapping[str, Any]) -> Any:
        """An action from its JSON form, checked by the game's own parser."""
        return self.parse(data)

    def check(self, state: Any) -> None:
        """Raise when ``state`` breaks one of the game's invariants (nothing to check when the game
        declares none), so a damaged snapshot is never played on."""
        if self.check_state is not None:
            self.check_state(state)

    def summary(self, state: Any) -> str:
        """Markdown for the exported Journey Book."""
        return self.summarise(state)

    def describe(self, report: Any) -> str:
        """The Journey Book's mechanics line of an action: the report's own ``mechanics()``."""
        return str(report.mechanics())


def recorded_options(game: object, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options a new journey of ``game`` keeps: what the game's ``record_options`` makes of
    them, else a copy. Why: an option naming a file (an Embers card file) must be recorded as the
    file's contents, or moving the file would break the journey's replay.

    >>> from rules.embers import GAME
    >>> recorded_options(GAME, {"difficulty": "recruit"})
    {'night': 'immediately', 'difficulty': 'recruit'}
    """
    if options is not None and not isinstance(options, Mapping):
        raise InvalidInput(
            f"a journey's options are a mapping of names to values (such as "
            f"{{'difficulty': 'recruit'}}), got {short_repr(options)}"
        )
    given = dict(options or {})
    hook = getattr(game, "record_options", None)
    return dict(hook(given)) if callable(hook) else given
