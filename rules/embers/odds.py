"""The odds at the campfire: which card comes up next, where the next monsters spawn, and when
the Night card comes back, exactly, from the cards left in the deck.

Below the revealed top card the deck is runs of cards in unknown order (see
:mod:`rules.embers.state`); every position of a run is equally likely to hold any of its cards.
The Night card is always a run of its own, so how many cards lie above it is known: the chance
that it is revealed within the next *k* cards is exactly 0 or 1, and the uncertainty is how many
cards the turn will take (spawns and flames), not where the Night card lies.

>>> from rules.table.chance import Chance
>>> from rules.embers import Begin, apply, initial
>>> state, _ = apply(initial({}), Begin(), Chance(3))
>>> sum(spawn_location(state).values())
Fraction(1, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from rules.embers.cards import LOCATIONS
from rules.embers.state import NIGHT, State
from rules.errors import InvalidInput
from rules.table.chance import Distribution

__all__ = [
    "Spawn",
    "cards_above_night",
    "next_cards",
    "night_within",
    "spawn_comes",
    "spawn_lands",
    "spawn_location",
    "spawn_locations",
]


def _check_k(k: object) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise InvalidInput(f"the number of draws is a whole number from 1 up, not {k!r}")
    return k


def _uniform(run: tuple[str, ...]) -> Distribution[str]:
    return Distribution.from_counts(dict.fromkeys(run, 1))


def next_cards(state: State, k: int) -> tuple[Distribution[str], ...]:
    """The distribution of each of the next ``k`` cards below the top (fewer if the deck holds
    fewer); the Night card is ``"Night"``. Every place of a run shares its run's distribution."""
    _check_k(k)
    found: list[Distribution[str]] = []
    for run in state.segments:
        if len(found) >= k:
            break
        found.extend([_uniform(run)] * min(len(run), k - len(found)))
    return tuple(found)


def cards_above_night(state: State) -> int | None:
    """How many cards lie between the top card and the Night card; None when it is set aside
    (the last hour). The Night card is revealed by the draw after them."""
    count = 0
    for run in state.segments:
        if run == (NIGHT,):
            return count
        count += len(run)
    return None


def night_within(state: State, k: int) -> Fraction:
    """The chance that one of the next ``k`` draws (each card revealed on top of the deck as the
    top card leaves, for a spawn or a flame) reveals the Night card: exactly 0 or 1, as its
    place is known.

    At the start of that night the Night card cannot come up within three turns:

    >>> from rules.embers import Begin, apply, initial
    >>> from rules.table.chance import Chance
    >>> night, _ = apply(initial({}), Begin(), Chance(3))
    >>> night_within(night, 3)
    Fraction(0, 1)
    """
    _check_k(k)
    above = cards_above_night(state)
    return Fraction(int(above is not None and above + 1 <= k))


def _places(state: State, run: tuple[str, ...]) -> Distribution[str]:
    """Where a card of ``run`` sends a monster: each location's share of the run's cards."""
    card = state.cards.card
    counts: dict[str, int] = {}
    for name in run:
        place = LOCATIONS[card(name).location]
        counts[place] = counts.get(place, 0) + 1
    return Distribution.from_counts(counts)


class Spawn(NamedTuple):
    """One spawn's outcome: where the monster lands, and where the card said."""

    #: Where the monster lands.
    lands: str
    #: The location the new top card names, before the monster steps past heroes.
    on_card: str


def spawn_locations(state: State, k: int) -> tuple[Distribution[Spawn], ...]:
    """For each of the next ``k`` spawns, where its monster lands with the location on its card
    as a second column (:class:`Spawn`), the heroes where they stand now.

    "Flip the top card of the deck to its monster side, and place it [...] at the location
    indicated on the new top card. If that location has a hero, the monster spends one of its
    movement points to step one space clockwise": a spawn's monster is the card above the one
    naming its place (the first, the top card), and the Night card is skipped, as a spawn skips
    it. Two places of one shuffled run hold any two of its cards, each order equally likely."""
    _check_k(k)
    if state.top is None:
        return ()
    places: list[tuple[int, tuple[str, ...]]] = []  # each place below the top: its run
    for number, run in enumerate(state.segments):
        if len(places) >= k:
            break
        if run != (NIGHT,):
            places.extend([(number, run)] * min(len(run), k - len(places)))
    found: list[Distribution[Spawn]] = []
    above: tuple[int, tuple[str, ...]] = (-1, (state.top,))
    for place in places:
        counts: dict[Spawn, int] = {}
        same = above[0] == place[0]
        for monster in above[1]:
            for card in place[1]:
                if not (same and monster == card):
                    spawn = _lands(state, monster, card)
                    counts[spawn] = counts.get(spawn, 0) + 1
        found.append(Distribution.from_counts(counts))
        above = place
    return tuple(found)


def _lands(state: State, monster: str, card: str) -> Spawn:
    named = state.cards.card(card).location
    where, moves = named, state.cards.card(monster).monster.moves
    while moves > 0 and state.camp[where] is not None:
        where, moves = (where + 1) % 8, moves - 1
    return Spawn(LOCATIONS[where], LOCATIONS[named])


def spawn_lands(state: State) -> Distribution[str]:
    """Where the next monster lands, the heroes where they stand now (see
    :func:`spawn_locations`): the danger the ring shows."""
    found = spawn_locations(state, 1)
    if not found:
        raise InvalidInput("the deck holds no fire card below the top: nothing spawns next")
    counts: dict[str, Fraction] = {}
    for spawn, share in found[0].items():
        counts[spawn.lands] = counts.get(spawn.lands, Fraction(0)) + share
    return Distribution(counts)


def spawn_comes(state: State) -> bool:
    """Whether another monster spawns this night: not before Begin nor after the end, and not in
    the last hour ("If you reveal the Night Card showing 1 hour until dawn, set it aside and
    survive the current turn to win": ending that turn wins, so no turn and no spawn follows)."""
    return state.phase != "setup" and not state.over and not state.last_hour


def spawn_location(state: State) -> Distribution[str]:
    """The location on the next fire card to be revealed: where the next monster spawns before
    it steps past heroes (:func:`spawn_lands` says where it lands).

    Where the first monster of a night dealt with seed 3 spawns (each card of the top run
    as likely):

    >>> from rules.embers import Begin, apply, initial
    >>> from rules.table.chance import Chance
    >>> night, _ = apply(initial({}), Begin(), Chance(3))
    >>> spawn_location(night)
    Distribution({'W': 1/6, 'SE': 1/3, 'SW': 1/6, 'N': 1/6, 'S': 1/6})
    """
    for run in state.segments:
        if run != (NIGHT,):
            return _places(state, run)
    raise InvalidInput("the deck holds no fire card below the top: nothing spawns next")
