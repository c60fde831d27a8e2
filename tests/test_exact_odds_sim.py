"""Simulated rates against the exact odds: each within 4 standard errors of the exact value.

Why: "simulated rates within 4 standard errors of the exact value where both exist". Each
test plays the rule many times through the game's own chance steps (a seeded :class:`Chance`
resolving :class:`Roll`, :class:`Draw` and :class:`Pick`, read by the rules' own functions) and
compares every outcome's rate with the exact fraction: ``|rate - p| <= 4·sqrt(p(1 - p)/n)``.
A fixed seed makes each run the same, so a pass is not luck of the day.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Hashable, Mapping
from fractions import Fraction

import pytest

from rules.embers import Begin, apply, initial
from rules.embers.cards import LOCATIONS
from rules.embers.odds import spawn_location
from rules.firelights.action_roll import odds as action_odds
from rules.firelights.action_roll import read
from rules.table.cards import Deck
from rules.table.chance import Chance, Pick
from rules.table.dice import Position, Roll, count_hits
from rules.voidlight import check_odds, pool_empty_within, pool_rolls, save_odds
from rules.voidlight.checks import check_outcome, save_loss
from rules.voidlight.pools import BEAMS, FULL, removed

RUNS = 3000


def within_4_se(seen: Mapping[Hashable, int], exact: Mapping[Hashable, Fraction]) -> None:
    """Every outcome (seen or exact) within 4 standard errors of its exact chance."""
    runs = sum(seen.values())
    for outcome in set(seen) | set(exact):
        p = float(exact.get(outcome, 0))
        rate = seen.get(outcome, 0) / runs
        se = math.sqrt(p * (1 - p) / runs)
        assert abs(rate - p) <= 4 * se, (outcome, rate, p, se)


def roll_check(chance: Chance, dice: int, position: Position, pushed: bool) -> int:
    """A Check's Hits, rolled: 0 dice roll 1 die (a Hit only on a 6); a Push rerolls the Misses."""
    count, where = (1, Position.BAD) if dice == 0 else (dice, position)
    hits = count_hits(chance.resolve(Roll(count)), where)
    if pushed and hits < count:
        hits += count_hits(chance.resolve(Roll(count - hits)), where)
    return hits


@pytest.mark.parametrize(
    ("dice", "position", "pushed"),
    [(3, Position.STANDARD, False), (2, Position.GOOD, True), (0, Position.STANDARD, True)],
)
def test_simulated_checks_succeed_on_2_plus_hits_at_the_exact_rate(
    dice: int, position: Position, pushed: bool
) -> None:
    """The rule: "2+ HITS: succeeds [...] 1 HIT: partially succeeds [...] 0 HITS: fails", and a
    Push "rerolling all Misses"."""
    chance = Chance(seed=11)
    seen = Counter(check_outcome(roll_check(chance, dice, position, pushed)) for _ in range(RUNS))
    within_4_se(seen, check_odds(dice, position, pushed))


def test_simulated_critical_saves_lose_1_per_miss_up_to_2_at_the_exact_rate() -> None:
    """The rule: "1+ HITS: [...] endures. 0 HITS: [...] taken out", then "reduce [...] by 1 for
    every Miss, up to a maximum of 2"."""
    chance, score = Chance(seed=12), 3
    outcome: Counter[str] = Counter()
    loss: Counter[int] = Counter()
    for _ in range(RUNS):
        hits = roll_check(chance, score, Position.STANDARD, False)
        outcome["endure" if hits else "taken out"] += 1
        loss[save_loss(score - hits, score)] += 1
    exact = save_odds(score, Position.STANDARD)
    within_4_se(outcome, exact.outcome)
    within_4_se(loss, exact.loss)


def battery_rolls(chance: Chance, dice: int, most_lost: int) -> int:
    """Roll the pool until it is empty, the rule's :func:`removed` taking its dice; the rolls."""
    rolls = 0
    while dice:
        dice -= removed(chance.resolve(Roll(dice)), most_lost)
        rolls += 1
    return rolls


@pytest.mark.parametrize("beam", list(BEAMS))
def test_simulated_batteries_are_spent_at_the_exact_rate_and_mean(beam: str) -> None:
    """The rule: "Whenever this Pool is rolled, reduce its size by 1 die for every Miss, up to a
    maximum of 2 dice per roll. When emptied, the Battery is spent" (High Beam 3, Low Beam 1):
    the chance it is spent within 4 rolls, and the mean rolls within 4 standard errors."""
    chance, most_lost = Chance(seed=13), BEAMS[beam]
    lives = [battery_rolls(chance, FULL, most_lost) for _ in range(RUNS)]
    spent = Counter(life <= 4 for life in lives)
    p = pool_empty_within(FULL, most_lost, 4)
    within_4_se(spent, {True: p, False: 1 - p})
    mean, se = statistics.fmean(lives), statistics.stdev(lives) / math.sqrt(RUNS)
    assert abs(mean - float(pool_rolls(FULL, most_lost))) <= 4 * se


def test_simulated_encounter_pools_arrive_at_the_exact_rate() -> None:
    """The rule: "Use [...] P4 for a growing threat [...] When the Pool is emptied, the encounter
    arrives": a P4 pool, arrived within 2 rolls."""
    chance = Chance(seed=14)
    arrived = Counter(battery_rolls(chance, 4, 2) <= 2 for _ in range(RUNS))
    p = pool_empty_within(4, 2, 2)
    within_4_se(arrived, {True: p, False: 1 - p})


@pytest.mark.parametrize("modifier", [0, 3])
def test_simulated_actions_see_light_at_the_exact_rate(modifier: int) -> None:
    """The rule: "Draw 2 cards face-up from your Story Deck. Roll and sum your two Action Dice.
    Add any modifiers [...] If your score is higher than both cards, there's Light"."""
    chance, deck = Chance(seed=15), Deck.full()
    seen: Counter[object] = Counter()
    for _ in range(RUNS):
        cards, _ = deck.draw(2, chance)
        seen[read(sum(chance.resolve(Roll(2))) + modifier, cards)] += 1
    within_4_se(seen, action_odds(deck.draw_pile, modifier))


def test_simulated_spawns_come_up_at_each_locations_exact_share() -> None:
    """The next fire card is picked from its shuffled run, each card equally likely (the reveal
    resolves a :class:`Pick` of the run): where the next monster spawns."""
    state, _ = apply(initial({}), Begin(), Chance(3))
    run, chance = state.segments[0], Chance(seed=16)
    seen = Counter(
        LOCATIONS[state.cards.card(chance.resolve(Pick(run))).location] for _ in range(RUNS)
    )
    within_4_se(seen, spawn_location(state))
