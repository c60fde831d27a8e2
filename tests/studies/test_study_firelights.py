"""The Firelights study: actions to light six beacons and the chance the light goes out, by
strategy and approach spread ("What is simulated")."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.errors import InvalidInput
from rules.firelights import APPROACHES, GAME, SensiblePlayer
from rules.firelights.strategy import BEGIN
from rules.play.simulate import run_seed
from rules.studies import firelights_study
from rules.studies.firelights import STRATEGIES, Spread
from rules.table.chance import Chance


def begun() -> object:
    state, _report = GAME.apply(GAME.initial({}), BEGIN, Chance(1))
    return state


@pytest.mark.parametrize(("spread", "modifier"), [("best", 2), ("middle", 1), ("worst", 0)])
def test_a_spread_rolls_with_the_approach_it_names(spread: str, modifier: int) -> None:
    """Rules: "Assign one to a +2, another with a +1, the third defaults to a 0"; the spread only
    changes the approach of the sensible player's action."""
    state = begun()
    plain = SensiblePlayer()(state)  # type: ignore[arg-type]
    chosen = Spread(SensiblePlayer(), spread)(state)  # type: ignore[arg-type]
    assert type(chosen) is type(plain)
    assert state.character.modifier(chosen.approach) == modifier  # type: ignore[attr-defined]


def test_the_even_spread_turns_with_the_draw_pile() -> None:
    state = begun()
    chosen = Spread(SensiblePlayer(), "spread")(state)  # type: ignore[arg-type]
    pile = len(state.deck.draw_pile)  # type: ignore[attr-defined]
    assert chosen.approach == APPROACHES[pile % 3]


def test_an_action_without_an_approach_is_left_alone() -> None:
    assert Spread(SensiblePlayer(), "worst")(GAME.initial({})) == BEGIN


def by_hand(policy: Spread, seed: int, journeys: int) -> Counter[str]:
    """Journey i played by GAME.apply with Chance(run_seed(seed, i)), without simulate()."""
    ended: Counter[str] = Counter()
    for journey in range(journeys):
        state, chance = GAME.initial({}), Chance(run_seed(seed, journey))
        for _ in range(1000):
            if state.over:
                break
            state, _report = GAME.apply(state, policy(state), chance)
        ended[state.status if state.over else "unfinished"] += 1
    return ended


def test_each_cell_counts_the_journeys_as_played_by_hand() -> None:
    strategies = {"bold": STRATEGIES["bold"]}
    rows = firelights_study(strategies, ("best", "worst"), runs=6, seed=2)
    for row in rows:
        ended = by_hand(Spread(STRATEGIES["bold"], row.spread), 2, 6)
        assert row.complete.count == ended["complete"]
        assert row.extinguished.count == ended["extinguished"]
        assert row.complete.count + row.extinguished.count + row.unfinished.count == 6
        assert row.actions_to_complete.runs == row.complete.count
        assert row.beacons.runs == 6 and row.beacons.high <= 6
        assert (6 in dict(row.beacons.counts)) == (row.complete.count > 0)


def test_a_row_is_one_table_row_of_numbers() -> None:
    (row,) = firelights_study({"sensible": SensiblePlayer()}, "best", runs=4, seed=1)
    record = row.record()
    assert record["strategy"] == "sensible" and record["journeys"] == 4
    assert record["light goes out low"] <= record["light goes out"] <= record["light goes out high"]


@pytest.mark.parametrize(
    ("strategies", "spreads", "named"),
    [
        ({"x": "bold"}, ("best",), "'bold'"),
        (None, ("sideways",), "'sideways'"),
        (None, (), "at least one approach spread"),
    ],
)
def test_bad_study_arguments_are_refused_by_name(
    strategies: object, spreads: tuple[str, ...], named: str
) -> None:
    with pytest.raises(InvalidInput) as caught:
        firelights_study(strategies, spreads, runs=1)  # type: ignore[arg-type]
    assert named in str(caught.value)
