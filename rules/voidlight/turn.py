"""The state being built by one action, and the report lines so far (shared by the rule modules).

Why a character index: the rule modules speak of "the character" (their sheet, their Hit Points,
their save); in a crew, the turn says which one, so one rule text serves a crew of one and of six.

Why the lines may be None: a rollout (a simulation, advice) plays thousands of actions and reads
none of their reports, so a quiet turn (:func:`rules.voidlight.game.apply_quietly`) is told
nothing, and a line that costs something to write is written only when ``lines`` is not None.
What the action does to the state is the same either way: only the words are left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from rules.play.draft import Draft, slots
from rules.voidlight.character import Character, recheck
from rules.voidlight.report import Secret
from rules.voidlight.state import Clock, Pending, State, crew_status, evolve

__all__ = ["Result", "Turn"]

#: What an action's handler returns for its report: its outcome and its Hits (None for none).
Result = tuple[str | None, int | None]

#: The fields of a Clock, for :meth:`Turn.clock` (the check :func:`evolve` makes, made here).
_CLOCK = frozenset(Clock.__dataclass_fields__)
_set = object.__setattr__
_new = object.__new__


class Turn(Draft[State]):
    """One action at work on its own new state (:meth:`of`), and what it reports.

    A :class:`~rules.play.draft.Draft` of the state the action was taken in: ``state`` is a copy
    of it that nothing else holds until the action returns it, so each change is written into
    its ``fields`` where they lie, not copied into yet another State (an action changes it
    several times; a simulation plays millions). The clock is copied on its first change in the
    turn and then changed in place, likewise. The values in the fields (a sheet, the light, a
    pending choice) stay frozen: they are replaced. ``clock_fields`` is the clock's dict once
    copied.
    """

    __slots__ = slots(State, "lines", "dice", "who", "own_clock", "clock_fields")
    #: The report's lines so far; None: a quiet turn, whose report nobody reads, writes none.
    lines: list[str] | None
    #: The dice an action rolled, in order (for the report), and what its main roll came to.
    dice: list[int]
    #: Where the character the action is about sits in the crew.
    who: int
    #: The clock this turn made (None: the state's is still the one it was taken with).
    own_clock: Clock | None
    #: The clock's own fields once the turn has copied it, changed in place.
    clock_fields: dict[str, Any]

    def __init__(self, state: State, *, who: int = 0) -> None:
        """The turn of an action taken in ``state`` about character ``who``, its report written
        (:meth:`of` is the engine's own, quiet or not)."""
        self.take(state)
        self.lines, self.dice, self.who, self.own_clock = [], [], who, None

    @classmethod
    def of(cls, state: State, lines: list[str] | None, who: int = 0) -> Turn:
        """The turn of an action taken in ``state``: its new state a copy of it, to fill in
        (``lines`` None: a quiet turn)."""
        turn = _new(cls)  # its fields set here: calling a class is the slow way to make one
        turn.take(state)
        turn.lines, turn.dice, turn.who, turn.own_clock = lines, [], who, None
        return turn

    @property
    def sheet(self) -> Character:
        """The sheet of the character this action is about."""
        return self.state.crew[self.who]

    @property
    def name(self) -> str:
        """That character's name."""
        return self.sheet.name

    @property
    def crewed(self) -> bool:
        """More than one character: lines about one of them name them."""
        return len(self.state.crew) > 1

    def put(self, character: Character) -> None:
        """Replace the acting character's sheet (the expedition's status follows the crew's)."""
        fields = self.fields
        crew = fields["crew"]
        if len(crew) == 1:  # solo: no list to build
            crew = (character,)
        else:
            changed = list(crew)
            changed[self.who] = character
            crew = tuple(changed)
        fields["crew"] = crew
        fields["status"] = crew_status(crew)

    def update(self, **changes: Any) -> None:
        """Change the acting character's sheet. A sheet checks itself when made (its scores,
        Hit Points, slots); a change of the fields :func:`recheck` knows is copied and only
        what changed is checked again (what every Check, cost and save changes)."""
        crew = self.fields["crew"]
        sheet = crew[self.who]
        new = recheck(sheet, changes)
        if new is None:
            new = replace(sheet, **changes)
        if len(crew) == 1:  # solo, every Check and cost: put() without its call
            crew = (new,)
            self.fields["crew"], self.fields["status"] = crew, crew_status(crew)
        else:
            self.put(new)

    def clock(self, **changes: Any) -> None:
        """Change the clock (an unknown field is refused): copied on the turn's first change,
        then changed in place (an Elapse moves it several times)."""
        if not _CLOCK.issuperset(changes):
            raise TypeError(f"a Clock has no field {sorted(set(changes) - _CLOCK)}")
        fields = self.fields
        clock = self.own_clock
        if clock is None or fields["clock"] is not clock:
            clock = self.own_clock = _new(Clock)
            self.clock_fields = copied = dict(fields["clock"].__dict__)
            _set(clock, "__dict__", copied)
            fields["clock"] = clock
        self.clock_fields.update(changes)

    def say(self, line: str) -> None:
        """Add a line to the report (a quiet turn drops it)."""
        if self.lines is not None:
            self.lines.append(line)

    def secret(self, line: str, players: str = "") -> None:
        """Add a line that tells the GM's timer; the players' seats read ``players`` instead
        (nothing when blank) when the GM hides it (:class:`rules.voidlight.report.Secret`)."""
        if self.lines is not None:
            self.lines.append(Secret(line, players))

    def tell_secret(self, line: str, players: str) -> None:
        """A line about the acting character (named in a crew) that tells an expedition minute:
        the players' seats read ``players``, the same without the minute, when the GM hides the
        timer (a minute beside a roll of the light would time the next one)."""
        if self.lines is not None:
            named = f"{self.name}: " if self.crewed else ""
            self.lines.append(Secret(f"{named}{line}", f"{named}{players}"))

    def tell(self, line: str) -> None:
        """A line about the acting character: named in a crew (``Kai: ...``)."""
        if self.lines is not None:
            self.lines.append(f"{self.name}: {line}" if self.crewed else line)

    @contextmanager
    def acting(self, who: int) -> Iterator[None]:
        """The rules speak of character ``who`` inside (a clock event, a save in the dark)."""
        before, self.who = self.who, who
        try:
            yield
        finally:
            self.who = before

    def ask(self, pending: Pending) -> None:
        """Ask the acting character a choice; behind one already asked, it waits in the queue."""
        asked = evolve(pending, who=self.name)
        if self.crewed:
            asked = evolve(asked, prompt=f"{self.name}: {pending.prompt}")
        if self.state.pending is None:
            self.set(pending=asked)
            self.say(asked.prompt)
        else:
            self.set(queue=(*self.state.queue, asked))

    def next_asked(self) -> None:
        """With no choice pending, ask the next queued one (its character acting)."""
        if self.state.pending is None and self.state.queue:
            first, *rest = self.state.queue
            self.set(pending=first, queue=tuple(rest))
            self.say(first.prompt)
