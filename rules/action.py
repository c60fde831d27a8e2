"""What every game's actions share: JSON in and out, and refusals that name the bad field.

Each game defines its actions as frozen dataclasses with a ``kind`` (the JSON name) and a
``title`` (what the player calls it), built on :class:`Action`; its ``parse`` hands the JSON form
to :func:`parse_action` with its table of kinds. One place reads a record's actions, so every game
refuses an unknown kind or field the same way, naming it.

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> @dataclass(frozen=True)
... class Wave(Action):
...     kind: ClassVar[str] = "wave"
...     title: ClassVar[str] = "Wave"
...     hands: tuple[str, ...] = ()
>>> Wave(("left",)).to_json()
{'kind': 'wave', 'hands': ['left']}
>>> parse_action({"kind": "wave", "hands": ["left"]}, {"wave": Wave}, game="Example")
Wave(hands=['left'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rules.errors import InvalidInput

__all__ = ["Action", "listed", "parse_action"]


class Action:
    """The base of a game's action dataclasses: ``to_json`` writes ``kind`` and every field
    (tuples as lists, as JSON has them)."""

    kind: ClassVar[str]
    title: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


def listed(names: set[str]) -> str:
    """Field names as a refusal lists them: ``'a', 'b'`` (or "nothing more")."""
    return ", ".join(map(repr, sorted(names))) or "nothing more"


def parse_action(
    data: Mapping[str, Any],
    actions: Mapping[str, type[Action]],
    *,
    game: str,
    prepare: Callable[[type[Action], dict[str, Any]], dict[str, Any]] | None = None,
) -> Any:
    """The action ``data`` describes, from ``actions`` by its kind; unknown kinds and fields are
    refused by name. ``prepare(cls, fields)`` lets a game turn JSON values into its own (a map
    cell from a list) or drop a retired field before the action is built."""
    kind = data.get("kind") if isinstance(data, Mapping) else None
    if kind not in actions:
        raise InvalidInput(
            f"there is no {game} action of kind {kind!r}: the kinds are {', '.join(sorted(actions))}"
        )
    cls = actions[str(kind)]
    fields = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    args = {key: value for key, value in data.items() if key != "kind"}
    if prepare is not None:
        args = prepare(cls, args)
    unknown = set(args) - fields
    if unknown:
        raise InvalidInput(f"{cls.title} ({kind!r}) takes {listed(fields)}, not {listed(unknown)}")
    try:
        return cls(**args)
    except TypeError as error:
        raise InvalidInput(f"{cls.title} ({kind!r}) takes {listed(fields)}: {error}") from None
