"""Voidlight: an expedition's survival and battery use, against the timer interval and the beam
policy.

Each expedition is played by the explorer (:mod:`rules.voidlight.explorer`: its scenes, its
care for the light, its beam policies "low", "standard", "high" and "adaptive"); the rules of
each step are Voidlight's own. A study varies the timer interval and the beam policy and counts
the expeditions that come back through, taken out or lost.

>>> rows = voidlight_study((20,), ("standard",), runs=5, seed=1)
>>> rows[0].interval, rows[0].beam, rows[0].through.runs
(20, 'standard', 5)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from rules.errors import InvalidInput
from rules.play.simulate import UNFINISHED, Simulation, simulate
from rules.studies.common import rate_columns, tally_columns
from rules.table.estimate import Estimate, Tally
from rules.voidlight.explorer import (
    BEAMS,
    INTERVALS,
    Ends,
    Expedition,
    Explorer,
    light_left,
    scenes_played,
    start,
    swaps,
)

__all__ = [
    "HowEnded",
    "VoidlightRow",
    "check_scenes",
    "expeditions",
    "timer_intervals",
    "voidlight_study",
]


@dataclass(frozen=True, kw_only=True)
class HowEnded:
    """How a row's expeditions ended, each way with its 95% interval. The columns the solo study
    and the crew study share, written once."""

    #: Expeditions that played every scene, with its 95% interval.
    through: Estimate
    #: Expeditions that ended with the crew taken out (dying).
    taken_out: Estimate
    #: Expeditions lost to the dark.
    lost: Estimate

    @staticmethod
    def of(result: Simulation) -> dict[str, Estimate]:
        """The three estimates of a simulation, by field (``Row(**HowEnded.of(result), ...)``)."""
        return {
            "through": result.estimate("through"),
            "taken_out": result.estimate("taken out"),
            "lost": result.estimate("lost"),
        }

    def ends(self) -> dict[str, Any]:
        """The expeditions played and how they ended, as flat table columns."""
        return {
            "expeditions": self.through.runs,
            **rate_columns("through", self.through),
            **rate_columns("taken out", self.taken_out),
            **rate_columns("lost", self.lost),
        }


@dataclass(frozen=True, kw_only=True)
class VoidlightRow(HowEnded):
    """One timer interval x beam policy: how its expeditions ended
    (:class:`~rules.studies.voidlight.HowEnded`); Batteries slotted, dice left in the Voidlight,
    scenes played."""

    #: Minutes between Voidlight rolls.
    interval: int
    #: The beam policy played.
    beam: str
    #: Batteries slotted.
    batteries: Tally
    #: Dice left in the Voidlight at the end.
    light_left: Tally
    #: Scenes played.
    scenes: Tally

    def record(self) -> dict[str, Any]:
        """The row as flat table columns."""
        return {
            "interval": self.interval,
            "beam": self.beam,
            **self.ends(),
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
                interval=interval,
                beam=beam,
                **HowEnded.of(result),
                batteries=result.measure("batteries"),
                light_left=result.measure("light left"),
                scenes=result.measure("scenes"),
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
    ``simulating``: runs, seed, executor, chunk, progress, as :func:`~rules.play.simulate.simulate`."""
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
