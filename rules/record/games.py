"""Which games this Lantern plays: a name for each, and where its rules live.

Why a table of names: a journey file records its game by name, and opening it imports that
game's rules. A game is found in one of two ways, both ending in this one table:

* an installed package declares it in the packaging entry-point group ``lantern.games`` (as
  pytest finds its plugins in ``pytest11``): ``mygame = "mygame.rules:GAME"`` in the
  ``[project.entry-points."lantern.games"]`` table of the package's ``pyproject.toml``. Lantern's
  own three games are declared so too. The group is read once, the first time the table is
  asked for; the games themselves are imported only when a journey of them starts or opens;
* code calls :func:`register_game` (a notebook trying out a game not yet packaged).

A name read from a file only ever picks one of these entries: nothing a file says is imported.

>>> GAMES["embers"]
'rules.embers:GAME'
>>> register_game("Lamp Lighter", "lamplighter.game:GAME")
Traceback (most recent call last):
...
rules.errors.InvalidInput: a game's name is a short lowercase word (letters, digits, '-' or '_', starting with a letter), got 'Lamp Lighter'
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points
from typing import Any

from rules.errors import InvalidInput, short_repr

__all__ = ["ENTRY_POINTS", "GAMES", "broken", "find", "load", "register_game"]

#: The packaging entry-point group a package declares its games in.
ENTRY_POINTS = "lantern.games"

_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")
_TARGET = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*")
#: The hooks every game has (:class:`rules.record.journey.Game`).
_HOOKS = ("initial", "apply", "parse_action")


class _Registry(Mapping[str, str]):
    """Game name -> "module:attribute", the entry points read on first use."""

    def __init__(self) -> None:
        self._games: dict[str, str] = {}
        #: Where each game was declared, in words ("the package mygame 1.0").
        self._from: dict[str, str] = {}
        #: Entry points that cannot be a game, by entry-point name: why, in words.
        self._broken: dict[str, str] = {}
        self._read = False
        #: The names whose game was imported and checked.
        self._checked: set[str] = set()

    def _discover(self) -> None:
        if self._read:
            return
        self._read = True
        for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda p: (p.name, p.value)):
            source = _package(point)
            if not _NAME.fullmatch(point.name):
                self._broken[point.name] = (
                    f"{source} declares a game named {point.name!r}: a game's name is a short "
                    "lowercase word (letters, digits, '-' or '_', starting with a letter)"
                )
            elif not _TARGET.fullmatch(point.value):
                self._broken[point.name] = (
                    f"{source} declares the game {point.name!r} at {point.value!r}: an entry "
                    "point of a game is 'module:attribute' (such as 'mygame.rules:GAME')"
                )
            elif self._games.get(point.name, point.value) != point.value:
                self._broken[point.name] = (
                    f"two packages declare a game named {point.name!r}: {self._from[point.name]} "
                    f"({self._games[point.name]}) and {source} ({point.value}); uninstall one"
                )
            else:
                self._games[point.name] = point.value
                self._from.setdefault(point.name, source)
        for name in self._broken:
            self._games.pop(name, None)

    def __getitem__(self, name: str) -> str:
        self._discover()
        return self._games[name]

    def __iter__(self) -> Iterator[str]:
        self._discover()
        return iter(sorted(self._games))

    def __len__(self) -> int:
        self._discover()
        return len(self._games)

    def __repr__(self) -> str:
        return f"GAMES({dict(self.items())!r})"


def _package(point: Any) -> str:
    """The installed package an entry point comes from, in words."""
    dist = getattr(point, "dist", None)
    if dist is None:
        return "an installed package"
    return f"the package {dist.metadata['Name']} {dist.version}"


_REGISTRY = _Registry()
#: Game name -> "module:attribute" of its game object, sorted by name; imported when first asked
#: for. Read-only: a package's ``lantern.games`` entry points and :func:`register_game` fill it.
GAMES: Mapping[str, str] = _REGISTRY


def broken() -> dict[str, str]:
    """The installed packages' entry points in ``lantern.games`` that are not a game Lantern can
    list, by name: why each is refused, in a sentence (a bad name, a bad target, a name two
    packages declare). A game whose module fails to import is found out by :func:`find`."""
    _REGISTRY._discover()
    return dict(_REGISTRY._broken)


def load(target: str) -> Any:
    """The object ``target`` ("module:attribute") names, its module imported if need be."""
    module, attribute = target.split(":")
    found = getattr(importlib.import_module(module), attribute, None)
    if found is None:
        raise InvalidInput(f"{module} has no {attribute!r}: {target!r} names nothing")
    return found


def find(name: str) -> Any:
    """The game registered under ``name``, imported and checked the first time it is asked for
    (a broken plugin is refused in a sentence that names its package and what is wrong)."""
    if not isinstance(name, str) or name not in GAMES:
        why = _REGISTRY._broken.get(name) if isinstance(name, str) else None
        if why is not None:
            raise InvalidInput(f"the game {name!r} cannot be played: {why}")
        installed = (
            f"the games are {sorted(GAMES)}"
            if GAMES
            else "no game is installed: Lantern's own games are entry points of its package, "
            "read from the installed metadata, so install Lantern (`make play`, or `pip install "
            "-e .`), again after pyproject.toml changes"
        )
        raise InvalidInput(f"no game named {short_repr(name)}; {installed}")
    target = GAMES[name]
    source = _REGISTRY._from.get(name, "register_game")
    try:
        found = load(target)
    except InvalidInput as error:
        raise InvalidInput(f"the game {name!r} from {source} cannot be played: {error}") from None
    except Exception as error:  # a plugin's own import failed: say which, and how
        raise InvalidInput(
            f"the game {name!r} from {source} cannot be played: importing {target} failed "
            f"with {type(error).__name__}: {error}"
        ) from error
    if name not in _REGISTRY._checked:
        _check(name, target, found, source)
        _REGISTRY._checked.add(name)
    return found


def _check(name: str, target: str, found: Any, source: str) -> None:
    """``found`` is the game ``name``: the same name, and the hooks every game has."""
    missing = [hook for hook in _HOOKS if not callable(getattr(found, hook, None))]
    if missing:
        raise InvalidInput(
            f"{target} ({source}) is not a game Lantern can play: it has no "
            f"{', '.join(missing)} (a rules.record.game_module.GameModule has them all)"
        )
    if getattr(found, "name", None) != name:
        raise InvalidInput(
            f"{target} ({source}) is the game {short_repr(getattr(found, 'name', None))}, not "
            f"{name!r}: a journey records its game's own name, so the two must agree"
        )


def register_game(name: str, target: str) -> None:
    """Play the game at ``target`` ("module:attribute", such as ``"lamplighter.game:GAME"``)
    under ``name``: journeys of it start, and their files open again, by that name.

    For a game not yet packaged (an installed package declares its games as ``lantern.games``
    entry points instead, and needs no call). The game is imported and checked now, so a mistake
    shows here rather than when a journey opens: it must carry the same ``name`` and the
    ``initial``, ``apply`` and ``parse_action`` of :class:`rules.record.journey.Game`.
    Registering the same game again does nothing (a notebook cell run twice); a name taken by
    another game is refused.
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise InvalidInput(
            "a game's name is a short lowercase word (letters, digits, '-' or '_', starting "
            f"with a letter), got {short_repr(name)}"
        )
    if not isinstance(target, str) or not _TARGET.fullmatch(target):
        raise InvalidInput(
            "where a game lives is 'module:attribute' (such as 'lamplighter.game:GAME'), "
            f"got {short_repr(target)}"
        )
    if GAMES.get(name, target) != target:
        raise InvalidInput(
            f"the name {name!r} is already the game at {GAMES[name]!r}: choose another name "
            f"for {target!r}"
        )
    _check(name, target, load(target), "register_game")
    _REGISTRY._games[name] = target
    _REGISTRY._from.setdefault(name, "register_game")
    _REGISTRY._checked.add(name)
