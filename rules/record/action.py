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
Wave(hands=('left',))

Every field is checked against its annotation when an action is built (in code or from JSON):
``str``, ``int`` (not a bool), ``bool``, ``float``, ``X | None``, ``tuple[X, ...]`` and
``tuple[X, Y]`` (a JSON list is taken as the tuple), ``Literal[...]``; other annotations are left
to the game. A value of the wrong type is an :class:`~rules.errors.InvalidInput` naming the
action, the field, the type and (a short prefix of) the value:

>>> Wave((5,))
Traceback (most recent call last):
...
rules.errors.InvalidInput: Wave: 'hands' is a tuple of a str, got (5,)
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal, Union

from rules.errors import (
    NAME_LIMIT,
    NOTE_LIMIT,
    PRONOUNS_LIMIT,
    TEXT_LIMIT,
    IllegalAction,
    InvalidInput,
    short_repr,
)

__all__ = [
    "NAME_LIMIT",
    "NOTE_LIMIT",
    "PLAYER_TEXT_LIMITS",
    "PRONOUNS_LIMIT",
    "TEXT_LIMIT",
    "Action",
    "check_action",
    "check_field",
    "check_text",
    "listed",
    "mechanics_line",
    "parse_action",
]


# --- the limits of a player's text: one set for every game (named in the README) -----------------

# TEXT_LIMIT (a free-text field, a table entry), NAME_LIMIT, PRONOUNS_LIMIT and NOTE_LIMIT are
# defined in rules.errors, below every layer, so that a table file keeps them too.
#: The shorter limits of an action's fields by name, in every game. Checked when a new action is
#: played (:func:`check_action`), not when a record is replayed: a journey that recorded a
#: longer name before these limits held for every game still opens and replays.
PLAYER_TEXT_LIMITS: Mapping[str, int] = {"name": NAME_LIMIT, "pronouns": PRONOUNS_LIMIT}


def check_action(chosen: object, action: object, *, new: bool = True) -> None:
    """Refuse, in words, a value that is not one of a game's actions (None, ``"begin"``, a dict):
    every game's ``apply`` reads an action's ``kind``, and its ``to_json`` is what is recorded.
    A ``new`` action (not one replayed from a record) also keeps :data:`PLAYER_TEXT_LIMITS`.

    >>> from rules.voidlight import Join
    >>> check_action(None, Join("Kai" * 40))
    Traceback (most recent call last):
    ...
    rules.errors.InvalidInput: Join the crew: the name is at most 100 characters, got 120: ...
    """
    kind = getattr(action, "kind", None)
    if not isinstance(kind, str) or not callable(getattr(action, "to_json", None)):
        name = str(getattr(chosen, "name", "") or "the game")
        raise IllegalAction(
            f"{short_repr(action)} is not an action of {name.title()}: play one of the actions "
            f"rules.{name} defines, built with its fields"
        )
    if new:
        title = getattr(action, "title", kind)
        for field_name, limit in PLAYER_TEXT_LIMITS.items():
            value = getattr(action, field_name, None)
            if isinstance(value, str):
                check_text(value, f"{title}: the {field_name}", limit)


def check_text(value: object, what: str, limit: int = TEXT_LIMIT) -> str:
    """``value`` if it is text SQLite can store (no lone surrogates) of at most ``limit``
    characters, with no control character but tab and line breaks; else :class:`InvalidInput`
    naming ``what``, the limit or the character, and a short prefix.

    >>> check_text("x" * 3, "a name", limit=2)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidInput: a name is at most 2 characters, got 3: 'xxx'
    """
    if not isinstance(value, str):
        raise InvalidInput(f"{what} is text, got {short_repr(value, 60)}")
    if len(value) > limit:
        raise InvalidInput(
            f"{what} is at most {limit} characters, got {len(value)}: {short_repr(value, 60)}"
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InvalidInput(
            f"{what} holds a lone surrogate {value[error.start : error.end]!r} at {error.start} "
            f"(not a character: a broken copy and paste?): {short_repr(value, 60)}"
        ) from None
    if found := _CONTROL.search(value):
        raise InvalidInput(
            f"{what} holds the control character {found.group()!r} at {found.start()} (not "
            f"text: a terminal or another program would act on it): {short_repr(value, 60)}"
        )
    return value


#: What no text field holds: the C0 controls but tab, newline and carriage return, DEL and the
#: C1 controls (a NUL cuts a C string short, an escape drives a terminal).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


class Action:
    """The base of a game's action dataclasses: ``to_json`` writes ``kind`` and every field
    (tuples as lists, as JSON has them); building one checks every field's type (a game that
    defines its own ``__post_init__`` calls ``super().__post_init__()``)."""

    #: The action's name in JSON: what a journey file records and
    #: :func:`~rules.record.action.parse_action` reads back.
    kind: ClassVar[str]
    #: What the player calls it: the reports, the log and the refusals name the action so.
    title: ClassVar[str]
    #: Shorter limits than :data:`~rules.errors.TEXT_LIMIT` for some text fields, by name.
    text_limits: ClassVar[Mapping[str, int]] = {}
    #: The fields that hold what the player wrote in their own words (a question, a rest's
    #: entry, a character's name): the story-only export keeps them (:mod:`rules.book.export`).
    words: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        name = getattr(type(self), "title", type(self).__name__)
        for field_name, hint in _hints(type(self)).items():
            value = getattr(self, field_name)
            what = f"{name}: {field_name!r}"
            checked = check_field(value, hint, what)
            if isinstance(checked, str):
                check_text(checked, what, self.text_limits.get(field_name, TEXT_LIMIT))
            if checked is not value:  # a list given for a tuple field: kept as the tuple
                object.__setattr__(self, field_name, checked)

    def to_json(self) -> dict[str, Any]:
        """The action as plain JSON (its ``kind`` and fields), the form a journey file records and
        :func:`~rules.record.action.parse_action` reads back."""
        data: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The annotations of a dataclass's fields (ClassVars are not fields), resolved once."""
    if cls not in _HINTS:
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cls)
        _HINTS[cls] = {f.name: hints[f.name] for f in fields if f.name in hints}
    return _HINTS[cls]


def _type_name(hint: Any) -> str:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        return " or ".join("None" if a is type(None) else _type_name(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple of {_type_name(args[0])}"
        return (
            f"a pair ({', '.join(_type_name(a) for a in args)})"
            if len(args) == 2
            else (f"a tuple ({', '.join(_type_name(a) for a in args)})")
        )
    if origin is Literal:
        return f"one of {', '.join(map(repr, args))}"
    name = getattr(hint, "__name__", str(hint))
    return {"str": "a str", "int": "an int", "bool": "a bool", "float": "a number"}.get(name, name)


def check_field(value: Any, hint: Any, what: str) -> Any:
    """``value`` if it fits the annotation ``hint`` (a list for a tuple comes back as the
    tuple); else :class:`InvalidInput` naming ``what``. Annotations it does not know pass."""
    checked = _fit(value, hint)
    if checked is _MISFIT:
        raise InvalidInput(f"{what} is {_type_name(hint)}, got {short_repr(value, 60)}")
    return checked


_MISFIT = object()


def _fit(value: Any, hint: Any) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or isinstance(hint, typing.TypeVar):
        return value
    if hint is type(None) or hint is None:
        return value if value is None else _MISFIT
    if origin in (Union, types.UnionType):
        for option in args:
            fitted = _fit(value, option)
            if fitted is not _MISFIT:
                return fitted
        return _MISFIT
    if origin is Literal:
        return value if any(value == a and type(value) is type(a) for a in args) else _MISFIT
    if origin is tuple:
        if not isinstance(value, tuple | list):
            return _MISFIT
        if len(args) == 2 and args[1] is Ellipsis:
            items = [_fit(item, args[0]) for item in value]
        elif args and len(args) != len(value):
            return _MISFIT
        else:
            items = (
                [_fit(item, each) for item, each in zip(value, args, strict=False)]
                if args
                else list(value)
            )
        if any(item is _MISFIT for item in items):
            return _MISFIT
        fitted = tuple(items)
        return value if isinstance(value, tuple) and fitted == value else fitted
    if hint is bool:
        return value if isinstance(value, bool) else _MISFIT
    if hint is int:
        return value if isinstance(value, int) and not isinstance(value, bool) else _MISFIT
    if hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return value if ok else _MISFIT
    if hint is str:
        return value if isinstance(value, str) else _MISFIT
    if isinstance(hint, type) and origin is None:
        return value if isinstance(value, hint) else _MISFIT
    return value  # an annotation this check does not know: the game's own checks decide


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


def mechanics_line(title: str, lines: Sequence[str], who: str = "") -> str:
    """An action's report as one line of the Journey Book: its title once, then what it did.

    Many reports' first line already names the action (``Long Rest: all Hit Points restored``);
    the title is then not said twice:

    >>> mechanics_line("Long Rest", ["Long Rest: all Hit Points restored (10/10)"])
    'Long Rest: all Hit Points restored (10/10)'
    >>> mechanics_line("Roll for an enemy", ["roll for an enemy: 5, a hardened foe"])
    'Roll for an enemy: 5, a hardened foe'
    >>> mechanics_line("Check", ["Vigor 2 standard: 5 3", "1 Hit, partial"])
    'Check: Vigor 2 standard: 5 3; 1 Hit, partial'
    >>> mechanics_line("Undo", [])
    'Undo'

    An action about one of several characters (``who``) names them first, once: their lines say
    ``Kai: ...`` each, so a log that reads down a crew's column finds the name where it looks:

    >>> mechanics_line("Advancement", ["Kai: Advancement: Vigor 3"], who="Kai")
    'Kai: Advancement: Vigor 3'
    >>> mechanics_line("Check cost", ["Kai: cost picked: 11", "Kai: 2 damage", "Rook: ..."], "Kai")
    'Kai: Check cost: cost picked: 11; 2 damage; Rook: ...'
    """
    if who:
        named = f"{who}: "
        own = [line[len(named) :] if line.startswith(named) else line for line in lines]
        return named + mechanics_line(title, own)
    if not lines:
        return title
    first, rest = lines[0], list(lines[1:])
    if title and first.lower().startswith(title.lower()):
        first = title + first[len(title) :]
        return "; ".join([first, *rest])
    return f"{title}: " + "; ".join(lines)
