"""Whether ``open_or_start`` asks for the journey it found: the seed and options given, compared
with the ones the journey began with.

Why the options are compared as the journey records them (:func:`recorded_options`): an option
naming a file (an Embers card file) is recorded as the file's cards, and a game may record an
option the player never gave (a new Voidlight journey's ``"costs": "due"``). So the same notebook
line opens the same journey on the next Run All; a changed file is named in a sentence by the
game's ``option_changes`` hook, never pasted into the message.

>>> from rules.firelights import GAME
>>> refusal(GAME, "wick.lantern", seed=(8, 7), given={}, recorded={})
"the journey 'wick.lantern' was started with seed 7, not 8: open it without them to continue, \
or give a new name to start another journey"
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from rules.errors import InvalidInput, short_repr
from rules.record.game_module import recorded_options

__all__ = ["MISSING", "refusal"]

#: An option a journey did not record, or a call did not give.
MISSING: Any = object()

_REMEDY = "open it without them to continue, or give a new name to start another journey"


def refusal(
    game: object,
    path: str,
    *,
    seed: tuple[int | None, int],
    given: Mapping[str, Any] | None,
    recorded: Mapping[str, Any],
) -> str | None:
    """None when a call giving ``seed[0]`` and ``given`` options asks for the journey at
    ``path`` (``seed[1]``, ``recorded``), else why not, in a sentence that says what to do."""
    differs, changed = [], []
    if seed[0] is not None and seed[0] != seed[1]:
        differs.append(f"seed {seed[1]!r}, not {seed[0]!r}")
    if given is not None:
        try:
            normal = recorded_options(game, given)
        except InvalidInput as error:
            return (
                f"the options given to open the journey {path!r} are refused ({error}): {_REMEDY}"
            )
        hooks: Mapping[str, Callable[[Any, Any], str | None]] = (
            getattr(game, "option_changes", None) or {}
        )
        plain = []
        for key in sorted(set(normal) | set(recorded)):
            if key not in given and key not in recorded:
                continue  # recorded by the game for new journeys only (this one began before)
            now, then = normal.get(key, MISSING), recorded.get(key, MISSING)
            if key in hooks:
                if (why := hooks[key](now, then)) is not None:
                    changed.append(why)
            elif not _same(now, then):
                plain.append(key)
        if plain:
            then_shown = _shown({key: recorded[key] for key in plain if key in recorded})
            differs.append(
                f"options {then_shown}, not {_shown({key: given[key] for key in plain if key in given})}"
            )
    if changed and not differs:
        return (
            f"{'; '.join(changed)}: the journey {path!r} keeps what it began with; open it "
            "without options to continue, or give a new name to start a new journey"
        )
    if differs:
        also = f" ({'; '.join(changed)})" if changed else ""
        return f"the journey {path!r} was started with {' and '.join(differs)}{also}: {_REMEDY}"
    return None


def _same(now: object, then: object) -> bool:
    """Whether two option values are equal as a journey file keeps them (JSON: a tuple given is
    the list recorded)."""
    try:
        return bool(json.loads(json.dumps(now)) == then)
    except (TypeError, ValueError):
        return now == then


def _shown(options: Mapping[str, Any]) -> str:
    """The options in a message: each value cut short (a recorded card set is 6 KB of text)."""
    return (
        "{" + ", ".join(f"{key!r}: {short_repr(value, 60)}" for key, value in options.items()) + "}"
    )
