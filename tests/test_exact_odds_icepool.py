"""Every exact odds answer of the three games, checked against icepool and a second way.

Why: "Every exact result checked two independent ways: brute-force enumeration or a closed
form, and icepool (a test dependency) where it can express the question." The answers here come
from the tables the rules build at import; each test writes the question again in icepool's own
terms (dice, rerolls, decks, Markov chains) and, beside it, as a closed form or an enumeration.
The seeds' rule sentences name the tests; the simulated rates are in tests/test_exact_odds_sim.py.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb
from typing import Any

import icepool
import pytest

from rules.embers import Begin, apply, initial
from rules.embers.cards import LOCATIONS
from rules.embers.odds import next_cards, spawn_location
from rules.errors import InvalidInput
from rules.firelights.action_roll import Result, read
from rules.firelights.action_roll import odds as action_odds
from rules.table.cards import full_deck
from rules.table.chance import Chance, Distribution
from rules.table.dice import MAX_DICE, Position
from rules.table.odds_chain import ShrinkingChain
from rules.voidlight import check_odds, pool_empty_within, pool_rolls, save_odds
from rules.voidlight.checks import check_hits, check_outcome, pushed_odds
from rules.voidlight.pools import BEAMS, FULL, pool_loss
from rules.voidlight.solo import (
    ENCOUNTER_SIZES,
    FORTUNE_ANSWERS,
    MOST_LOST,
    REACTIONS,
    fortune_odds,
    react_odds,
)

ROLLING = [Position.GOOD, Position.STANDARD, Position.BAD]
D6 = icepool.d6


def plain(found: Any) -> dict[Any, Fraction]:
    """A Distribution or an icepool Die as {outcome: Fraction}, impossible outcomes left out."""
    if isinstance(found, icepool.Die):
        return {o: Fraction(q, found.denominator()) for o, q in found.items() if q}
    return {o: Fraction(p) for o, p in found.items() if p}


def hit_die(position: Position, pushed: bool = False) -> icepool.Die[int]:
    """One die's Hits: "GOOD: a 4, 5, or 6 counts as a Hit" ...; a Push rerolls a Miss once."""
    threshold = position.threshold
    assert threshold is not None
    die = D6.reroll(lambda face: face < threshold, depth=1) if pushed else D6
    return die.map(lambda face: int(face >= threshold))


def ice_hits(dice: int, position: Position, pushed: bool = False) -> icepool.Die[int]:
    """A roll of 0 dice rolls 1 die where only a 6 Hits (RULES-NOTES, Boundless engine v2)."""
    return 1 @ hit_die(Position.BAD, pushed) if dice == 0 else dice @ hit_die(position, pushed)


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """The closed form: k Hits of n dice, each a Hit with chance p."""
    found = {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}
    return {k: q for k, q in found.items() if q}


# --- Voidlight: Checks, Pushes, Critical Saves ------------------------------------------------


@pytest.mark.parametrize("pushed", [False, True], ids=["rolled", "pushed"])
@pytest.mark.parametrize("position", ROLLING, ids=lambda p: p.value)
def test_2_plus_hits_succeed_1_hit_partially_0_hits_fail_for_every_pool(
    position: Position, pushed: bool
) -> None:
    """The rule: "2+ HITS: Your character succeeds [...] 1 HIT: partially succeeds [...] 0 HITS:
    fails"; "PUSH [...] rerolling all Misses": every pool from 0 to MAX_DICE dice, as icepool counts
    it and as the binomial closed form (a die Hits with p, pushed 1 - (1 - p)²)."""
    p = position.hit_chance()
    p = 1 - (1 - p) ** 2 if pushed else p
    for dice in range(MAX_DICE + 1):
        ice = ice_hits(dice, position, pushed)
        six = 1 - Fraction(5, 6) ** (2 if pushed else 1)  # 0 dice: one die, a Hit only on a 6
        closed = binomial(1, six) if dice == 0 else binomial(dice, p)
        assert plain(check_hits(dice, position, pushed)) == plain(ice) == closed, dice
        outcomes = plain(check_odds(dice, position, pushed))
        assert outcomes == plain(ice.map(check_outcome)), dice
        assert list(check_odds(dice, position, pushed)) == [
            o for o in ("success", "partial", "failure") if o in outcomes
        ]


@pytest.mark.parametrize("position", ROLLING, ids=lambda p: p.value)
def test_a_push_rerolls_all_misses_and_keeps_the_hits(position: Position) -> None:
    """The rule: "After a Check, you may have your character push themselves, rerolling all Misses":
    the Hits kept plus the Hits among the rerolled Misses, by icepool and by enumerating every
    reroll of the Misses' faces."""
    threshold = position.threshold
    assert threshold is not None
    for hits, misses in itertools.product(range(4), range(5)):
        ice = (misses @ hit_die(position)).map(lambda k, h=hits: check_outcome(h + k))
        tally = Counter(
            check_outcome(hits + sum(f >= threshold for f in faces))
            for faces in itertools.product(range(1, 7), repeat=misses)
        )
        enumerated = {o: Fraction(n, 6**misses) for o, n in tally.items()}
        assert plain(pushed_odds(hits, misses, position)) == plain(ice) == enumerated


@pytest.mark.parametrize("position", ROLLING, ids=lambda p: p.value)
def test_a_critical_save_endures_on_1_plus_hits_and_loses_1_per_miss_up_to_2(
    position: Position,
) -> None:
    """The rule: "1+ HITS: [...] endures. 0 HITS: [...] taken out"; "reduce your character's
    Attribute score by 1 for every Miss, up to a maximum of 2. Attribute scores cannot go below
    0"."""
    for score in range(MAX_DICE + 1):
        hits = ice_hits(score, position)
        rolled = max(score, 1)
        ice_outcome = hits.map(lambda k: "endure" if k >= 1 else "taken out")
        ice_loss = hits.map(lambda k, s=score, n=rolled: max(0, min(n - k, 2, s)))
        found = save_odds(score, position)
        assert plain(found.outcome) == plain(ice_outcome), score
        assert plain(found.loss) == plain(ice_loss), score
        miss = 1 - (position.hit_chance() if score else Fraction(1, 6))
        assert found.outcome["taken out"] == miss**rolled  # every die a Miss
        assert found.expected_loss == sum(p * o for o, p in plain(ice_loss).items())


@pytest.mark.parametrize("position", list(Position), ids=lambda p: p.value)
def test_fortune_and_reaction_rolls_read_hits_as_a_check_does(position: Position) -> None:
    """Fortune: "2+ HITS: The answer is yes [...] 1 HIT: yes, but [...] 0 HITS: no, and";
    Reaction: "2+ HITS: approachable [...] 1 HIT: hesitant [...] 0 HITS: distant or hostile"."""
    for dice in range(MAX_DICE + 1):
        for answers, found in ((FORTUNE_ANSWERS, fortune_odds), (REACTIONS, react_odds)):
            if position.rolls:
                ice = ice_hits(dice, position).map(lambda k, a=answers: a[check_outcome(k)])
                expected = plain(ice)
            else:
                expected = {answers["success" if position is Position.ABSOLUTE else "failure"]: 1}
            via_check = {answers[o]: p for o, p in check_odds(dice, position).items()}
            assert plain(found(dice, position)) == expected == via_check
            assert list(found(dice, position)) == [a for a in answers.values() if a in expected]


# --- Voidlight: the battery and encounter pools -----------------------------------------------


def ice_step(most_lost: int, position: Position = Position.STANDARD) -> Any:
    """The rule: "reduce its size by 1 die for every Miss, up to a maximum of 2 dice per roll"."""
    miss = 1 - hit_die(position)

    def step(size: int) -> Any:
        return 0 if size == 0 else (size @ miss).map(lambda m: size - min(m, most_lost))

    return step


@pytest.mark.parametrize("position", ROLLING, ids=lambda p: p.value)
@pytest.mark.parametrize("most_lost", sorted(set(BEAMS.values())))
def test_a_pool_roll_removes_1_die_per_miss_up_to_the_beams_most(
    most_lost: int, position: Position
) -> None:
    """The rule: "Whenever this Pool is rolled, reduce its size by 1 die for every Miss, up to a
    maximum of 2 dice per roll" (High Beam 3, Low Beam 1): icepool for every size, enumeration to
    5."""
    threshold = position.threshold
    assert threshold is not None
    for size in range(1, MAX_DICE + 1):
        ice = ice_step(most_lost, position)(size).map(lambda left, s=size: s - left)
        assert plain(pool_loss(size, most_lost, position)) == plain(ice), size
    for size in range(1, 6):
        tally = Counter(
            min(sum(f < threshold for f in faces), most_lost)
            for faces in itertools.product(range(1, 7), repeat=size)
        )
        enumerated = {k: Fraction(n, 6**size) for k, n in tally.items()}
        assert plain(pool_loss(size, most_lost, position)) == enumerated


def stepped(size: int, most_lost: int, rolls: int, position: Position) -> Fraction:
    """The chance of 0 dice after ``rolls`` rolls, stepping the chain one roll at a time."""
    at = {size: Fraction(1)}
    for _ in range(rolls):
        nxt: dict[int, Fraction] = {}
        for n, p in at.items():
            for k, q in pool_loss(n, most_lost, position).items() if n else [(0, Fraction(1))]:
                nxt[n - k] = nxt.get(n - k, Fraction(0)) + p * q
        at = nxt
    return at.get(0, Fraction(0))


@pytest.mark.parametrize("most_lost", sorted(set(BEAMS.values())))
def test_when_emptied_the_battery_is_spent_within_r_rolls(most_lost: int) -> None:
    """The rule: "When emptied, the Battery is spent": the closed form against icepool's chain
    repeated ``r`` times and against stepping the chain, for the Voidlight's sizes and Positions."""
    for position in ROLLING:
        for size in range(FULL + 1):
            for rolls in (0, 1, 2, 5):
                ice = icepool.map(ice_step(most_lost, position), size, repeat=rolls)
                found = pool_empty_within(size, most_lost, rolls, position=position)
                assert found == ice.probability(0) == stepped(size, most_lost, rolls, position)
    assert pool_empty_within(6, most_lost, 60) == stepped(6, most_lost, 60, Position.STANDARD)


def test_when_the_pool_is_emptied_the_encounter_arrives() -> None:
    """The rule: "Use P2 for something close, P4 for a growing threat, or P6 for distant danger
    [...] When the Pool is emptied, the encounter arrives": up to the largest pool, at the
    encounters' cap."""
    assert BEAMS["standard"] == MOST_LOST  # the table the encounter chain is solved for
    assert max(ENCOUNTER_SIZES) <= FULL
    for size in (2, 4, 6, 12, MAX_DICE):
        for rolls in (1, 3, 7):
            ice = icepool.map(ice_step(MOST_LOST), size, repeat=rolls).probability(0)
            assert pool_empty_within(size, MOST_LOST, rolls) == ice
            assert ice == stepped(size, MOST_LOST, rolls, Position.STANDARD)


@pytest.mark.parametrize("most_lost", sorted(set(BEAMS.values())))
def test_the_battery_lasts_the_absorbing_chains_mean_rolls(most_lost: int) -> None:
    """The expected rolls until the Pool is emptied: icepool's mean time to absorption and the
    recurrence E(n) = (1 + Σ_k P(k | n) E(n - k)) / (1 - P(0 | n))."""
    for position in ROLLING:
        mean = [Fraction(0)]
        for size in range(1, 11):
            loss = pool_loss(size, most_lost, position)
            rest = sum((p * mean[size - k] for k, p in loss.items() if k), Fraction(0))
            mean.append((1 + rest) / (1 - loss[0]))
        for size in range(11):
            found = pool_rolls(size, most_lost, position=position)
            assert found == mean[size], (size, position)
        for size in range(FULL + 1):
            ice = icepool.mean_time_to_absorb(ice_step(most_lost, position), size)
            assert pool_rolls(size, most_lost, position=position) == ice


def test_the_closed_form_needs_distinct_chances_of_losing_nothing() -> None:
    """The chain's closed form divides by λ_m - λ_n: equal chances are refused, naming them."""
    same = {0: Fraction(1, 2), 1: Fraction(1, 2)}
    with pytest.raises(InvalidInput, match="must differ by size"):
        ShrinkingChain.of([same, {0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 4)}])
    one = ShrinkingChain.of([{0: Fraction(1, 3), 1: Fraction(2, 3)}])
    assert one.empty_within(1, 3) == 1 - Fraction(1, 27)
    assert one.expected_rolls[1] == Fraction(3, 2)


# --- Firelights: an Action against the Story Deck ---------------------------------------------


def ice_action(ranks: list[int], modifier: int) -> icepool.Die[str]:
    def result(hand: tuple[int, ...], roll: int) -> str:
        return ("Darkness", "Shade", "Light")[sum(roll + modifier > r for r in hand)]

    return icepool.map(result, icepool.Deck(ranks).deal(2), 2 @ D6)


@pytest.mark.parametrize("out", [0, 20, 45])
def test_light_when_the_score_is_higher_than_both_cards(out: int) -> None:
    """The rule: "If your score is higher than both cards, there's Light. If your score is higher
    than one card, there's Shade. Otherwise, there's Darkness": icepool's deck and every pair of
    cards left with every roll of 2d6."""
    pile = full_deck()[out:]
    for modifier in (-1, 0, 2, 4):
        tally: Counter[Result] = Counter()
        for pair in itertools.combinations(pile, 2):
            for a, b in itertools.product(range(1, 7), repeat=2):
                tally[read(a + b + modifier, pair)] += 1
        total = sum(tally.values())
        enumerated = {r.value: Fraction(n, total) for r, n in tally.items()}
        ice = ice_action([card.rank for card in pile], modifier)
        found = {r.value: p for r, p in action_odds(pile, modifier).items() if p}
        assert found == plain(ice) == enumerated


# --- Embers: the next cards and where the monsters spawn --------------------------------------


@pytest.mark.parametrize("seed", [3, 11, 2026])
def test_a_monster_spawns_at_the_location_on_the_next_fire_card(seed: int) -> None:
    """Every place of a shuffled run is equally likely to hold any of its cards (DESIGN.md): the
    next spawn is icepool's one card dealt from the run's locations, and each of the next cards
    the run's uniform share."""
    state, _ = apply(initial({}), Begin(), Chance(seed))
    run = state.segments[0]
    places = [LOCATIONS[state.cards.card(name).location] for name in run]
    ice = icepool.Deck(places).deal(1).sum()
    counted = {place: Fraction(n, len(run)) for place, n in Counter(places).items()}
    assert plain(spawn_location(state)) == plain(ice) == counted
    laid = [card for segment in state.segments for card in segment]
    for place, found in enumerate(next_cards(state, 4)):
        segment = next(s for s in state.segments if laid[place] in s)
        assert plain(found) == plain(icepool.Die(list(segment)))
        assert isinstance(found, Distribution)
