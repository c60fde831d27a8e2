"""A journey's record, entry by entry: what was played, the chance it met, and what stands.

Why a module of its own: the record is what a Journey Book stores and a replay reads, and what
Undo, Redo and Reroll walk; it needs no game. :class:`Entry` is one recorded action;
:func:`last_live` and :func:`group_start` find the last action that stands and its first try.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.errors import IllegalAction, InvalidInput
from rules.table.chance import JSON

__all__ = ["Entry", "group_start", "last_live"]


@dataclass(frozen=True)
class Entry:
    """One recorded action: its JSON, the chance outcomes it met, and whether a reroll replaced it.

    :attr:`typed` and :attr:`drawn` split the outcomes, to say what Lantern drew or rolled for the
    player.
    """

    #: The action as JSON (its ``kind`` and fields), parsed by the game on replay.
    action: Mapping[str, JSON]
    #: The chance outcomes it met, in order, as JSON: a replay feeds them back instead of drawing
    #: again.
    chance: tuple[JSON, ...] = ()
    #: A reroll replaced it: it stays in the record, struck through, and changes nothing.
    superseded: bool = False
    #: How many of the first outcomes the player entered from the table (physical cards or dice)
    #: rather than the software sampling them; replay treats both alike.
    supplied: int = 0
    #: Who played it at a shared table: blank for the GM (and every journey recorded before seats),
    #: else the name of the character whose seat played it. Not part of the action: an action
    #: replays the same whoever played it.
    by: str = ""

    @property
    def typed(self) -> tuple[JSON, ...]:
        """The outcomes the player typed from the table."""
        return self.chance[: self.supplied]

    @property
    def drawn(self) -> tuple[JSON, ...]:
        """The outcomes Lantern drew or rolled (all of them when the player typed none)."""
        return self.chance[self.supplied :]

    def to_json(self) -> dict[str, JSON]:
        """The entry as plain JSON: its action, the chance outcomes it met, and whether it was
        rerolled or undone."""
        data: dict[str, JSON] = {"action": dict(self.action), "chance": list(self.chance)}
        if self.superseded:
            data["superseded"] = True
        if self.supplied:
            data["supplied"] = self.supplied
        if self.by:
            data["by"] = self.by
        return data

    @classmethod
    def from_json(cls, data: object) -> Entry:
        """An entry read from a journey file, each field checked: a hand-edited row is refused, not
        trusted."""
        if not isinstance(data, dict) or not isinstance(data.get("action"), dict):
            raise InvalidInput(f"a journey entry is an object with an 'action', got {data!r}")
        chance = data.get("chance", [])
        if not isinstance(chance, list):
            raise InvalidInput(f"an entry's 'chance' is a list of outcomes, got {chance!r}")
        supplied = data.get("supplied", 0)
        if isinstance(supplied, bool) or not isinstance(supplied, int) or supplied < 0:
            raise InvalidInput(f"an entry's 'supplied' is a count of outcomes, got {supplied!r}")
        by = data.get("by", "")
        if not isinstance(by, str):
            raise InvalidInput(
                f"an entry's 'by' is the name of the seat that played it, got {by!r}"
            )
        superseded = bool(data.get("superseded", False))
        return cls(data["action"], tuple(chance), superseded, supplied, by)


def last_live(entries: Sequence[Entry]) -> int:
    """Index of the last entry a reroll did not replace (-1: none), found from the end: a book
    reads its first entries only when asked for them."""
    return next((i for i in reversed(range(len(entries))) if not entries[i].superseded), -1)


def group_start(entries: Sequence[Entry]) -> int:
    """Index of the last action's first try: its live entry and the superseded ones before."""
    start = last_live(entries)
    if start < 0:
        raise IllegalAction("there is no action to take back: the journey has not begun")
    while start > 0 and entries[start - 1].superseded:
        start -= 1
    return start
