"""An action about one character of the crew, named by ``who``.

Why a base of its own: a Check, a cost, a rest, an item... each concerns one character, named by
their name, unique in the crew; it may be left blank while the crew has one member, and a blank
``who`` is not written, so a solo journey's record reads as it always did. (A Reaction Roll's
``who`` is the one met: Reaction Rolls are the crew's, and not an :class:`About`.)
"""

from __future__ import annotations

from typing import Any

from rules.record.action import Action

__all__ = ["About"]


class About(Action):
    """An action about one character, named by ``who`` (blank: the only one); a blank ``who`` is
    left out of the JSON (the records made before crews have none)."""

    #: The character the action is about, by name (blank: the only one). Each action declares it
    #: again, last, so that it keeps its blank default after the action's own fields.
    who: str

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if data.get("who") == "":
            del data["who"]
        return data
