"""Players for simulation: a random player, a heuristic player, and :func:`win_rate`.

A player (a policy) is a function from state to one of :func:`~rules.embers.legal`'s actions.
Neither makes a chance step: all the game's randomness is the deck, through the chance source.
The random player's own choices come from a generator it is given.

>>> estimate = win_rate("recruit", 20, "heuristic", seed=1)
>>> estimate.runs, 0 <= estimate.low <= float(estimate.share) <= estimate.high <= 1
(20, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.embers import actions as A
from rules.embers.cards import LOCATIONS, CardSet
from rules.embers.game import advance
from rules.embers.moves import _options, event_amount, legal
from rules.embers.preview import hero_icons, stack_icons
from rules.embers.state import DIFFICULTIES, State
from rules.errors import InvalidInput
from rules.play.simulate import MAX_RUNS, Estimate, run_seed, wilson_interval
from rules.table.chance import FastChance

__all__ = ["POLICIES", "FastChance", "RandomPlayer", "heuristic", "play", "win_rate"]

#: A player as a function: the action it takes in a state.
Policy = Callable[[State], Any]

#: The Night card bonus goes to the first of these still at level 1 in camp.
PROMOTE_FIRST = ("Firetender", "Defender", "Leader")


class RandomPlayer:
    """Picks uniformly among the legal actions, with its own generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: State) -> Any:
        return self.rng.choice(legal(state))


_INDEX = {name: i for i, name in enumerate(LOCATIONS)}


def _cost_of(state: State, hero: str, stack: tuple[int, int]) -> int:
    """What an attack on ``hero`` costs the camp: its flames burn deck cards, and a hero it
    defeats is lost to the tent (the icons as :func:`rules.embers.preview.attack_icons` counts
    them, of a stack of :func:`rules.embers.preview.stack_icons`)."""
    side = state.side(hero)
    flames, claws, _flames_ignored, _claws_ignored = hero_icons(state, hero, *stack)
    return 4 * flames + (6 + 4 * side.level if claws >= side.health else 0)


def _cheapest_attack(state: State, options: tuple[Any, ...]) -> Any:
    """``min(options, key=partial(_attack_cost, state))`` (the first of the cheapest), each
    location's stack counted once for the heroes it may target."""
    stacks: dict[str, tuple[int, int]] = {}
    best, least = None, 0
    for action in options:
        stack = stacks.get(action.location)
        if stack is None:
            stack = stacks[action.location] = stack_icons(state, _INDEX[action.location])
        cost = _cost_of(state, action.target, stack)
        if best is None or cost < least:
            best, least = action, cost
    return best


def _best_act(state: State, options: tuple[Any, ...]) -> Any:
    """The actions phase: the best-scoring card action or promotion, End actions when none
    scores above 0. Defending scores by the threat it removes, foraging by the cards it takes;
    a hero other than the one acting loses twice the points the acting one would forfeit."""
    best, best_score = options[-1], 0  # EndActions
    wild, card = state.wild, state.cards.named
    forage_bonus, forage_left = event_amount(state, "forage"), len(state.forage)
    current = state.current
    penalty = 2 * dict(state.points).get(current, 0) if current is not None else 0
    levels, promoted = state.cards.levels, state.promoted
    act, maneuver, promote = A.Act, A.MANEUVER, A.PROMOTE
    acting, named = None, {}  # the hero whose options these are (listed hero by hero): its side
    for action in options:
        if type(action) is not act:
            continue
        name = action.action
        if name == maneuver:
            continue
        hero = action.hero
        if hero != acting:
            acting, named = hero, levels[hero][hero in promoted].named
        effect = named.get(name)
        if effect is None:  # the rulebook's moves (a card's own action keeps its name)
            if not name.startswith(promote):  # "Maneuver (every hero)"
                continue
            score = 9 if hero == "Firetender" else 7
        else:
            kind = effect.effect
            if kind == "defend":  # 6 + the threat of the top monster: 3 a flame, 2 a claw, 1
                monster = card[wild[_INDEX[action.target]][-1]].monster
                score = 7 + 3 * monster.flames + 2 * monster.claws - effect.cost
            elif kind == "forage":
                taken = effect.amount + forage_bonus  # no more than the pile holds, nor below 0
                taken = forage_left if taken > forage_left else taken if taken > 0 else 0
                score = 5 * taken - effect.cost
            else:  # rally
                score = 3
        if hero != current:
            score -= penalty
        if score > best_score:
            best, best_score = action, score
    return best


def heuristic(state: State) -> Any:
    """A sensible player: defends the worst threats, forages, promotes, spreads the attacks."""
    options = _options(state)  # legal(state), as the tuple apply checks against
    first = options[0]
    if isinstance(first, A.Promote):
        heroes = {a.hero: a for a in options}
        return next((heroes[h] for h in PROMOTE_FIRST if h in heroes), first)
    if state.phase == "actions":
        return _best_act(state, options)
    if isinstance(first, A.Attack):
        return _cheapest_attack(state, options)
    return first


#: The shipped players by name: a seed -> a policy (state -> its move).
POLICIES: dict[str, Callable[[int], Policy]] = {
    "random": RandomPlayer,
    "heuristic": lambda seed: heuristic,
}


def play(state: State, policy: Policy, chance: Any, max_steps: int = 10_000) -> State:
    """``state`` played to its end by ``policy`` (:func:`~rules.embers.game.advance`: nobody
    reads a simulated action's report)."""
    for _ in range(max_steps):
        if state.over:
            return state
        state = advance(state, policy(state), chance)
    raise InvalidInput(f"the game did not end within {max_steps} actions")


def win_rate(
    difficulty: str,
    games: int,
    policy: str | Policy = "heuristic",
    seed: int = 0,
    cards: CardSet | None = None,
) -> Estimate:
    """The share of ``games`` whole games that ``policy`` ("random", "heuristic" or a function
    of the state) wins at ``difficulty``, with its 95% Wilson interval. Game *i* is dealt by
    ``FastChance(run_seed(seed, i))``. ``cards``: another card set (default the shipped one)."""
    if difficulty not in DIFFICULTIES:
        raise InvalidInput(
            f"the difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}"
        )
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_RUNS:
        raise InvalidInput(f"games is a whole number from 1 to {MAX_RUNS:,}, not {games!r}")
    if isinstance(policy, str) and policy not in POLICIES:
        raise InvalidInput(f"the policies are {', '.join(POLICIES)}, not {policy!r}")
    start = State.new(difficulty, cards)
    won = 0
    for game in range(games):
        game_seed = run_seed(seed, game)
        chooser = POLICIES[policy](game_seed) if isinstance(policy, str) else policy
        won += play(start, chooser, FastChance(game_seed)).phase == "won"
    return Estimate(f"{difficulty} wins", won, games, *wilson_interval(won, games))
