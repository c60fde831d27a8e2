"""Advice and a search player, written once for every game: Monte Carlo rollouts per move.

The question a player asks at the table is not the odds of the next roll but "which of the moves
open to me now gives my journey the best chance?". :func:`estimate` answers it by playing each
candidate move now and the rest of the game with the game's shipped player, ``runs`` times, and
counting the runs that end well. Chance the player cannot see (the order of the unseen cards, the
dice to come) is drawn afresh in every rollout: each game's state keeps the unseen part of a deck
as cards in unknown order and resolves each draw as a chance step, so a rollout that resolves the
steps with a generator of its own *is* a determinization of the hidden information.

Why a generator of its own: advice is a look, not an action. Its rollouts use
:class:`~rules.table.chance.FastChance` seeded from the advice's ``seed`` (never the journey's
:class:`~rules.table.chance.Chance`), and states are immutable values, so asking changes neither the
journey's record nor the outcomes of its next chance steps.

Why the same seeds for every move (common random numbers): rollout *i* of every move starts from
the same generator, so two moves are compared on the same luck as far as their paths agree, and a
difference between them is less the noise of two different sets of shuffles.

:class:`SearchPlayer` plays a game with it: at each decision with more than one candidate it
thinks within a budget of rollouts or seconds, drops moves that fall clearly behind (a race), and
plays the move that beats the shipped player's own move clearly (:func:`better`), else that one.

>>> from rules.table.chance import Pick
>>> def step(state, move, chance):  # a coin ("sure" always wins, "coin" half the time)
...     return "won" if move == "sure" else chance.resolve(Pick(("won", "lost")))
>>> game = Lookahead(lambda s: ("coin", "sure"), step, lambda s: "coin",
...                  lambda s: None if s == "start" else s == "won")
>>> [(row.move, row.successes, row.runs, row.best) for row in estimate(game, "start", runs=8)]
[('coin', 2, 8, False), ('sure', 8, 8, True)]
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from rules.errors import IllegalAction, InvalidInput, LanternError
from rules.table.chance import FastChance, Source
from rules.table.estimate import MAX_RUNS, check_int, wilson_interval

__all__ = [
    "Advice",
    "Lookahead",
    "SearchPlayer",
    "Standing",
    "estimate",
    "pooled",
    "rollout_seed",
    "standing",
]

S = TypeVar("S")

#: Rounds every move plays before the race may drop it (fewer says too little).
RACE_FROM = 6
#: A move is dropped once the leader has this many standard deviations more good endings: the
#: paired difference of one round lies in [-1, 1], so after ``r`` rounds its spread is at most
#: ``sqrt(r)``.
RACE_MARGIN = 2.0
#: How many standard errors a move's paired gain over the shipped player's move must reach for
#: the search player to play it instead: a challenger ahead by luck alone is not played.
SWITCH_Z = 1.0


@dataclass(frozen=True)
class Advice:
    """One candidate move and its estimated chance of a good ending. A row of plain values: a list
    of them is a pandas table (``pandas.DataFrame(rows)``, or ``[row.record() for row in rows]``
    for a move in words).
    """

    #: The candidate move, as the game's action.
    move: Any
    #: Its estimated chance of a good ending: the share of ``successes`` in ``runs``.
    estimate: float
    #: The low end of the 95% Wilson interval of that chance.
    low: float
    #: The high end of that interval.
    high: float
    #: Rollouts after this move that ended well.
    successes: int
    #: Rollouts played after this move.
    runs: int
    #: Whether it is the best move (the most good endings).
    best: bool = False

    def record(self) -> dict[str, Any]:
        """The row as flat table columns, the move as its ``repr`` (as the studies' rows do:
        ``pandas.DataFrame(rows)`` would spread an action's fields into a dict)."""
        return {
            "move": repr(self.move),
            "estimate": self.estimate,
            "low": self.low,
            "high": self.high,
            "successes": self.successes,
            "runs": self.runs,
            "best": self.best,
        }


@dataclass(frozen=True)
class Lookahead(Generic[S]):
    """A game as a search sees it: its moves, its rules, its player and its question."""

    #: ``moves(state)``: the candidate moves now, each one the rules allow.
    moves: Callable[[S], Sequence[Any]]
    #: ``step(state, move, chance)``: the state after the move.
    step: Callable[[S, Any, Source], S]
    #: ``finish(state)``: the shipped player, which plays each rollout to its end and whose move
    #: wins a tie.
    finish: Callable[[S], Any]
    #: ``success(state)``: True or False once the game has ended (as the question counts it), None
    #: while it goes on.
    success: Callable[[S], bool | None]
    #: A rollout still going after so many moves counts as not a success.
    max_steps: int = 2000


def rollout_seed(seed: int, run: int) -> int:
    """The seed of rollout ``run`` of a search seeded with ``seed`` (every move's rollout ``run``
    shares it)."""
    return random.Random(f"lantern-advice:{seed}:{run}").getrandbits(48)


def _rollout(game: Lookahead[S], state: S, move: Any, chance: Source) -> bool:
    """Play ``move`` then ``game.finish`` to the end; whether it ended well."""
    step, finish, success = game.step, game.finish, game.success
    try:
        now = step(state, move, chance)
        for _ in range(game.max_steps):
            ended = success(now)
            if ended is not None:
                return ended
            now = step(now, finish(now), chance)
    except LanternError as error:
        raise IllegalAction(
            f"a rollout after {move!r} was refused by the rules: {error}"
        ) from error
    return bool(success(now))


@dataclass
class _Race:
    """The counts of a search so far, per move: what :func:`better` reads.

    :meta public:
    """

    #: Each move's rollouts that ended well.
    wins: list[int]
    #: Each move's rollouts played.
    played: list[int]
    #: Each move's paired difference with the first move, summed over the rounds.
    gain: list[int]
    #: The sum of the squares of those differences, for their spread.
    gain_sq: list[int]
    #: The moves still in the race, by their place in the list.
    racing: list[int]


def _race(
    game: Lookahead[S],
    state: S,
    moves: Sequence[Any],
    runs: int,
    seed: int,
    deadline: float | None,
    race: bool,
    whole: bool,
) -> _Race:
    """Rounds of one rollout per racing move, rollout *i* of each from the same seed, until
    ``runs`` rounds or the deadline. ``whole``: a round the deadline cuts short is not counted
    (every count then covers the same rounds, and none may be played at all); else the first
    round is always finished."""
    size = len(moves)
    found = _Race([0] * size, [0] * size, [0] * size, [0] * size, list(range(size)))
    clock = time.perf_counter
    began, done, each = clock(), 0, 0.0
    for run in range(runs):
        this_seed = rollout_seed(seed, run)
        ended: dict[int, bool] = {}
        for i in found.racing:
            # a rollout that would end after the deadline (at the mean length so far) is not begun
            if deadline is not None and clock() + each >= deadline and (whole or run > 0):
                return found  # this round is cut short: left out
            ended[i] = _rollout(game, state, moves[i], FastChance(this_seed))
            done += 1
            each = (clock() - began) / done
        first = ended.get(0)
        for i, good in ended.items():
            found.wins[i] += good
            found.played[i] += 1
            if first is not None:
                step = good - first
                found.gain[i] += step
                found.gain_sq[i] += step * step
        if race and run + 1 >= RACE_FROM and len(found.racing) > 1:
            lead = max(found.wins[i] for i in found.racing)
            cut = RACE_MARGIN * math.sqrt(run + 1)
            found.racing = [i for i in found.racing if lead - found.wins[i] <= cut or i == 0]
        if (race and len(found.racing) == 1) or (
            deadline is not None and clock() + each >= deadline
        ):
            break
    return found


def _deadline(seconds: float | None) -> float | None:
    if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
        raise InvalidInput(f"a thinking time is a number of seconds above 0, got {seconds!r}")
    return None if seconds is None else time.perf_counter() + seconds


def estimate(
    game: Lookahead[S],
    state: S,
    moves: Sequence[Any] | None = None,
    *,
    runs: int = 200,
    seed: int = 0,
    seconds: float | None = None,
) -> list[Advice]:
    """Every candidate move's chance of a good ending by ``runs`` rollouts each, in the order of
    ``moves`` (default ``game.moves(state)``), the best one marked (the most good endings; the
    first listed on a tie).

    ``seconds``: stop earlier when the time is up (after at least one rollout per move): the rows
    then depend on the machine's speed, so a seeded look is reproducible only by ``runs``.
    """
    check_int("runs", runs, 1, MAX_RUNS)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput(f"a seed must be an int, got {seed!r}")
    deadline = _deadline(seconds)
    listed = list(game.moves(state) if moves is None else moves)
    if not listed:
        return []
    counts = _race(game, state, listed, runs, seed, deadline, race=False, whole=False)
    wins, played = counts.wins, counts.played
    best = max(range(len(listed)), key=lambda i: (wins[i] / played[i], -i))
    rows = []
    for i, move in enumerate(listed):
        low, high = wilson_interval(wins[i], played[i])
        rows.append(Advice(move, wins[i] / played[i], low, high, wins[i], played[i], i == best))
    return rows


def pooled(earlier: Sequence[Advice], later: Sequence[Advice]) -> list[Advice]:
    """Two looks at one state's moves (each seeded apart) as one: per move the good endings and
    rollouts added, the interval and the best mark made again. Why: a panel refines its advice
    in small batches between clicks, and every batch sharpens the rows shown.

    >>> a = [Advice("x", 1.0, 0.2, 1.0, 1, 1, True), Advice("y", 0.0, 0.0, 0.8, 0, 1)]
    >>> b = [Advice("x", 0.0, 0.0, 0.8, 0, 1), Advice("y", 1.0, 0.2, 1.0, 1, 1, True)]
    >>> [(row.move, row.successes, row.runs, row.best) for row in pooled(a, b)]
    [('x', 1, 2, True), ('y', 1, 2, False)]
    """
    if not earlier:
        return list(later)
    if [row.move for row in earlier] != [row.move for row in later]:
        raise InvalidInput(
            f"pooled advice needs the same moves in the same order, got "
            f"{[row.move for row in earlier]!r} and {[row.move for row in later]!r}"
        )
    wins = [a.successes + b.successes for a, b in zip(earlier, later, strict=True)]
    played = [a.runs + b.runs for a, b in zip(earlier, later, strict=True)]
    best = max(range(len(wins)), key=lambda i: (wins[i] / played[i], -i))
    rows = []
    for i, row in enumerate(earlier):
        low, high = wilson_interval(wins[i], played[i])
        rows.append(Advice(row.move, wins[i] / played[i], low, high, wins[i], played[i], i == best))
    return rows


@dataclass(frozen=True)
class Standing:
    """Where the rows stand, as a player may be told it: the move clearly ahead, if any, and why in
    one word."""

    #: The move clearly ahead (None while none is).
    best: Advice | None
    #: The row with the highest share so far (the first listed on a tie).
    leader: Advice | None
    #: "clear" (the leader's 95% interval lies wholly above every other row's), "close" (it still
    #: overlaps another's: too close to call), "alike" (every move has fared the same so far) or
    #: "none" (no rows).
    why: str


def standing(rows: Sequence[Advice]) -> Standing:
    """Whether one move is clearly the best yet: only when the leader's interval does not overlap
    the runner-up's (its ``low`` above the ``high`` of every other row). Why: the share of a few
    rollouts swings widely (a move read 55% at 22 rollouts and 28% at 1,000), and a mark that
    moves from one button to another as the rows settle tells a player less than "too close to
    call". A single move is the best there is.

    >>> a, b = Advice("a", 0.9, 0.6, 0.98, 9, 10), Advice("b", 0.2, 0.06, 0.5, 2, 10)
    >>> standing([b, a]).best.move, standing([b, a]).why
    ('a', 'clear')
    >>> c = Advice("c", 0.6, 0.3, 0.85, 6, 10)
    >>> standing([a, c]).best, standing([a, c]).leader.move, standing([a, c]).why
    (None, 'a', 'close')
    """
    if not rows:
        return Standing(None, None, "none")
    first = max(range(len(rows)), key=lambda i: (rows[i].estimate, -i))
    leader = rows[first]
    if len(rows) == 1:
        return Standing(leader, leader, "clear")
    if len({row.estimate for row in rows}) == 1:
        return Standing(None, None, "alike")
    runner_up = max(row.high for i, row in enumerate(rows) if i != first)
    if leader.low > runner_up:
        return Standing(leader, leader, "clear")
    return Standing(None, leader, "close")


def better(counts: _Race, i: int, z: float = SWITCH_Z) -> bool:
    """Whether move ``i`` beats the first move (the shipped player's) clearly enough to be
    played instead: at least 2 more good endings over the same rollouts, and a mean paired
    gain above ``z`` of its standard errors."""
    rounds, gain, squares = counts.played[i], counts.gain[i], counts.gain_sq[i]
    if gain < 2 or rounds < 2:
        return False
    mean = gain / rounds
    spread = max(0.0, (squares - gain * gain / rounds) / (rounds - 1))
    return mean > z * math.sqrt(spread / rounds)


@dataclass
class SearchPlayer(Generic[S]):
    """A policy that thinks before each move: :func:`estimate` over the candidates, at most
    ``runs`` rollouts per move and ``seconds`` of thinking (None: no time limit; reproducible),
    racing (a move falling RACE_MARGIN spreads behind the leader stops) and playing another
    move than the shipped player's only when it is clearly better (:func:`better`); with one
    candidate it plays it at once. It counts its thinking, for a bench to read.
    """

    #: The game as the search sees it.
    game: Lookahead[S]
    #: Seeds its own generator, which seeds each decision's rollouts: the same seed plays the same
    #: game from the same states.
    seed: int = 0
    #: The most rollouts per candidate move.
    runs: int = 64
    #: The most seconds of thinking per decision (None: no time limit, reproducible).
    seconds: float | None = 0.05
    #: Seconds spent thinking so far (a bench reads it).
    thinking: float = field(default=0.0, init=False)
    #: Moves chosen so far.
    decisions: int = field(default=0, init=False)
    #: The longest think, in seconds.
    longest: float = field(default=0.0, init=False)
    #: Each think's seconds, in order.
    times: list[float] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        check_int("runs", self.runs, 1, MAX_RUNS)
        self._rng = random.Random(self.seed)

    def __call__(self, state: S) -> Any:
        started = time.perf_counter()
        shipped = self.game.finish(state)
        moves = list(self.game.moves(state))
        if shipped in moves:  # the shipped player's move first: it wins a tie
            moves.remove(shipped)
        moves.insert(0, shipped)
        chosen = shipped
        if len(moves) > 1:
            deadline = None if self.seconds is None else started + self.seconds
            seed = self._rng.getrandbits(48)
            counts = _race(self.game, state, moves, self.runs, seed, deadline, True, True)
            ahead = [i for i in counts.racing if i and better(counts, i)]
            if ahead:
                chosen = moves[max(ahead, key=lambda i: (counts.gain[i], -i))]
        took = time.perf_counter() - started
        self.thinking += took
        self.decisions += 1
        self.longest = max(self.longest, took)
        self.times.append(took)
        return chosen
