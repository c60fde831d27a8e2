"""Voidlight: an expedition's survival and battery use, against the timer interval and the beam
policy.

An *expedition* is ``scenes`` scenes, each a Check (the fiction asks for each Attribute in turn:
Vigor, Operate, Insight, Diplomacy, Vigor...) in a Standard Position, its cost taken when it
yields 1 or 0 Hits, then ``minutes`` of expedition time (the Voidlight rolled on its timer,
conditions worsening). The explorer carries ``batteries`` spare Batteries and slots one as soon
as it may once the light dies (after the Critical Save that comes as it dies); it treats a
worsening condition at once, makes every Critical Save with its best Attribute, and never lets a
Battery fall or break while it can choose something else. It ends "through" (every scene
played), "taken out" (dying) or "lost" (to the dark).

The *beam policy*: "low", "standard", "high" all expedition long, or "adaptive" (High Beam while
the pool holds 4 dice or more, Low Beam below). The rules of each step are Voidlight's own
(``rules.voidlight.GAME``); an :class:`Expedition` only counts the scenes and the swaps.

>>> rows = voidlight_study((20,), ("standard",), runs=5, seed=1)
>>> rows[0].interval, rows[0].beam, rows[0].through.runs
(20, 'standard', 5)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from rules.chance import Source, Supplied
from rules.errors import InvalidInput
from rules.estimate import Estimate, Tally
from rules.simulate import UNFINISHED, simulate
from rules.studies.common import rate_columns, tally_columns
from rules.voidlight import (
    ATTRIBUTES,
    GAME,
    Beam,
    Check,
    Choose,
    Cost,
    Create,
    Elapse,
    Save,
    State,
    SwapBattery,
    Take,
    Treat,
)
from rules.voidlight.moves import refusal

__all__ = [
    "BATTERY",
    "BEAMS",
    "INTERVALS",
    "Ends",
    "Expedition",
    "Explorer",
    "Trek",
    "UnderWay",
    "VoidlightRow",
    "act",
    "check_scenes",
    "expeditions",
    "scene_attribute",
    "start",
    "tend",
    "timer_intervals",
    "trek_outcome",
    "voidlight_study",
    "who_of",
]

BEAMS = ("low", "standard", "high", "adaptive")
#: Minutes between Voidlight rolls a study compares by default (group play 10, solo 20).
INTERVALS = (10, 20, 30)
#: The explorer: 5 points spread as the rules suggest, 30 Credits (a 3 on the 1D, supplied).
EXPLORER = Create("Vex", "she/her", vigor=2, operate=1, insight=1, diplomacy=1)
BATTERY = "Battery"


@dataclass(frozen=True)
class Trek:
    """An expedition under way: the Voidlight state, the scenes played, this scene's Check made,
    and the Batteries slotted so far."""

    state: State
    scene: int = 0
    checked: bool = False
    swaps: int = 0


@dataclass(frozen=True)
class Expedition:
    """The game :func:`simulate` plays: Voidlight's ``apply``, counting scenes and Batteries."""

    def apply(self, trek: Trek, action: Any, chance: Source) -> tuple[Trek, Any]:
        state, report = GAME.apply(trek.state, action, chance)
        if isinstance(action, Check):
            return Trek(state, trek.scene, True, trek.swaps), report
        if isinstance(action, Elapse):
            return Trek(state, trek.scene + 1, False, trek.swaps), report
        swaps = trek.swaps + isinstance(action, SwapBattery)
        return Trek(state, trek.scene, trek.checked, swaps), report


class UnderWay(Protocol):
    """What an expedition's end is read from: a solo :class:`Trek` or a crew's."""

    @property
    def state(self) -> State: ...

    @property
    def scene(self) -> int: ...


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

    scenes: int

    def __call__(self, trek: UnderWay) -> Hashable | None:
        return trek_outcome(trek, self.scenes)


_Ends = Ends  # its name before the crew study shared it (bench/voidlight.py)


def start(interval: int, beam: str, batteries: int = 1) -> Trek:
    """The explorer created, its spare Batteries taken, the beam set, the timer at ``interval``."""
    if beam not in BEAMS:
        raise InvalidInput(f"a beam policy is one of {', '.join(BEAMS)}, not {beam!r}")
    if isinstance(batteries, bool) or not isinstance(batteries, int) or not 0 <= batteries <= 5:
        raise InvalidInput(f"the explorer carries 0 to 5 spare Batteries, not {batteries!r}")
    state = GAME.initial({"interval": interval})
    state, _ = GAME.apply(state, EXPLORER, Supplied([[3]]))
    for _ in range(batteries):
        state, _ = GAME.apply(state, Take(BATTERY, "small"), Supplied([]))
    mode = "high" if beam == "adaptive" else beam
    if mode != "standard":
        state, _ = GAME.apply(state, Beam(mode), Supplied([]))
    return Trek(state)


@dataclass(frozen=True)
class Explorer:
    """The policy described above: ``beam`` its beam policy, ``minutes`` a scene's length."""

    beam: str = "standard"
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
        if refusal(state, "cost", index) is None:
            return act(Cost, who=who_of(state, index))
    if state.light.dead:
        for index in members:
            if refusal(state, "swap_battery", index) is None:
                return act(SwapBattery, who=who_of(state, index))
    for index in members:
        sheet = state.crew[index]
        worsening = [c.name for c in sheet.conditions if c.worsens and not c.lasting]
        if worsening and refusal(state, "treat", index) is None:
            return act(Treat, worsening[0], who=who_of(state, index))
    if beam == "adaptive" and not state.light.dead:
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
    return trek.swaps


def light_left(trek: Trek) -> int:
    return trek.state.light.dice


def scenes_played(trek: Trek) -> int:
    return trek.scene


@dataclass(frozen=True)
class VoidlightRow:
    """One timer interval x beam policy: the expedition ``through`` / ``taken out`` / ``lost``,
    each with its 95% interval; Batteries slotted, dice left in the Voidlight, scenes played."""

    interval: int
    beam: str
    through: Estimate
    taken_out: Estimate
    lost: Estimate
    batteries: Tally
    light_left: Tally
    scenes: Tally

    def record(self) -> dict[str, Any]:
        """The row as flat table columns."""
        return {
            "interval": self.interval,
            "beam": self.beam,
            "expeditions": self.through.runs,
            **rate_columns("through", self.through),
            **rate_columns("taken out", self.taken_out),
            **rate_columns("lost", self.lost),
            **tally_columns("batteries used", self.batteries),
            **tally_columns("light left", self.light_left),
            **tally_columns("scenes", self.scenes),
        }


def voidlight_study(
    intervals: Iterable[int] = INTERVALS,
    beams: Iterable[str] = BEAMS,
    *,
    runs: int = 200,
    seed: int = 0,
    scenes: int = 12,
    batteries: int = 1,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: object = None,
) -> tuple[VoidlightRow, ...]:
    """``runs`` expeditions of ``scenes`` scenes for each timer interval (minutes) x beam policy,
    the same seeds in every cell."""
    cells = [
        (i, b)
        for i in timer_intervals(intervals)
        for b in ((beams,) if isinstance(beams, str) else beams)
    ]
    if not cells:
        raise InvalidInput("name at least one timer interval and one beam policy")
    check_scenes(scenes)
    rows = []
    for interval, beam in cells:
        result = expeditions(
            Expedition(),
            start(interval, beam, batteries),
            Explorer(beam),
            scenes=scenes,
            steps_per_scene=50,
            measures={"batteries": swaps, "light left": light_left, "scenes": scenes_played},
            runs=runs,
            seed=seed,
            executor=executor,
            chunk=chunk,
            progress=progress,
        )
        rows.append(
            VoidlightRow(
                interval,
                beam,
                result.estimate("through"),
                result.estimate("taken out"),
                result.estimate("lost"),
                result.measure("batteries"),
                result.measure("light left"),
                result.measure("scenes"),
            )
        )
    return tuple(rows)


def check_scenes(scenes: object) -> int:
    """The scenes an expedition of a study plays, checked (1 to 100)."""
    if isinstance(scenes, bool) or not isinstance(scenes, int) or not 1 <= scenes <= 100:
        raise InvalidInput(f"an expedition has 1 to 100 scenes, not {scenes!r}")
    return scenes


def expeditions(
    model: Any,
    state: Any,
    policy: Any,
    *,
    scenes: int,
    steps_per_scene: int,
    measures: Mapping[str, Callable[[Any], Any]],
    **simulating: Any,
) -> Any:
    """One cell of a study: ``simulate`` the expeditions to their end (``Ends(scenes)``), refused
    when any did not end within ``steps_per_scene * scenes`` steps (a policy that stalls).
    ``simulating``: runs, seed, executor, chunk, progress, as :func:`~rules.simulate.simulate`."""
    result = simulate(
        model,
        state,
        policy,
        max_steps=steps_per_scene * scenes,
        outcome=Ends(scenes),
        measures=measures,
        **simulating,
    )
    if result.count(UNFINISHED):
        raise InvalidInput(f"{result.count(UNFINISHED)} expeditions did not end: {result}")
    return result


def timer_intervals(intervals: Iterable[int] | int) -> tuple[int, ...]:
    """The timer intervals a study compares (one, or several), each checked (1 to 240 min)."""
    found = (intervals,) if isinstance(intervals, int) else tuple(intervals)
    for minutes in found:
        if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 240:
            raise InvalidInput(f"a timer interval is 1 to 240 minutes, not {minutes!r}")
    return found
