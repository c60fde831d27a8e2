"""One action at work: the new state it fills in, and the lines of its report.

Why the lines may be None: a rollout (advice, :func:`rules.firelights.chance_to_complete`) plays
thousands of actions and reads none of their reports, so a quiet turn is told nothing, and the
text of its report, the larger part of some actions' cost, is never written. What the action does
to the state is the same either way: only the words are left out.
"""

from __future__ import annotations

from rules.firelights.state import FATIGUE_BOXES, Pending, State
from rules.play.draft import Draft, slots
from rules.table.cards import Card
from rules.table.dice import Roll

__all__ = ["ACTION_DICE", "Turn", "place", "reveal", "stack"]

#: The two Action Dice ("Roll and sum your two Action Dice").
ACTION_DICE = Roll(2)


class Turn(Draft[State]):
    """The state being built by one action, and the report lines so far (None: a quiet turn,
    whose report nobody reads, writes none).

    A :class:`~rules.play.draft.Draft` of the state the action was taken in: ``state`` is the
    action's own new state, a copy that nothing else holds until the action returns it, so the
    action writes each change into its ``fields`` where they lie, rather than copying it again
    for every change, or calling a method per change (a rollout makes millions). The engine
    names the fields itself, so they are not checked again here (:meth:`~Draft.set` and
    :meth:`~rules.firelights.state.State.evolve` check names given from outside; every test
    that plays an action would fail on a misspelt one). What each Action does is given one
    (:data:`rules.firelights.game.EFFECTS`).
    """

    __slots__ = slots(State, "lines")
    #: The report's lines so far; None: a quiet turn, whose report nobody reads, writes none.
    lines: list[str] | None

    def __init__(self, begun: State, lines: list[str] | None) -> None:
        """The turn of an action taken in ``begun``: its new state a copy of it, to fill in."""
        self.take(begun)
        self.lines = lines

    def say(self, line: str) -> None:
        """Add a line to the report (a quiet turn drops it; a line worth the cost of writing
        is asked for only when ``lines`` is not None)."""
        if self.lines is not None:
            self.lines.append(line)

    def fatigue(self, boxes: int) -> None:
        """Mark Fatigue: marked while the track is full, it extinguishes the light ("or risk
        extinguishing your light"); marked from below, it stops at full."""
        if self.state.fatigue_full:
            self.fields["status"] = "extinguished"
            self.say(
                f"{boxes} Fatigue marked while your Fatigue is full: your light is extinguished"
            )
            return
        marked = self.state.fatigue + boxes
        self.fields["fatigue"] = min(marked, FATIGUE_BOXES)
        if self.lines is None:
            return
        stopped = " (the track stops at full)" if marked > FATIGUE_BOXES else ""
        self.say(f"mark {boxes} Fatigue ({self.state.fatigue}/{FATIGUE_BOXES}){stopped}")
        if self.state.fatigue_full:
            self.say("your Fatigue is full: rest or flee, or push on at the risk of your light")

    def discard(self, cards: tuple[Card, ...]) -> None:
        """Discard cards this action drew, or the cards in play (the state's invariants keep
        each card in one place: :func:`~rules.firelights.state.locations`)."""
        self.fields["deck"] = self.state.deck.discard_drawn(cards)

    def ask(self, kind: str, options: tuple[str, ...], prompt: str) -> None:
        """Leave a choice to the player (the Pending built at once: its fields are the
        engine's own, and a frozen dataclass's constructor sets each through a call)."""
        pending = object.__new__(Pending)
        pending.__dict__.update(kind=kind, options=options, prompt=prompt)
        self.fields["pending"] = pending
        if self.lines is not None:
            self.lines.append(prompt)


def place(turn: Turn, card: Card, face_up: bool = True) -> None:
    """Put ``card`` on the map (face down: a hidden path)."""
    world = turn.state.world
    where = world.placement(card) if turn.lines is not None else ""  # before the map changes
    world = world.place(card, face_up=face_up)
    turn.fields["world"] = world
    if turn.lines is None:
        return
    region = world.regions[-1]
    if not where:
        turn.say(f"you start at {card.label}: this is where you are right now")
    elif not face_up:
        # Named as the map, the dropdowns and Advice name it in this moment (one name).
        turn.say(f"{world.describe(region.at)} lies face down")
    else:
        beacon = " — it holds a beacon" if region.beacon else ""
        turn.say(f"{card.label} joins the map {where}{beacon}")


def reveal(turn: Turn, target: tuple[int, int]) -> None:
    """Turn the hidden path at ``target`` face up."""
    name = turn.state.world.describe(target) if turn.lines is not None else ""
    world = turn.state.world.reveal(target)
    turn.fields["world"] = world
    if turn.lines is not None:
        region = world[target]
        beacon = " — it holds a beacon" if region.beacon else ""
        turn.say(f"{name} is revealed: {region.card.label}{beacon}")


def stack(turn: Turn, cards: tuple[Card, ...]) -> None:
    """Stack ``cards`` on the Curse you face; it perishes when they reach its Strength."""
    assert turn.state.facing is not None
    track = turn.state.curse(turn.state.facing).add(cards)
    turn.fields["curses"] = turn.state.curses_with(track)
    if turn.lines is not None:
        labels = " ".join(card.label for card in cards)
        turn.say(f"{labels} stacked on {track.name}: {track.count}/{track.curse.strength}")
    if track.perished:
        turn.fields["facing"] = None
        turn.say(f"{track.name} fades away and perishes")
