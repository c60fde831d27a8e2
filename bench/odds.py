"""Exact odds against icepool: every question of every game, uncached, the fractions identical.

The budget: every exact odds query of every game is at least 10x faster than icepool on
the same question, uncached, with the same fractions. Each query below is asked of Lantern's rules
(after clearing every ``functools`` cache in ``rules``, so a memo never answers) and of icepool (a
fresh expression each time); the median of ``--repeat`` timed calls of each is reported, with the
ratio. Exits 1 if any ratio is under 10 or any answer differs.

Run from the repository root: ``python -m bench odds`` (``--quick``: fewer repeats).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import icepool

import rules
from rules.embers import Begin, apply, initial
from rules.embers.cards import LOCATIONS
from rules.embers.odds import next_cards, spawn_location
from rules.firelights.action_roll import odds as light_odds
from rules.table.cards import Deck, full_deck
from rules.table.chance import Chance
from rules.table.dice import Position, dice_to_roll, hits_distribution, sum_distribution
from rules.voidlight import State as VoidState
from rules.voidlight import check_odds, light_life, pool_empty_within, pool_rolls, save_odds
from rules.voidlight.checks import check_hits, check_outcome, pushed_odds, save_loss
from rules.voidlight.pools import BEAMS, pool_loss
from rules.voidlight.solo import MOST_LOST, fortune_odds

TARGET = 10.0
D6 = icepool.d6


def clear_caches() -> None:
    """Forget every memo in the rules package, so each call is a first call."""
    for name, module in list(sys.modules.items()):
        if name == "rules" or name.startswith("rules."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def exact(found: Any) -> Any:
    """An answer as plain data: a Distribution or Die as {outcome: Fraction}, zeros dropped."""
    if isinstance(found, icepool.Die):
        total = found.denominator()
        return {o: Fraction(q, total) for o, q in found.items() if q}
    if isinstance(found, tuple):
        return tuple(exact(part) for part in found)
    if hasattr(found, "items"):
        return {o: Fraction(p) for o, p in found.items() if p}
    return Fraction(found)


# --- icepool's side: each question written in icepool's own terms ------------------------------


def hit_die(position: Position, pushed: bool = False) -> icepool.Die[int]:
    threshold = position.threshold
    assert threshold is not None
    die = D6.reroll(lambda face: face < threshold, depth=1) if pushed else D6
    return die.map(lambda face: int(face >= threshold))


def ice_hits(dice: int, position: Position, pushed: bool = False) -> icepool.Die[int]:
    count, where = dice_to_roll(dice, position)
    return count @ hit_die(where, pushed)


def ice_save(score: int, position: Position) -> tuple[icepool.Die[str], icepool.Die[int]]:
    count, _ = dice_to_roll(score, position)
    hits = ice_hits(score, position)
    outcome = hits.map(lambda k: "endure" if k >= 1 else "taken out")
    return outcome, hits.map(lambda k: save_loss(count - k, score))


def ice_step(most_lost: int) -> Callable[[int], Any]:
    miss = D6.map(lambda face: int(face < 5))

    def step(size: int) -> Any:
        if size == 0:
            return 0
        return (size @ miss).map(lambda misses: size - min(misses, most_lost))

    return step


def ice_light(deck: list[int], modifier: int) -> icepool.Die[str]:
    def result(hand: tuple[int, ...], roll: int) -> str:
        beaten = sum(roll + modifier > rank for rank in hand)
        return ("Darkness", "Shade", "Light")[beaten]

    return icepool.map(result, icepool.Deck(deck).deal(2), 2 @ D6)


@dataclass(frozen=True)
class Query:
    """One question, asked of our rules and of icepool."""

    name: str
    ours: Callable[[], Any]
    theirs: Callable[[], Any]


def queries() -> Iterator[Query]:
    standard, good, bad = Position.STANDARD, Position.GOOD, Position.BAD
    for dice, where in ((4, standard), (6, good), (2, bad)):
        yield Query(
            f"hit pool {dice}D {where.value}",
            lambda d=dice, w=where: check_hits(d, w),
            lambda d=dice, w=where: ice_hits(d, w),
        )
    for dice, where in ((3, standard), (2, good), (12, standard)):
        yield Query(
            f"check {dice}D {where.value}",
            lambda d=dice, w=where: check_odds(d, w),
            lambda d=dice, w=where: ice_hits(d, w).map(check_outcome),
        )
        yield Query(
            f"pushed check {dice}D {where.value}",
            lambda d=dice, w=where: check_odds(d, w, pushed=True),
            lambda d=dice, w=where: ice_hits(d, w, pushed=True).map(check_outcome),
        )
    yield Query(
        "push a rolled check (1 Hit, 2 Misses)",
        lambda: pushed_odds(1, 2, standard),
        lambda: (2 @ hit_die(standard)).map(lambda k: check_outcome(1 + k)),
    )
    for score in (2, 3):
        yield Query(
            f"critical save score {score}",
            lambda s=score: (lambda o: (o.outcome, o.loss))(save_odds(s, standard)),
            lambda s=score: ice_save(s, standard),
        )
    yield Query(
        "fortune roll 3D",
        lambda: fortune_odds(3),
        lambda: ice_hits(3, standard).map(
            lambda k: {"success": "yes", "partial": "yes, but", "failure": "no, and"}[
                check_outcome(k)
            ]
        ),
    )
    for beam, cap in BEAMS.items():
        yield Query(
            f"battery roll loss P6 {beam}",
            lambda c=cap: pool_loss(6, c),
            lambda c=cap: (6 @ D6.map(lambda f: int(f < 5))).map(lambda m, c=c: min(m, c)),
        )
        yield Query(
            f"battery expected rolls P6 {beam}",
            lambda c=cap: pool_rolls(6, c),
            lambda c=cap: icepool.mean_time_to_absorb(ice_step(c), 6),
        )
    for rolls in (3, 8):
        yield Query(
            f"battery spent within {rolls} rolls P6 standard",
            lambda r=rolls: pool_empty_within(6, 2, r),
            lambda r=rolls: icepool.map(ice_step(2), 6, repeat=r).probability(0),
        )
    yield Query(
        "encounter P4 arrives within 3 rolls",
        lambda: pool_empty_within(4, MOST_LOST, 3),
        lambda: icepool.map(ice_step(MOST_LOST), 4, repeat=3).probability(0),
    )
    state = VoidState()
    state = replace(state, light=replace(state.light, dice=5))
    yield Query(
        "light life P5 (minutes)",
        lambda: light_life(state).minutes,
        lambda: 20 + (icepool.mean_time_to_absorb(ice_step(2), 5) - 1) * 20,
    )
    deck = full_deck()
    ranks = [card.rank for card in deck]
    for out in (0, 12):
        for modifier in (0, 3):
            pile, left = deck[out:], ranks[out:]
            yield Query(
                f"firelights action +{modifier}, {len(pile)} cards",
                lambda p=pile, m=modifier: {r.value: v for r, v in light_odds(p, m).items()},
                lambda left=left, m=modifier: ice_light(left, m),
            )
    yield Query("2d6 sum", lambda: sum_distribution(2), lambda: 2 @ D6)
    yield Query(
        "dice hits 3D standard",
        lambda: hits_distribution(3, standard),
        lambda: 3 @ hit_die(standard),
    )
    story = Deck(deck[12:])
    hearts = [card.suit.value == "H" for card in story.draw_pile]
    yield Query(
        "firelights next card a heart, 40 cards",
        lambda: story.chance_next(lambda card: card.suit.value == "H"),
        lambda: icepool.Deck(hearts).deal(1).sum().probability(True),
    )
    embers, _ = apply(initial({}), Begin(), Chance(3))
    places = [LOCATIONS[embers.cards.card(c).location] for c in embers.segments[0]]
    yield Query(
        "embers next spawn location",
        lambda: spawn_location(embers),
        lambda: icepool.Deck(places).deal(1).sum(),
    )
    yield Query(
        "embers next 3 cards",
        lambda: next_cards(embers, 3),
        lambda: tuple(icepool.Die(list(run)) for run in embers.segments for _ in run)[:3],
    )


def median_us(call: Callable[[], Any], repeat: int, fresh: bool) -> float:
    spent = []
    for _ in range(repeat):
        if fresh:
            clear_caches()
        started = time.perf_counter_ns()
        call()
        spent.append(time.perf_counter_ns() - started)
    return statistics.median(spent) / 1000


def main(argv: list[str]) -> int:
    repeat = 15 if "--quick" in argv else 61
    assert rules  # the package whose caches are cleared
    failed = 0
    print(f"{'query':46} {'ours µs':>9} {'icepool µs':>11} {'ratio':>7}")
    for query in queries():
        clear_caches()
        same = exact(query.ours()) == exact(query.theirs())
        ours = median_us(query.ours, repeat, fresh=True)
        theirs = median_us(query.theirs, max(5, repeat // 4), fresh=False)
        ratio = theirs / ours
        bad = not same or ratio < TARGET
        failed += bad
        verdict = "  DIFFERENT" if not same else "  UNDER TARGET" if bad else ""
        print(f"{query.name:46} {ours:9.1f} {theirs:11.1f} {ratio:6.1f}x{verdict}", flush=True)
    print(f"{failed} of the queries fail (target: every ratio >= {TARGET:g}x, every answer equal)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
