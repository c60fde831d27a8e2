"""One play of Embers as an immutable value: the deck, the ring, the tent, the phase.

The deck is the revealed ``top`` card and, below it, ``segments``: runs of cards in an unknown
(shuffled) order, top run first. The Night card is always a run of its own, so its place is known
exactly; a card of a run is revealed by a uniform pick among that run's cards, which is a shuffled
deck drawn from the top (see ``Turn.reveal`` in :mod:`rules.embers.game`).

A state is a named tuple, not a dataclass: every action builds a new one, and building a tuple
costs a tenth of building a frozen dataclass of 24 fields (simulation plays ~44 actions a game).
Change one with ``state._replace(phase="attacks")``.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.embers.cards import CardSet, Side, shipped

__all__ = [
    "AFTER_ATTACK",
    "DIFFICULTIES",
    "IMMEDIATELY",
    "NIGHT",
    "NIGHT_READINGS",
    "PHASES",
    "State",
]

#: The name of the Night card.
NIGHT = "Night"
#: The difficulties, easiest first (the "difficulty" option).
DIFFICULTIES = ("recruit", "warrior", "veteran")
#: How a Night card a flame reveals mid-attack is resolved (the "night" option): "immediately",
#: before the attack's claws, as the rulebook says (every journey begun since Lantern read it so), or
#: "after_attack", once the attack is over (journeys recorded before, which name no option).
IMMEDIATELY, AFTER_ATTACK = "immediately", "after_attack"
NIGHT_READINGS = (IMMEDIATELY, AFTER_ATTACK)
#: setup (before Begin), then each turn: spawn, actions, attacks, reinforce; won / lost at the end.
PHASES = ("setup", "spawn", "actions", "attacks", "reinforce", "won", "lost")


class State(NamedTuple):
    cards: CardSet
    difficulty: str = "warrior"
    phase: str = "setup"
    turn: int = 0
    top: str | None = None  # the revealed top card of the deck (a fire card)
    segments: tuple[tuple[str, ...], ...] = ()  # below the top: shuffled runs, top run first
    forage: tuple[str, ...] = ()  # top first
    hand: tuple[str, ...] = ()
    wild: tuple[tuple[str, ...], ...] = ((),) * 8  # monsters per location, bottom first
    camp: tuple[str | None, ...] = (None,) * 8
    promoted: frozenset[str] = frozenset()  # heroes on their level-2 side
    tent: tuple[str, ...] = ()
    fallen: frozenset[str] = frozenset()  # placed in the tent this turn
    hours: int = 4  # hours to dawn on the Night card
    last_hour: bool = False  # the Night card at 1 hour was revealed and set aside
    spawns_left: int = 0
    event: str | None = None  # the fire card whose event applies this turn
    points: tuple[tuple[str, int], ...] = ()  # action points left, heroes who may still act
    current: str | None = None  # the hero acting now
    attacked: frozenset[int] = frozenset()  # locations whose attack is resolved this turn
    bonus: bool = False  # a Night card bonus (a free promote) is waiting to be chosen
    reason: str = ""  # why the game ended
    night: str = IMMEDIATELY  # when a Night card revealed mid-attack is resolved
    #: an attack the Night card paused for its free promote: (location, target, cards burned)
    paused: tuple[str, str, int] | None = None

    @classmethod
    def new(cls, difficulty: str = "warrior", cards: CardSet | None = None) -> State:
        return cls(cards or shipped(), difficulty)

    @property
    def over(self) -> bool:
        return self.phase in ("won", "lost")

    @property
    def status(self) -> str:
        return self.phase

    def level(self, hero: str) -> int:
        return 2 if hero in self.promoted else 1

    def side(self, hero: str) -> Side:
        return self.cards.levels[hero][hero in self.promoted]

    def in_camp(self) -> tuple[str, ...]:
        return tuple(filter(None, self.camp))  # hero names are never empty

    def where(self, hero: str) -> int:
        return self.camp.index(hero)

    def deck(self) -> tuple[str, ...]:
        """Every card in the deck, top card first (runs sorted: their order is unknown)."""
        top = (self.top,) if self.top else ()
        return top + tuple(card for run in self.segments for card in sorted(run))

    def fire_in_deck(self) -> int:
        return sum(1 for card in self.deck() if card != NIGHT)
