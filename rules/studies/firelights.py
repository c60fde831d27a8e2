"""Firelights: the actions needed to light six beacons and the chance the light goes out, by
strategy and by approach spread.

A *strategy* is a :class:`~rules.firelights.SensiblePlayer` with its settings (cautious, bold,
never searching...). An *approach spread* is how its rolls are spread over the three approaches
(+2, +1, 0): "best" rolls every time with the +2 (the sensible player's own choice), "middle"
with the +1, "worst" with the 0, "spread" turns through all three (the approach is picked by
the draw pile's size, so it changes with every card drawn). The Firelight is created by the
strategy's own Begin; only the approach named in each roll changes.

Each journey is played to its end (``status``: "complete" or "extinguished"): a player whose
journey has become hopeless pushes on until its light goes out. Run *i* is exactly
``Journey.start("firelights", run_seed(seed, i))`` played by the same policy.

>>> rows = firelights_study({"sensible": STRATEGIES["sensible"]}, ("best",), runs=3, seed=1)
>>> rows[0].strategy, rows[0].spread, rows[0].complete.runs
('sensible', 'best', 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any

from rules.errors import InvalidInput
from rules.firelights import APPROACHES, GAME, SensiblePlayer, State
from rules.play.simulate import UNFINISHED, simulate
from rules.studies.common import rate_columns, tally_columns
from rules.table.estimate import Estimate, Tally

__all__ = [
    "SPREADS",
    "STRATEGIES",
    "FirelightsRow",
    "Spread",
    "beacons_lit",
    "firelights_study",
]

#: The strategies a study compares by default.
STRATEGIES: Mapping[str, SensiblePlayer] = {
    "sensible": SensiblePlayer(),
    "bold": SensiblePlayer(bold=True),
    "never searches": SensiblePlayer(search_from=53),
    "fights to the end": SensiblePlayer(fight_up_to=4),
}
#: The approach spreads a study compares: every roll with the +2, the +1 or the 0, or turning
#: through all three (see above).
SPREADS = ("best", "middle", "worst", "spread")


def beacons_lit(state: State) -> int:
    """The beacons lit when a journey ended: the study's measure of how far it got."""
    return state.beacons_lit


@dataclass(frozen=True)
class Spread:
    """A policy: ``player``'s action, rolled with the approach ``spread`` picks (see above)."""

    #: The player whose action is taken.
    player: SensiblePlayer
    #: How the approach is picked (one of :data:`SPREADS`).
    spread: str = "best"

    def __post_init__(self) -> None:
        if self.spread not in SPREADS:
            raise InvalidInput(
                f"an approach spread is one of {', '.join(SPREADS)}, not {self.spread!r}"
            )

    def __call__(self, state: State) -> Any:
        action = self.player(state)
        if self.spread == "best" or getattr(action, "approach", None) is None:
            return action
        character = state.character
        assert character is not None  # an action with an approach comes after Begin
        ranked = sorted(APPROACHES, key=character.modifier, reverse=True)
        if self.spread == "spread":
            approach = APPROACHES[len(state.deck.draw_pile) % len(APPROACHES)]
        else:
            approach = ranked[1 if self.spread == "middle" else 2]
        return replace(action, approach=approach)


@dataclass(frozen=True)
class FirelightsRow:
    """One strategy x spread, and how its journeys ended."""

    #: The strategy played, by name.
    strategy: str
    #: How its approaches were picked.
    spread: str
    #: Journeys completed (six beacons lit), with its 95% interval.
    complete: Estimate
    #: Journeys whose light went out, with its 95% interval.
    extinguished: Estimate
    #: Journeys still going at the step limit, with its 95% interval.
    unfinished: Estimate
    #: The actions a completed journey took.
    actions_to_complete: Tally
    #: Beacons lit at the end of every journey.
    beacons: Tally

    def record(self) -> dict[str, Any]:
        """The row as flat table columns."""
        return {
            "strategy": self.strategy,
            "spread": self.spread,
            "journeys": self.complete.runs,
            **rate_columns("complete", self.complete),
            **rate_columns("light goes out", self.extinguished),
            "unfinished": float(self.unfinished.share),
            **tally_columns("actions to complete", self.actions_to_complete),
            **tally_columns("beacons lit", self.beacons),
        }


def firelights_study(
    strategies: Mapping[str, SensiblePlayer] | None = None,
    spreads: Iterable[str] = SPREADS,
    *,
    runs: int = 200,
    seed: int = 0,
    max_steps: int = 1000,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: object = None,
) -> tuple[FirelightsRow, ...]:
    """``runs`` journeys from a fresh start for each strategy x approach spread (the same seeds
    in every cell). Journeys still going after ``max_steps`` actions count as unfinished."""
    chosen = dict(STRATEGIES if strategies is None else strategies)
    if not chosen or not all(isinstance(p, SensiblePlayer) for p in chosen.values()):
        raise InvalidInput(f"strategies maps names to SensiblePlayer settings, got {strategies!r}")
    ways = (spreads,) if isinstance(spreads, str) else tuple(spreads)
    policies = {(name, way): Spread(player, way) for name, player in chosen.items() for way in ways}
    if not policies:
        raise InvalidInput(f"name at least one approach spread of {', '.join(SPREADS)}")
    rows = []
    for (name, way), policy in policies.items():
        result = simulate(
            GAME,
            GAME.initial({}),
            policy,
            runs=runs,
            seed=seed,
            max_steps=max_steps,
            measures={"beacons lit": beacons_lit},
            executor=executor,
            chunk=chunk,
            progress=progress,
        )
        rows.append(
            FirelightsRow(
                name,
                way,
                result.estimate("complete"),
                result.estimate("extinguished"),
                result.estimate(UNFINISHED),
                result.length("complete"),
                result.measure("beacons lit"),
            )
        )
    return tuple(rows)
