"""Random play for every registered game: legal moves, moves that must be refused, invariants.

Shared by the Hypothesis state machines (``test_stateful_play.py``) and ``make fuzz``
(``fuzz.py``), which play every game of the registry (:data:`GAMES`) through the generic checker
(:class:`rules.play.check.RandomPlay`): a game's ``legal`` moves, refusals, undo, replay,
pickling and its own invariants, with nothing written here for it. A game gets a
:class:`~rules.play.check.Driver` here only for what the generic checker cannot know: the
shipped three mix in a sensible player that carries journeys to their endings (Firelights and
Voidlight weigh the kinds of move their ``legal`` lists, :func:`picks.by_kind`: a Check in
each Position is one move, not twenty), aim refusals at their own values (a kind not offered, a
wrong hero, a value out of range), check invariants from the rules' text, and ask what their panels ask. Every action
played is one ``legal`` lists, the sensible players' too (:func:`picks.listed`).

Voidlight plays a crew of 1 to 6: now and then a character joins or leaves, and every action
about a character names them.

Each game's driver lives in a module of its own (``driver_firelights.py``, ``driver_voidlight.py``,
``driver_embers.py``), what two of them share in ``picks.py``; this module gathers them by name and
hands the suite what it imports.
"""

from __future__ import annotations

from driver_embers import DRIVER as EMBERS
from driver_firelights import DRIVER as FIRELIGHTS
from driver_firelights import FIRELIGHTS_SAMPLES
from driver_voidlight import DRIVER as VOIDLIGHT
from driver_voidlight import VOIDLIGHT_SAMPLES, voidlight_crew
from picks import by_kind, listed

from rules.play.check import Driver, RandomPlay, frozen, replayed
from rules.play.check import refused as assert_refused
from rules.record.journey import GAMES as REGISTERED
from rules.record.journey import game

__all__ = [
    "DRIVERS",
    "FIRELIGHTS_SAMPLES",
    "GAMES",
    "VOIDLIGHT_SAMPLES",
    "Driver",
    "assert_refused",
    "by_kind",
    "frozen",
    "listed",
    "random_play",
    "replayed",
    "voidlight_crew",
]

#: Every game the registry lists (installed packages' entry points among them), by name.
GAMES = sorted(REGISTERED)

#: What the tests know of the shipped games beyond the generic checker, by name.
DRIVERS: dict[str, Driver] = {"firelights": FIRELIGHTS, "voidlight": VOIDLIGHT, "embers": EMBERS}


def random_play(name: str, drivers: dict[str, Driver] = DRIVERS) -> RandomPlay:
    """The generic checker's random play of the game ``name``, with its driver when it has one."""
    return RandomPlay(game(name), drivers.get(name))
