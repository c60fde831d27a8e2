"""The explorer: a plain, sensible way to play a Voidlight expedition, scene by scene.

An *expedition* is ``scenes`` scenes, each a Check (the fiction asks for each Attribute in turn:
Vigor, Operate, Insight, Diplomacy, Vigor...) in a Standard Position, its cost taken when it
yields 1 or 0 Hits, then ``minutes`` of expedition time (the Voidlight rolled on its timer,
conditions worsening). The explorer carries spare Batteries and slots one as soon as it may once
the light dies (after the Critical Save that comes as it dies); it treats a worsening condition
at once, makes every Critical Save with its best Attribute, and never lets a Battery fall or
break while it can choose something else. It ends "through" (every scene played), "taken out"
(dying) or "lost" (to the dark).

The *beam policy*: "low", "standard", "high" all expedition long, or "adaptive" (High Beam while
the pool holds 4 dice or more, Low Beam below). Why in the game's package: the search player
(:mod:`rules.voidlight.search`) finishes its rollouts with it, and the studies
(:mod:`rules.studies.voidlight`, :mod:`rules.studies.voidlight_crew`) play it.

>>> trek = start(20, "standard")
>>> Explorer()(trek)
Check(attribute='vigor', position='standard', who='')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from rules.errors import InvalidInput
from rules.table.chance import Source, Supplied
from rules.voidlight.actions import (
    Beam,
    Check,
    Choose,
    Cost,
    Create,
    Elapse,
    Save,
    SwapBattery,
    Take,
    Treat,
)
from rules.voidlight.character import ATTRIBUTES
from rules.voidlight.game import apply, apply_quietly, initial
from rules.voidlight.moves import refusal
from rules.voidlight.owed import cost_owed
from rules.voidlight.state import State

__all__ = [
    "BATTERY",
    "BEAMS",
    "EXPLORER",
    "INTERVALS",
    "Ends",
    "Expedition",
    "Explorer",
    "Trek",
    "UnderWay",
    "act",
    "light_left",
    "scene_attribute",
    "scenes_played",
    "start",
    "swaps",
    "tend",
    "trek_outcome",
    "who_of",
]

#: The beam policies: one mode all expedition long, or "adaptive".
BEAMS = ("low", "standard", "high", "adaptive")
#: Minutes between Voidlight rolls a study compares by default (group play 10, solo 20).
INTERVALS = (10, 20, 30)
#: The explorer: 5 points spread as the rules suggest, 30 Credits (a 3 on the 1D, supplied).
EXPLORER = Create("Vex", "she/her", vigor=2, operate=1, insight=1, diplomacy=1)
#: The name of the item a Battery is on the sheet.
BATTERY = "Battery"


@dataclass(frozen=True)
class Trek:
    """An expedition under way: the Voidlight state, the scenes played, this scene's Check made,
    and the Batteries slotted so far."""

    #: The Voidlight state.
    state: State
    #: Scenes played so far.
    scene: int = 0
    #: This scene's Check is made.
    checked: bool = False
    #: Batteries slotted so far.
    swaps: int = 0


@dataclass(frozen=True)
class Expedition:
    """The game :func:`~rules.play.simulate.simulate` plays: Voidlight's rules, counting scenes
    and Batteries. Every action is checked as ``apply`` checks it, and no report is written
    (:func:`~rules.voidlight.game.apply_quietly`): a simulation or a rollout reads none."""

    def apply(self, trek: Trek, action: Any, chance: Source) -> tuple[Trek, None]:
        """Play ``action`` as the rules do, counting a scene at each Elapse and a Battery at each
        swap."""
        state, report = apply_quietly(trek.state, action, chance)
        if isinstance(action, Check):
            return _trek(state, trek.scene, True, trek.swaps), report
        if isinstance(action, Elapse):
            return _trek(state, trek.scene + 1, False, trek.swaps), report
        swaps = trek.swaps + isinstance(action, SwapBattery)
        return _trek(state, trek.scene, trek.checked, swaps), report


def _trek(state: State, scene: int, checked: bool, swaps: int) -> Trek:
    """``Trek(state, scene, checked, swaps)`` without a frozen dataclass's constructor (it checks
    nothing; every action of an expedition makes one)."""
    trek = _new(Trek)
    _set(trek, "__dict__", {"state": state, "scene": scene, "checked": checked, "swaps": swaps})
    return trek


_new, _set = object.__new__, object.__setattr__


class UnderWay(Protocol):
    """What an expedition's end is read from: a solo :class:`Trek` or a crew's."""

    @property
    def state(self) -> State:
        """The expedition's state."""

    @property
    def scene(self) -> int:
        """Scenes played so far."""


def trek_outcome(trek: UnderWay, scenes: int) -> Hashable | None:
    """ "lost" (to the dark: the whole crew), "taken out" (no one stands, someone is dying: no one
    is left to carry them on), "through" (every scene played, nothing asked), else None."""
    status = trek.state.status
    if status == "lost":
        return "lost"
    if status == "dying":
        return "taken out"
    return "through" if trek.scene >= scenes and trek.state.pending is None else None


@dataclass(frozen=True)
class Ends:
    """The outcome function of an expedition of ``scenes`` scenes (a top-level value: it
    pickles for a process pool)."""

    #: The scenes of the expedition.
    scenes: int

    def __call__(self, trek: UnderWay) -> Hashable | None:
        return trek_outcome(trek, self.scenes)


def start(interval: int, beam: str, batteries: int = 1) -> Trek:
    """The explorer created, its spare Batteries taken, the beam set, the timer at ``interval``."""
    if beam not in BEAMS:
        raise InvalidInput(f"a beam policy is one of {', '.join(BEAMS)}, not {beam!r}")
    if isinstance(batteries, bool) or not isinstance(batteries, int) or not 0 <= batteries <= 5:
        raise InvalidInput(f"the explorer carries 0 to 5 spare Batteries, not {batteries!r}")
    state = initial({"interval": interval})
    state, _ = apply(state, EXPLORER, Supplied([[3]]))
    for _ in range(batteries):
        state, _ = apply(state, Take(BATTERY, "small"), Supplied([]))
    mode = "high" if beam == "adaptive" else beam
    if mode != "standard":
        state, _ = apply(state, Beam(mode), Supplied([]))
    return Trek(state)


@dataclass(frozen=True)
class Explorer:
    """The policy described above: ``beam`` its beam policy, ``minutes`` a scene's length."""

    #: Its beam policy, one of :data:`BEAMS`.
    beam: str = "standard"
    #: A scene's length in minutes.
    minutes: int = 10

    def __call__(self, trek: Trek) -> Any:
        upkeep = tend(trek.state, self.beam)
        if upkeep is not None:
            return upkeep
        if not trek.checked:
            return act(Check, scene_attribute(trek.scene))
        return act(Elapse, self.minutes)


def tend(state: State, beam: str) -> Any | None:
    """What the explorer does before a scene goes on, or None: answer what is asked (a save with
    the best Attribute; never a Battery to fall or break), take each cost owed, slot a Battery
    in the dark, treat a worsening condition, set the beam (adaptive). One source for the solo
    explorer and every member of a crew (:mod:`rules.studies.voidlight_crew`): a crew of one is
    asked exactly what the solo explorer is, and its actions name no one (``who`` blank)."""
    pending = state.pending
    if pending is not None:
        index = state.index(pending.who) if pending.who and len(state.crew) > 1 else 0
        who = who_of(state, index)
        if pending.kind == "save":
            sheet = state.crew[index]
            return act(Save, max(ATTRIBUTES, key=sheet.effective), who=who)
        keep = [option for option in pending.options if option != BATTERY]
        return act(Choose, (keep or list(pending.options))[0], who=who)
    # what available(state) offers, asked of each character in turn (a crew of one: the one)
    members = range(len(state.crew))
    for index in members:
        # refusal(state, "cost", index) is None, read where nothing is pending: a cost is owed
        # only to one standing (so the expedition is not over), which is all refusal asks then
        if cost_owed(state, index):
            return act(Cost, who=who_of(state, index))
    dead = state.light.dead
    if dead:
        for index in members:
            if refusal(state, "swap_battery", index) is None:
                return act(SwapBattery, who=who_of(state, index))
    for index in members:
        conditions = state.crew[index].conditions
        worsening = (
            [c.name for c in conditions if c.worsens and not c.lasting] if conditions else ()
        )
        if worsening and refusal(state, "treat", index) is None:
            return act(Treat, worsening[0], who=who_of(state, index))
    if beam == "adaptive" and not dead:
        wanted = "high" if state.light.dice >= 4 else "low"
        if state.light.beam != wanted:
            return act(Beam, wanted)
    return None


def scene_attribute(scene: int) -> str:
    """The Attribute the fiction asks for in scene ``scene``: Vigor, Operate, Insight,
    Diplomacy, Vigor..."""
    return ATTRIBUTES[scene % len(ATTRIBUTES)]


def who_of(state: State, index: int) -> str:
    """The ``who`` of an action about the character at ``index``: blank in a crew of one (as a
    solo journey writes it), else their name."""
    return "" if len(state.crew) == 1 else state.crew[index].name


A = TypeVar("A")


@lru_cache(maxsize=1024, typed=True)
def act(kind: Callable[..., A], *args: Any, **named: Any) -> A:
    """The action ``kind(*args, **named)``, built (and checked) once: actions are values, and an
    expedition makes the same few again and again."""
    return kind(*args, **named)


def swaps(trek: Trek) -> int:
    """Batteries slotted so far (what a study counts)."""
    return trek.swaps


def light_left(trek: Trek) -> int:
    """Dice left in the Voidlight Pool (what a study counts)."""
    return trek.state.light.dice


def scenes_played(trek: Trek) -> int:
    """Scenes played (what a study counts)."""
    return trek.scene
