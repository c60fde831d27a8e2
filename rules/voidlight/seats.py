"""Seats at a shared table: which player's seat plays which character, and what a seat may play.

Why in the rules: a group plays one journey from several devices, the GM's table and a seat for
each player, and what a seat may do must hold whatever its page sends. So the binding of a seat
to a character is an action recorded in the journey (it survives a reload, a kernel restart and
Run All, and every kernel following the journey sees it), and :func:`seat_refusal` is the one
check a seat's actions pass before they are written.

- :class:`TakeSeat`: a seat (``seat``: an id the seat keeps, stable across its restarts) sits as
  one character of the crew. A character is played from one seat at a time: a second seat asking
  for them is refused in a sentence naming who holds them, until the GM frees that seat. A seat
  plays one character: the GM frees it before it sits as another.
- :class:`FreeSeat`: the GM frees the seat a character is played from.
- A character who leaves the expedition leaves their seat free (:func:`unseat`).
- :func:`seat_refusal`: a seat plays only :data:`SEAT_KINDS` (a Check, a Push, a cost taken or
  skipped, an item taken or dropped, a Critical Save or a choice asked of them), only for the
  character it is bound to; a seat bound to no one plays nothing.

Seating changes nothing else in play: it rolls nothing, is open while a choice waits and after
the end, and is not one of the moves a player (or advice) weighs (:data:`rules.voidlight.moves.KINDS`).

>>> from rules.voidlight.state import State
>>> from rules.voidlight.character import Character
>>> state = State(crew=(Character("Kai", "", 2, 1, 1, 1), Character("Rook", "", 1, 2, 1, 1)))
>>> state = sit(state, TakeSeat("Kai", "seat-a"))
>>> seated_as(state, "seat-a"), seat_refusal(state, "seat-a", "check", "Kai")
('Kai', None)
>>> seat_refusal(state, "seat-a", "check", "Rook")
"this seat plays Kai: it cannot play Rook's Check"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.errors import IllegalAction
from rules.record.action import Action, check_text, parse_action
from rules.voidlight.actions import ACTIONS
from rules.voidlight.state import State, crew_index, evolve

__all__ = [
    "SEATING",
    "SEAT_KINDS",
    "FreeSeat",
    "TakeSeat",
    "free",
    "holder",
    "parse",
    "seat_refusal",
    "seated_as",
    "sit",
    "unseat",
]

#: What a seat may play, for its own character only: their Check and Push, a cost taken or
#: skipped, an item taken or dropped, and what the rules ask of them (a Critical Save, the
#: dark's saves in turn, a choice such as the item to drop).
SEAT_KINDS = frozenset({"check", "push", "cost", "skip_cost", "take", "drop", "save", "choose"})
#: The longest seat id and player's name a seat gives.
SEAT_ID_LIMIT = 100


@dataclass(frozen=True)
class TakeSeat(Action):
    """The seat ``seat`` sits as ``who``, one of the crew; ``player``, when the seat gives one, is
    the name of the player sitting there (the GM's roster shows it)."""

    kind: ClassVar[str] = "take_seat"
    title: ClassVar[str] = "Take a seat"
    #: The character the seat plays, one of the crew.
    who: str
    #: The seat's id (derived from its key: safe to record).
    seat: str
    #: The name of the player sitting there, when the seat gives one (the GM's roster shows it).
    player: str = ""


@dataclass(frozen=True)
class FreeSeat(Action):
    """The GM frees the seat ``who`` is played from: another seat may then sit as them."""

    kind: ClassVar[str] = "free_seat"
    title: ClassVar[str] = "Free a seat"
    #: The character whose seat is freed.
    who: str


#: The seating actions by kind (parsed with the game's actions, played by :func:`sit` and
#: :func:`free`).
SEATING: Mapping[str, type[Action]] = {TakeSeat.kind: TakeSeat, FreeSeat.kind: FreeSeat}
#: Every action a journey records, the game's and the seating, by kind.
RECORDED: Mapping[str, type[Action]] = {**ACTIONS, **SEATING}


def parse(data: Mapping[str, Any]) -> Any:
    """An action of a Voidlight journey from its JSON form (the game's or a seating); unknown
    kinds and fields are refused by name."""
    return parse_action(data, RECORDED, game="Voidlight")


def _title(kind: str) -> str:
    return str(getattr(RECORDED.get(kind), "title", kind))


def seated_as(state: State, seat: str) -> str:
    """The name of the character the seat ``seat`` plays ("" when none)."""
    return next((name for name, at, _player in state.seats if at == seat), "")


def holder(state: State, who: str) -> tuple[str, str] | None:
    """(seat id, player's name) of the seat ``who`` is played from, or None: no seat."""
    return next(((at, player) for name, at, player in state.seats if name == who), None)


def sit(state: State, action: TakeSeat) -> State:
    """``state`` with ``action.seat`` seated as ``action.who`` (see the module docstring)."""
    check_text(action.seat, "a seat's id", SEAT_ID_LIMIT)
    check_text(action.player, "a player's name", SEAT_ID_LIMIT)
    if not action.seat.strip():
        raise IllegalAction("a seat has an id of its own: give it one, not a blank")
    name = state.crew[crew_index(state, action.who)].name
    held = holder(state, name)
    if held is not None and held[0] == action.seat:
        raise IllegalAction(f"this seat plays {name} already")
    if held is not None:
        player = f" (by {held[1]})" if held[1] else ""
        raise IllegalAction(
            f"{name} is played from another seat already{player}: ask the GM to free that "
            f"seat (Free seat, on the GM's roster) before you sit as {name}"
        )
    mine = seated_as(state, action.seat)
    if mine:
        raise IllegalAction(
            f"this seat plays {mine}: ask the GM to free it (Free seat, on the GM's roster) "
            f"before it sits as {name}"
        )
    return evolve(state, seats=(*state.seats, (name, action.seat, action.player)))


def free(state: State, action: FreeSeat) -> State:
    """``state`` with the seat ``action.who`` is played from freed."""
    name = state.crew[crew_index(state, action.who)].name
    if holder(state, name) is None:
        raise IllegalAction(f"no seat plays {name}: there is no seat to free")
    return unseat(state, name)


def unseat(state: State, name: str) -> State:
    """``state`` with no seat playing ``name`` (they left, or the GM freed their seat)."""
    if not any(each[0] == name for each in state.seats):
        return state
    return evolve(state, seats=tuple(each for each in state.seats if each[0] != name))


def seat_refusal(state: State, seat: str, kind: str, who: Any) -> str | None:
    """None when the seat ``seat`` may play an action of ``kind`` about ``who`` (its ``who``
    field: a name, or blank for the only one of a crew of one) now, else why not, in words.

    Only whether it is the seat's to play: the rules then refuse what is not possible now as
    they refuse it from the GM's table.
    """
    name = seated_as(state, seat)
    if not name:
        return "this seat plays no one yet: it sits as a character before it plays"
    if kind not in SEAT_KINDS:
        return (
            f"{_title(kind)} is the GM's to play: a seat plays its own character's Checks and saves"
        )
    if kind in ("save", "choose"):
        asked = state.pending
        if asked is None:
            return None  # the rules refuse it: nothing is asked
        asked_of = asked.who or (state.names[0] if len(state.crew) == 1 else "")
        if asked_of != name:
            return f"this seat plays {name}: it is asked of {asked_of or 'the crew'}"
        if who and who != name:
            return f"this seat plays {name}: it cannot answer for {who}"
        return None
    try:
        about = state.crew[crew_index(state, who)].name
    except IllegalAction as error:
        return str(error)
    if about != name:
        return f"this seat plays {name}: it cannot play {about}'s {_title(kind)}"
    return None
