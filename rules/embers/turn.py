"""One Embers action resolving: :class:`~rules.embers.turn.Work`, a mutable copy of the state, with
the deck's and the turn's own steps (reveal a card, spawn, start the actions, the attacks, the
reinforcements).

:func:`rules.embers.game.apply` copies the state into a :class:`~rules.embers.turn.Work`, lets the
action's handler change it and freezes it again. ``words`` says whether the report's lines are
written: a rollout (:func:`rules.embers.game.advance`) reads none, so it builds none; the game is
the same.

Why :class:`Work` still writes out the state's fields as annotations: the copy in, the freeze out
and the slots all come from :class:`~rules.embers.state.State`'s field list, but a type checker
reads a class's attributes only from its own source, and every way to name the fields once for
mypy --strict costs more than the list it saves.

- Work cannot be a subclass of State: a named tuple cannot be changed in place, and mypy reads
  its fields as read-only properties (``self.hours -= 1`` is refused).
- The fields cannot live in a base class or a Protocol that State and Work share: a class made
  with ``NamedTuple`` takes no base but ``Generic``, and a Protocol would name them again.
- A frozen dataclass's draft (Firelights', Voidlight's) names nothing twice, but writes its fields
  into a ``dict[str, Any]``: mypy would check none of the engine's writes.
- A stub (``turn.pyi``) hides the module's code from mypy and still lists the fields; a mypy
  plugin that copies State's fields into Work leaves every other checker and editor (pyright,
  Pylance) reporting each field as unknown, on a plugin interface mypy does not keep stable.

So the annotations stay, and cannot drift: :class:`~rules.play.draft.Draft` checks them against
State's own when the class is made (a field left out, extra or typed otherwise is refused).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TypeVar

from rules.embers.cards import LOCATIONS, CardSet
from rules.embers.state import NIGHT, State
from rules.play.draft import Draft, slots
from rules.table.chance import Pick, Source

__all__ = ["INDEX", "NIGHT_RUN", "Work", "pick", "put"]

T = TypeVar("T")

#: The Night card as a run of its own in the deck, so its place is always known.
NIGHT_RUN = (NIGHT,)
#: Each location's place on the ring, by name.
INDEX = {name: i for i, name in enumerate(LOCATIONS)}
#: A pick among a run's cards, one value per run (a pick is immutable; building one checks it).
pick = lru_cache(maxsize=1 << 14)(Pick)


def put(items: tuple[T, ...], i: int, item: T) -> tuple[T, ...]:
    """``items`` with ``item`` in place ``i``: the ring and the deck stay tuples while an action
    resolves (most actions change one place, or none, where a copy to a list and back costs all
    eight)."""
    return (*items[:i], item, *items[i + 1 :])


class Work(Draft[State]):
    """A mutable copy of a state while one action resolves (:class:`~rules.play.draft.Draft`:
    its fields are the state's own, copied in and frozen out by code written from the state's
    field list), and the report's ``lines`` when ``words`` asks for them. The deck's runs, the
    wild and the camp stay tuples, a changed place replaced (:func:`put`)."""

    __slots__ = slots(State, "chance", "words", "lines", "revealed", "outcome")
    # The state's fields as the type checker reads them on a draft (checked against State's
    # own when the class is made: a field missing, extra or of another type is refused).
    cards: CardSet
    difficulty: str
    phase: str
    turn: int
    top: str | None
    segments: tuple[tuple[str, ...], ...]
    forage: tuple[str, ...]
    hand: tuple[str, ...]
    wild: tuple[tuple[str, ...], ...]
    camp: tuple[str | None, ...]
    promoted: frozenset[str]
    tent: tuple[str, ...]
    fallen: frozenset[str]
    hours: int
    last_hour: bool
    spawns_left: int
    event: str | None
    points: tuple[tuple[str, int], ...]
    current: str | None
    attacked: frozenset[int]
    bonus: bool
    reason: str
    night: str
    paused: tuple[str, str, int] | None
    #: Where the action's cards come from.
    chance: Source
    #: Whether the report's lines are written (a rollout reads none).
    words: bool
    #: The report's lines so far.
    lines: list[str]
    #: The cards revealed so far, in order: the report's chance outcomes.
    revealed: list[str]
    #: What the action came to, for its report.
    outcome: str

    def __init__(self, state: State, chance: Source, words: bool = True) -> None:
        self.take(state)
        self.chance = chance
        self.words = words
        self.lines = []
        self.revealed = []
        self.outcome = ""

    def lose(self, why: str) -> None:
        """The night is lost, for the reason ``why``."""
        self.phase, self.reason = "lost", why
        if self.words:
            self.lines.append(f"lost: {why}")

    def level_1_in_camp(self) -> list[str]:
        """The heroes in camp still on their level-1 side: whom a free promote could flip."""
        return [h for h in self.camp if h is not None and h not in self.promoted]

    # --- the deck ---

    def reveal(self) -> None:
        """Reveal the next card on top of the deck, resolving the Night card on the way."""
        while True:
            segments = self.segments
            # no fire card left: the deck is empty or only the Night card (runs are never empty)
            if not segments or (len(segments) == 1 and segments[0] == NIGHT_RUN):
                self.top = None
                self.lose("the deck ran out of fire cards")
                return
            run = segments[0]
            if len(run) == 1:
                card = run[0]
                self.segments = segments[1:]
            else:
                card = self.chance.resolve(pick(run))
                i = run.index(card)
                self.segments = (run[:i] + run[i + 1 :], *segments[1:])
            self.revealed.append(card)
            if card != NIGHT:
                self.top = card
                return
            if self.hours > 1:
                if self.difficulty != "veteran" and self.level_1_in_camp():
                    self.bonus = True
                if self.words:
                    self.lines.append(
                        f"the Night card: {self.hours} hours to dawn, now {self.hours - 1}"
                    )
                self.hours -= 1
                self.segments = (*self.segments, NIGHT_RUN)
            else:
                self.last_hour = True
                if self.words:
                    self.lines.append(
                        "the Night card: 1 hour to dawn, set aside; survive this turn"
                    )

    def take_top(self) -> str:
        """Take the top card (to spawn its monster) and reveal the next."""
        card = self.top
        assert card is not None
        self.top = None
        self.reveal()
        return card

    # --- the turn ---

    def spawn(self) -> None:
        """Spawn the monsters still due this turn, each where the new top card says, stepping past
        heroes; then start the actions (unless a Night card bonus waits)."""
        card = self.cards.named
        while self.spawns_left > 0 and self.phase == "spawn" and not self.bonus:
            monster = self.take_top()
            if self.phase == "lost" or self.top is None:
                self.top = monster  # nowhere to spawn: the card stays on the deck
                return
            where = card[self.top].location
            held = card[monster].monster
            moves = held.moves
            while moves > 0 and self.camp[where] is not None:
                where, moves = (where + 1) % 8, moves - 1
            self.wild = put(self.wild, where, (*self.wild[where], monster))
            self.spawns_left -= 1
            if self.words:
                self.lines.append(f"{held.name} spawns at {LOCATIONS[where]}")
        if self.phase == "spawn" and not self.bonus:
            self.start_actions()

    def start_actions(self) -> None:
        """Start the actions: the top card's event applies, and each hero in camp gets its action
        points."""
        self.phase = "actions"
        event = self.event = self.top
        bonus = 0
        if event is not None:
            card = self.cards.named[event]
            if card.mark and self.difficulty == "recruit":
                self.event = None
            elif card.event.kind == "ap":
                bonus = card.event.amount
        points = []
        levels, promoted = self.cards.levels, self.promoted
        for hero in self.camp:
            if hero is not None:
                passive = levels[hero][hero in promoted].passive
                have = 2 + bonus + (passive.amount if passive.kind == "extra_ap" else 0)
                points.append((hero, have if have > 0 else 0))  # a negative event: none
        self.points = tuple(points)
        self.current = None

    def start_attacks(self) -> None:
        """Start the attacks, or the reinforcements when no monster is left to attack."""
        self.phase = "attacks"
        attacked = self.attacked
        for i, stack in enumerate(self.wild):
            if stack and i not in attacked:
                return
        self.start_reinforce()

    def start_reinforce(self) -> None:
        """Start the reinforcements."""
        self.phase = "reinforce"
