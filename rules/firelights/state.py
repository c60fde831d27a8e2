"""One Firelights journey's state: the Firelight, the Story Deck, the map, the curses.

Every card is in exactly one place (:func:`locations`): the draw pile, the discard pile, the map
(face up or as a hidden path), a curse's stack, or in play (drawn and awaiting the player's choice).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.errors import IllegalAction, InvalidInput
from rules.firelights.character import Character
from rules.firelights.curses import CURSES, CurseTrack, curse_named
from rules.firelights.world import WorldMap
from rules.play.draft import evolve
from rules.table.cards import FULL_DECK, Card, Deck

__all__ = ["FATIGUE_BOXES", "Pending", "State", "locations", "plain"]

#: "The Fatigue track has 5 boxes; full means all 5 marked." (RULES-NOTES)
FATIGUE_BOXES = 5


@dataclass(frozen=True)
class Pending:
    """A choice the rules leave to the player, or a follow-up action they must take."""

    #: What is asked: "keep" (Shade on Discover: which card joins the map), "hide" (Darkness on
    #: Discover: which card lies face down), "stack" (Shade on Fight: which card goes on the Curse),
    #: "curse" (which Curse is onto you, or "random"), "evade" (Darkness on Fight: Evade Danger
    #: now).
    kind: str
    #: The answers the rules allow, as :class:`~rules.firelights.actions.Choose` takes them.
    options: tuple[str, ...]
    #: The question, as the panel asks it.
    prompt: str


@dataclass(frozen=True)
class State:
    """One journey as it stands: the Firelight (None before Begin), the Story Deck, the map, the
    treasures and Fatigue, a stack per Curse (:data:`~rules.firelights.curses.CURSES`), the Curse
    faced, a choice :class:`Pending`, the cards in play, the Journey Book's entries (one per
    Rest) and ``status``."""

    #: The Firelight (None before Begin).
    character: Character | None = None
    #: The Story Deck: its draw pile and discards.
    deck: Deck = field(default_factory=Deck.full)
    #: The map: the regions placed and where the token stands.
    world: WorldMap = field(default_factory=WorldMap)
    #: Treasures held, to spend on Buy Information.
    treasures: int = 0
    #: Fatigue boxes marked (0 to 5); a Rest clears them.
    fatigue: int = 0
    #: A stack per Curse, in the rules' order: the cards put on it by fights.
    curses: tuple[CurseTrack, ...] = tuple(CurseTrack(curse.name) for curse in CURSES)
    #: The Curse onto you (its name), None when no Curse is; only fleeing or its perishing ends the
    #: fight.
    facing: str | None = None
    #: A choice the rules leave to the player, to answer before anything else; None when there is
    #: none.
    pending: Pending | None = None
    #: The cards drawn by the action in hand, before they go to the map, a stack or the discards.
    in_play: tuple[Card, ...] = ()
    #: The Journey Book's entries, one per Rest.
    book: tuple[str, ...] = ()
    #: "playing", "complete" (six beacons lit) or "extinguished".
    status: str = "playing"

    def curse(self, name: str) -> CurseTrack:
        """The track of the Curse ``name``; an unknown name is refused, naming the Curses."""
        curse_named(name)  # an unknown name is refused, naming the Curses
        for track in self.curses:
            if track.name == name:
                return track
        raise InvalidInput(f"this journey keeps no stack for the Curse {name!r}")

    @property
    def living_curses(self) -> tuple[str, ...]:
        """The names of the Curses that have not perished: the ones that can still be onto you."""
        return tuple([track.name for track in self.curses if not track.perished])

    @property
    def fatigue_full(self) -> bool:
        """Whether every Fatigue box is marked: rest, flee or push on at your peril."""
        return self.fatigue >= FATIGUE_BOXES

    @property
    def exhausted(self) -> bool:
        """Fatigue full or the Story Deck empty: "you have to rest or flee to live another day, or
        risk extinguishing your light". With Fatigue full the player may push on (see
        :func:`rules.firelights.moves.risk`); an empty deck must be rested first."""
        return self.fatigue >= FATIGUE_BOXES or not self.deck.draw_pile  # fatigue_full, read here

    @property
    def beacons_lit(self) -> int:
        """How many beacons are lit: six completes the journey."""
        return self.world.lit

    @property
    def over(self) -> bool:
        """Whether the journey has ended, complete or extinguished."""
        return self.status != "playing"

    def with_curse(self, track: CurseTrack) -> State:
        """This state with ``track`` in place of its Curse's track."""
        return self.evolve(curses=self.curses_with(track))

    def curses_with(self, track: CurseTrack) -> tuple[CurseTrack, ...]:
        """The curse tracks with ``track`` in place of the track of its Curse."""
        return tuple([track if t.name == track.name else t for t in self.curses])

    def evolve(self, **changes: Any) -> State:
        """This state with ``changes``: :func:`dataclasses.replace` for the values the rules
        engine makes itself (a state has nothing to check on creation), at a fraction of its
        cost (:func:`rules.play.draft.evolve`)."""
        return evolve(self, **changes)


def plain(state: State) -> State:
    """``state`` again, its fields a plain dict of its own. A State its constructor made keeps
    its fields in a layout shared by all so made, which the interpreter reads the slow way; a
    copy whose dict is built whole (:func:`rules.play.draft.evolve`, and every action's new
    state, :class:`~rules.firelights.turn.Turn`) reads fast. So a journey begins with a plain
    state (:meth:`~rules.firelights.game.Firelights.initial`), and every state after it is one."""
    return evolve(state)


def locations(state: State) -> dict[Card, str]:
    """Where each card is; raises when a card is missing or in two places."""
    places: dict[Card, str] = {}

    def put(cards: Iterable[Card], where: str) -> None:
        for card in cards:
            if card in places:
                raise IllegalAction(f"{card} is both in the {places[card]} and the {where}")
            places[card] = where

    put(state.deck.draw_pile, "draw pile")
    put(state.deck.discard_pile, "discard pile")
    put((r.card for r in state.world.regions if r.face_up), "map")
    put((r.card for r in state.world.regions if not r.face_up), "hidden path")
    for track in state.curses:
        put(track.stack, f"{track.name} stack")
    put(state.in_play, "cards in play")
    missing = FULL_DECK - places.keys()
    if missing:
        raise IllegalAction(f"cards lost: {sorted(map(str, missing))}")
    return places
