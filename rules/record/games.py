"""Which games this Lantern plays: a name for each, and where its rules live.

Why a table of names: a journey file records its game by name, and opening it imports that
game's rules. The three games Lantern ships are listed here; a game of your own (see the guide
*Build a game on the kit*) is added by :func:`register_game`, from code, before a journey of it
is started or opened. A name read from a file only ever picks one of these entries: nothing a
file says is imported.

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
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules.errors import InvalidInput, short_repr

__all__ = ["GAMES", "load", "register_game"]

_GAMES: dict[str, str] = {
    "firelights": "rules.firelights:GAME",
    "voidlight": "rules.voidlight:GAME",
    "embers": "rules.embers:GAME",
}
#: Game name -> "module:attribute" of its game object; imported when first asked for. A read-only
#: view: :func:`register_game` is the one way to add to it.
GAMES: Mapping[str, str] = MappingProxyType(_GAMES)

_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")
_TARGET = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*")


def load(target: str) -> Any:
    """The object ``target`` ("module:attribute") names, its module imported if need be."""
    module, attribute = target.split(":")
    found = getattr(importlib.import_module(module), attribute, None)
    if found is None:
        raise InvalidInput(f"{module} has no {attribute!r}: {target!r} names nothing")
    return found


def register_game(name: str, target: str) -> None:
    """Play the game at ``target`` ("module:attribute", such as ``"lamplighter.game:GAME"``)
    under ``name``: journeys of it start, and their files open again, by that name.

    The game is imported and checked now, so a mistake shows here rather than when a journey
    opens: it must carry the same ``name`` and the ``initial``, ``apply`` and ``parse_action``
    of :class:`rules.record.journey.Game`. Registering the same game again does nothing (a
    notebook cell run twice); a name taken by another game is refused.
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
    if _GAMES.get(name, target) != target:
        raise InvalidInput(
            f"the name {name!r} is already the game at {_GAMES[name]!r}: choose another name "
            f"for {target!r}"
        )
    found = load(target)
    if getattr(found, "name", None) != name:
        raise InvalidInput(
            f"{target} is the game {short_repr(getattr(found, 'name', None))}, not {name!r}: "
            "a journey records its game's own name, so the two must agree"
        )
    hooks = ("initial", "apply", "parse_action")
    missing = [hook for hook in hooks if not callable(getattr(found, hook, None))]
    if missing:
        raise InvalidInput(
            f"{target} is not a game Lantern can play: it has no {', '.join(missing)} (a "
            "rules.record.game_module.GameModule has them all)"
        )
    _GAMES[name] = target
