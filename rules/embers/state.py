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
#: The two readings of a Night card revealed mid-attack, the first the default.
NIGHT_READINGS = (IMMEDIATELY, AFTER_ATTACK)
#: setup (before Begin), then each turn: spawn, actions, attacks, reinforce; won / lost at the end.
PHASES = ("setup", "spawn", "actions", "attacks", "reinforce", "won", "lost")


class State(NamedTuple):
    """One play of Embers as it stands (see the module docstring): the cards, the deck, the ring of
    camp and wild, the tent, the Night card and the phase."""

    #: The card set played.
    cards: CardSet
    #: "recruit", "warrior" or "veteran" (:data:`DIFFICULTIES`).
    difficulty: str = "warrior"
    #: Where the turn is: one of :data:`PHASES`.
    phase: str = "setup"
    #: The turn's number (0 before Begin).
    turn: int = 0
    #: The revealed top card of the deck (a fire card): its event applies, its location says where
    #: the next monster spawns.
    top: str | None = None
    #: The deck below the top: shuffled runs, top run first.
    segments: tuple[tuple[str, ...], ...] = ()
    #: The forage pile, top first.
    forage: tuple[str, ...] = ()
    #: The cards in hand: defeated monsters and foraged cards.
    hand: tuple[str, ...] = ()
    #: The monsters at each location, bottom first.
    wild: tuple[tuple[str, ...], ...] = ((),) * 8
    #: The hero in each camp space (None: empty), by location.
    camp: tuple[str | None, ...] = (None,) * 8
    #: The heroes on their level-2 side.
    promoted: frozenset[str] = frozenset()
    #: The fallen heroes waiting to reinforce the camp.
    tent: tuple[str, ...] = ()
    #: The heroes placed in the tent this turn, who cannot reinforce it yet.
    fallen: frozenset[str] = frozenset()
    #: Hours to dawn on the Night card.
    hours: int = 4
    #: The Night card at 1 hour was revealed and set aside: survive this turn to win.
    last_hour: bool = False
    #: How many monsters are still to spawn this turn.
    spawns_left: int = 0
    #: The fire card whose event applies this turn.
    event: str | None = None
    #: The action points left of each hero who may still act.
    points: tuple[tuple[str, int], ...] = ()
    #: The hero acting now.
    current: str | None = None
    #: The locations whose attack is resolved this turn.
    attacked: frozenset[int] = frozenset()
    #: A Night card bonus (a free promote) is waiting to be chosen.
    bonus: bool = False
    #: Why the game ended, in words.
    reason: str = ""
    #: When a Night card revealed mid-attack is resolved (the "night" option).
    night: str = IMMEDIATELY
    #: an attack the Night card paused for its free promote: (location, target, cards burned)
    paused: tuple[str, str, int] | None = None

    @classmethod
    def new(cls, difficulty: str = "warrior", cards: CardSet | None = None) -> State:
        """The state before Begin, at ``difficulty``, with ``cards`` (the shipped set when None)."""
        return cls(cards or shipped(), difficulty)

    @property
    def over(self) -> bool:
        """Whether the night has ended, won or lost."""
        return self.phase in ("won", "lost")

    @property
    def status(self) -> str:
        """The phase, as every game's state names it for the frame."""
        return self.phase

    def level(self, hero: str) -> int:
        """The level of the side ``hero`` is on (1, or 2 once promoted)."""
        return 2 if hero in self.promoted else 1

    def side(self, hero: str) -> Side:
        """The side of ``hero`` in play."""
        return self.cards.levels[hero][hero in self.promoted]

    def in_camp(self) -> tuple[str, ...]:
        """The heroes in camp, clockwise from North."""
        return tuple(filter(None, self.camp))  # hero names are never empty

    def where(self, hero: str) -> int:
        """The camp space of ``hero`` (its place in :data:`~rules.embers.cards.LOCATIONS`)."""
        return self.camp.index(hero)

    def deck(self) -> tuple[str, ...]:
        """Every card in the deck, top card first (runs sorted: their order is unknown)."""
        top = (self.top,) if self.top else ()
        return top + tuple(card for run in self.segments for card in sorted(run))

    def fire_in_deck(self) -> int:
        """How many fire cards are left in the deck: when the flames have burned them all, the night
        is lost."""
        return sum(1 for card in self.deck() if card != NIGHT)
