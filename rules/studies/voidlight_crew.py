"""Voidlight: expeditions by crew size and timer interval ("the study of expeditions
by crew size and timer interval").

"The crew shares a Voidlight": a bigger crew makes more Checks under the one light and has more
hands to carry its Batteries, but the dark asks a Critical Save of **each** of them. This study
asks how the chance to get through, and how many come back, move with the size of the crew and
with the timer (group play's 10 minutes, solo's 20).

A *crew expedition* is :mod:`rules.studies.voidlight`'s expedition played by a crew of 1 to 6
(:data:`CREW`, in that order: Vex is the solo explorer, then Kai, Ro, Ash, Bo and Ix, each 5
points with a 2 in one Attribute: Vigor, Operate, Insight, Diplomacy, Vigor, Operate): Vex is
created (Create), the rest join (Join), each with 30 Credits (a 3 on the 1D, supplied). The crew
carries ``batteries`` spare Batteries in all, the first held by Vex, the next by Kai, and so
on round the crew. In each of ``scenes`` scenes every character standing makes one Check in
the order they joined (all with the Attribute the scene asks for, as the solo explorer's: Vigor,
Operate, Insight, Diplomacy, Vigor...; Standard Position, moved by the beam), then ``minutes``
of expedition time pass (Elapse: the Voidlight rolled on its timer, conditions worsening, in
the dark a save for each character every 5 minutes).

Every decision besides whose Check comes next is the solo explorer's own
(:func:`rules.voidlight.explorer.tend`), asked of each character in turn: each Critical Save
with that character's best Attribute, each cost taken when a Check yields 1 or 0 Hits, a
Battery slotted as soon as the light is dead (by the first of the crew the rules let slot
one), a worsening condition treated at once, never a Battery chosen to fall or break. No one
carries the dying out: a character taken out stays down, still saving in the dark.

It ends "through" (every scene played), "taken out" (no one is left standing, someone is dying)
or "lost" (the whole crew lost to the dark). A crew of one is the solo expedition, action for
action, so its row is the solo study's (a test plays both).

Reproduce the table in the README (2,000 expeditions a cell, 10 cells: under 2 minutes on one
core of an AMD EPYC, Python 3.11; ``--batteries 6`` for the second table, one spare for each of
a crew of six)::

    .venv/bin/python -c 'import rules.studies.voidlight_crew as s; s.main()' --runs 2000 --seed 17

(``-m rules.studies.voidlight_crew`` works too, with a warning from runpy: the package
re-exports :func:`crew_study`, so the module is imported before it runs as ``__main__``.)

>>> rows = crew_study((1, 3), (20,), runs=4, seed=1, scenes=3)
>>> [(row.size, row.interval, row.through.runs) for row in rows]
[(1, 20, 4), (3, 20, 4)]
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from rules.errors import InvalidInput
from rules.studies.common import tally_columns
from rules.studies.voidlight import HowEnded, check_scenes, expeditions, timer_intervals
from rules.table.chance import Source, Supplied
from rules.table.estimate import Tally
from rules.voidlight import (
    ATTRIBUTES,
    CREW_MOST,
    GAME,
    Beam,
    Check,
    Create,
    Elapse,
    Join,
    State,
    SwapBattery,
    Take,
)
from rules.voidlight.explorer import (
    BATTERY,
    BEAMS,
    EXPLORER,
    act,
    scene_attribute,
    tend,
    who_of,
)

__all__ = [
    "CREW",
    "SIZES",
    "Crew",
    "CrewExpedition",
    "CrewRow",
    "CrewTrek",
    "crew_start",
    "crew_study",
]  # fmt: skip

#: The crew sizes the study compares by default.
SIZES = (1, 2, 3, 4, 6)
#: The crew in the order they join: the solo explorer first, then each with their 2 in the next
#: Attribute (5 points, as the rules suggest), so a bigger crew covers more of the scenes' asks.
CREW: tuple[Create, ...] = (
    EXPLORER,
    Create("Kai", "he/him", vigor=1, operate=2, insight=1, diplomacy=1),
    Create("Ro", "they/them", vigor=1, operate=1, insight=2, diplomacy=1),
    Create("Ash", "she/her", vigor=1, operate=1, insight=1, diplomacy=2),
    Create("Bo", "he/him", vigor=2, operate=1, insight=1, diplomacy=1),
    Create("Ix", "they/them", vigor=1, operate=2, insight=1, diplomacy=1),
)
assert len(CREW) == CREW_MOST


@dataclass(frozen=True)
class CrewTrek:
    """A crew expedition under way: the state, the scenes played, whose Check is next and the
    Batteries slotted so far."""

    #: The Voidlight state.
    state: State
    #: Scenes played so far.
    scene: int = 0
    #: The seats this scene has passed: the next Check is the first character standing at or after
    #: it (for a crew of one, 1 is the solo :class:`~rules.voidlight.explorer.Trek`'s ``checked``).
    checked: int = 0
    #: Batteries slotted so far.
    swaps: int = 0


@dataclass(frozen=True)
class CrewExpedition:
    """The game :func:`~rules.play.simulate.simulate` plays: Voidlight's ``apply``, counting scenes,
    Checks, swaps."""

    def apply(self, trek: CrewTrek, action: Any, chance: Source) -> tuple[CrewTrek, Any]:
        """Play ``action`` on the crew's expedition and count what the study measures (the scenes,
        the Checks, the battery swaps)."""
        state, report = GAME.apply(trek.state, action, chance)
        if isinstance(action, Check):
            checked = trek.state.index(action.who) + 1
            return CrewTrek(state, trek.scene, checked, trek.swaps), report
        if isinstance(action, Elapse):
            return CrewTrek(state, trek.scene + 1, 0, trek.swaps), report
        swaps = trek.swaps + isinstance(action, SwapBattery)
        return CrewTrek(state, trek.scene, trek.checked, swaps), report


def crew_start(size: int, interval: int, batteries: int = 1, beam: str = "standard") -> CrewTrek:
    """The first ``size`` of :data:`CREW` created and joined, the spare Batteries handed round,
    the beam set (adaptive: High Beam first) and the timer at ``interval`` minutes, as
    :func:`rules.voidlight.explorer.start` starts the solo explorer."""
    if beam not in BEAMS:
        raise InvalidInput(f"a beam policy is one of {', '.join(BEAMS)}, not {beam!r}")
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= CREW_MOST:
        raise InvalidInput(f"a crew is 1 to {CREW_MOST} characters, not {size!r}")
    if isinstance(batteries, bool) or not isinstance(batteries, int) or not 0 <= batteries <= 12:
        raise InvalidInput(f"a crew carries 0 to 12 spare Batteries, not {batteries!r}")
    (interval,) = timer_intervals(interval)
    state = GAME.initial({"interval": interval})
    first, *rest = CREW[:size]
    state, _ = GAME.apply(state, first, Supplied([[3]]))
    for member in rest:
        scores = {name: getattr(member, name) for name in ATTRIBUTES}
        state, _ = GAME.apply(state, Join(member.name, member.pronouns, **scores), Supplied([[3]]))
    for carried in range(batteries):
        take = Take(BATTERY, "small", who=who_of(state, carried % size))
        state, _ = GAME.apply(state, take, Supplied([]))
    mode = "high" if beam == "adaptive" else beam
    if mode != "standard":
        state, _ = GAME.apply(state, Beam(mode), Supplied([]))
    return CrewTrek(state)


@dataclass(frozen=True)
class Crew:
    """The crew's policy (see the module): the solo explorer's upkeep for each character, then
    each standing character's Check in turn, then ``minutes`` of expedition time."""

    #: The beam policy, as the solo explorer's.
    beam: str = "standard"
    #: A scene's length in minutes.
    minutes: int = 10

    def __call__(self, trek: CrewTrek) -> Any:
        state = trek.state
        upkeep = tend(state, self.beam)
        if upkeep is not None:
            return upkeep
        for index in range(trek.checked, len(state.crew)):
            if state.crew[index].status == "standing":
                return act(Check, scene_attribute(trek.scene), who=who_of(state, index))
        return act(Elapse, self.minutes)


def standing(trek: CrewTrek) -> int:
    """How many of the crew are still standing."""
    return sum(character.status == "standing" for character in trek.state.crew)


def lost(trek: CrewTrek) -> int:
    """How many of the crew were lost."""
    return sum(character.status == "lost" for character in trek.state.crew)


def scenes_played(trek: CrewTrek) -> int:
    """How many scenes the crew played before the expedition ended."""
    return trek.scene


def swaps(trek: CrewTrek) -> int:
    """How many times a battery was swapped into the shared Voidlight."""
    return trek.swaps


#: What the study tallies of each expedition's last state.
MEASURES = {"standing": standing, "lost": lost, "scenes": scenes_played, "batteries": swaps}


@dataclass(frozen=True, kw_only=True)
class CrewRow(HowEnded):
    """One crew size x timer interval: how its expeditions ended
    (:class:`~rules.studies.voidlight.HowEnded`); how many of the crew stand at the end and how
    many are lost (means, 95% intervals), scenes played, Batteries slotted."""

    #: Characters in the crew.
    size: int
    #: Minutes between Voidlight rolls.
    interval: int
    #: Characters standing at the end.
    standing: Tally
    #: Characters lost to the dark.
    characters_lost: Tally
    #: Scenes played.
    scenes: Tally
    #: Batteries slotted.
    batteries: Tally

    @property
    def standing_share(self) -> float:
        """The mean share of the crew still standing at the end."""
        return float(self.standing.mean) / self.size

    def record(self) -> dict[str, Any]:
        """The row as flat table columns (the share standing: the mean standing over the size)."""
        share = {
            key.replace("standing", "share standing"): None if value is None else value / self.size
            for key, value in tally_columns("standing", self.standing).items()
        }
        return {
            "crew": self.size,
            "interval": self.interval,
            **self.ends(),
            **share,
            **tally_columns("characters lost", self.characters_lost),
            **tally_columns("scenes", self.scenes),
            **tally_columns("batteries used", self.batteries),
        }


def crew_study(
    sizes: Iterable[int] = SIZES,
    intervals: Iterable[int] = (10, 20),
    *,
    runs: int = 200,
    seed: int = 0,
    scenes: int = 12,
    batteries: int = 1,
    minutes: int = 10,
    beam: str = "standard",
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: object = None,
) -> tuple[CrewRow, ...]:
    """``runs`` crew expeditions of ``scenes`` scenes of ``minutes`` each for every crew size x
    timer interval (minutes), the same seeds in every cell."""
    found = (sizes,) if isinstance(sizes, int) else tuple(sizes)
    cells = [(size, interval) for size in found for interval in timer_intervals(intervals)]
    if not cells:
        raise InvalidInput("name at least one crew size and one timer interval")
    check_scenes(scenes)
    rows = []
    for size, interval in cells:
        result = expeditions(
            CrewExpedition(),
            crew_start(size, interval, batteries, beam),
            Crew(beam, minutes),
            scenes=scenes,
            steps_per_scene=50 * size,
            measures=MEASURES,
            runs=runs,
            seed=seed,
            executor=executor,
            chunk=chunk,
            progress=progress,
        )
        rows.append(
            CrewRow(
                size=size,
                interval=interval,
                **HowEnded.of(result),
                standing=result.measure("standing"),
                characters_lost=result.measure("lost"),
                scenes=result.measure("scenes"),
                batteries=result.measure("batteries"),
            )
        )
    return tuple(rows)


def table(rows: Iterable[CrewRow]) -> str:
    """The rows as a Markdown table (the README's): rates and means with their 95% intervals."""
    lines = [
        "| crew | interval | through (95% CI) | share standing | characters lost | scenes |",
        "|---:|---:|---|---:|---:|---:|",
    ]
    for row in rows:
        through = row.through
        lost_low, lost_high = row.characters_lost.interval
        lines.append(
            f"| {row.size} | {row.interval} min | {float(through.share):.1%} "
            f"({through.low:.1%}–{through.high:.1%}) | {row.standing_share:.1%} | "
            f"{float(row.characters_lost.mean):.2f} ({lost_low:.2f}–{lost_high:.2f}) | "
            f"{float(row.scenes.mean):.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Run the study and print its table (``python -m rules.studies.voidlight_crew``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--intervals", type=int, nargs="+", default=[10, 20])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenes", type=int, default=12)
    parser.add_argument("--batteries", type=int, default=1)
    given = parser.parse_args(argv)
    rows = crew_study(
        given.sizes,
        given.intervals,
        runs=given.runs,
        seed=given.seed,
        scenes=given.scenes,
        batteries=given.batteries,
    )
    print(table(rows))


if __name__ == "__main__":
    main()
