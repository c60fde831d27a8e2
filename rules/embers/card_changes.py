"""What changed between the card set a journey began with and the one a notebook gives again.

Why by content: a journey records its card file's text (:func:`rules.embers.card_record.record`), and
the notebook's line names the file; on the next Run All the file is read again and its cards are
compared with the recorded ones. The same cards (a comment or the file's place changed) open
the journey; other cards are named, a few at a time, never the file's text.

>>> from rules.embers.card_record import record
>>> from rules.embers.cards import SHIPPED
>>> same = record(SHIPPED)
>>> cards_change(dict(same, file="moved.toml"), same) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.embers.card_record import from_record
from rules.embers.cards import CardSet, load, shipped

__all__ = ["SHOWN", "cards_change", "differing"]

#: The most card names a message lists.
SHOWN = 5


def cards_change(given: Any, recorded: Any) -> str | None:
    """None when the card set ``given`` (as a journey records it; a missing one is Lantern's
    own) has the cards of ``recorded``, else a sentence naming the file and the cards that
    differ."""
    now, then = _cards(given), _cards(recorded)
    names = differing(now, then)
    if not names and now.name == then.name:
        return None
    file = _file(given)
    if names:
        listed = ", ".join(names[:SHOWN]) + (
            f" and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
        )
        what = (
            f"{len(names)} card{'s' * (len(names) != 1)} differ{'s' * (len(names) == 1)}: {listed}"
        )
    else:
        what = f"the set is called {now.name!r}, not {then.name!r}"
    if isinstance(given, Mapping) and isinstance(recorded, Mapping):
        return f"{file} changed since this journey began ({what})"
    return f"this journey began with {_file(recorded)}, not {file} ({what})"


def differing(now: CardSet, then: CardSet) -> list[str]:
    """The names of the heroes and fire cards that are in one set only, or differ."""
    names = []
    for mine, theirs in ((now.heroes, then.heroes), (now.fire, then.fire)):
        one = {card.name: card for card in mine}
        other = {card.name: card for card in theirs}
        names += [
            name for name in dict.fromkeys([*one, *other]) if one.get(name) != other.get(name)
        ]
    return names


def _cards(value: Any) -> CardSet:
    """The card set an option holds: recorded (a mapping), a file's path (journeys from before
    card sets were recorded), or none (Lantern's own)."""
    if value is None or not isinstance(value, str | Mapping):
        return shipped()
    return load(value) if isinstance(value, str) else from_record(value)


def _file(value: Any) -> str:
    if isinstance(value, Mapping):
        return str(value.get("file", "the card file"))
    return str(value) if isinstance(value, str) else "Lantern's own card set"
