"""One Voidlight expedition's state: the crew (1 to 6 characters, each with their own last Check
for Push and its cost), the Voidlight they share, the expedition clock, the Encounter Pools and
foes, any pending choice and the saves queued behind it.

"The crew shares a Voidlight": everything but the characters' sheets is the crew's. Solo is a
crew of one, and :attr:`State.character`, :attr:`State.sheet` and :attr:`State.last_check` read
that one character (with more, the first who joined).

Every field is a frozen dataclass, a tuple or a scalar, so a state is a value (and the Journey
Book's codec can snapshot it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.errors import IllegalAction, InvalidInput
from rules.play.draft import evolve
from rules.voidlight.character import (
    POINTS,
    STANDINGS,
    START_HP,
    Character,
    Condition,
    LastCheck,
)
from rules.voidlight.pools import BEAMS, FULL

__all__ = [
    "CREW_MOST",
    "DARK_EVERY",
    "STATUSES",
    "Clock",
    "EncounterPool",
    "Enemy",
    "LastCheck",
    "Pending",
    "State",
    "Voidlight",
    "check",
    "crew_index",
    "crew_status",
    "evolve",
]


#: "When the Voidlight dies and every 5 minutes after, each character makes a Critical Save."
DARK_EVERY = 5
#: The expedition: "creating" (no character yet), "standing" (someone stands), "dying" (no one
#: stands, someone is taken out), "lost" (every character lost to the dark: it is over). A crew
#: of one is where its character is.
STATUSES = ("creating", "standing", "dying", "lost")
#: A crew of 1 to 6 characters.
CREW_MOST = 6


def crew_status(crew: tuple[Character, ...]) -> str:
    """The expedition's status from its crew's (see :data:`STATUSES`)."""
    if not crew:
        return "creating"
    if len(crew) == 1:  # solo, every sheet a Check changes: the one character's own
        status = crew[0].status
        return status if status in STANDINGS else "lost"
    return next((s for s in STANDINGS if any(c.status == s for c in crew)), "lost")


@dataclass(frozen=True)
class Voidlight:
    """The shared P6 pool and its beam mode ("high", "standard", "low")."""

    #: Dice left in the pool (6 with a new Battery, 0 when dead).
    dice: int = FULL
    #: The beam mode: "high", "standard" or "low".
    beam: str = "standard"

    @property
    def dead(self) -> bool:
        """ "When emptied, the Battery is spent": the light is dead until a new battery."""
        return self.dice == 0


@dataclass(frozen=True)
class Clock:
    """Expedition time in minutes, and when the Voidlight and the dark next call for a roll."""

    #: Expedition time now, in minutes.
    minute: int = 0
    #: Where the clock is heading: an Elapse stopped by a pending choice owes the difference.
    until: int = 0
    #: "interval" (the Voidlight rolled every ``interval`` minutes) or "scenes" (rolled by hand,
    #: between scenes).
    timer: str = "interval"
    #: Minutes between two rolls on the timer.
    interval: int = 20
    #: The minute of the next roll on the timer.
    next_roll: int | None = 20
    #: The minute of the next Critical Save in the dark (None while the light lives).
    dark_next: int | None = None

    @property
    def owed(self) -> int:
        """Minutes an Elapse stopped by a choice still owes, played once it is answered."""
        return self.until - self.minute

    @property
    def every(self) -> str:
        """How often the interval timer rolls, in words: "every minute", "every 20 minutes".

        >>> Clock(interval=1).every, Clock().every
        ('every minute', 'every 20 minutes')
        """
        return "every minute" if self.interval == 1 else f"every {self.interval} minutes"


@dataclass(frozen=True)
class EncounterPool:
    """A named Event Pool: "When the Pool is emptied, the encounter arrives."."""

    #: The pool's name.
    name: str
    #: Dice left: at none, the encounter arrives.
    dice: int


@dataclass(frozen=True)
class Enemy:
    """A foe met, with its tier in the Hit Point guide and its Hit Points."""

    #: The enemy's name.
    name: str
    #: "lesser", "hardened" or "deadly".
    tier: str
    #: Hit Points left.
    hp: int
    #: Hit Points it began with.
    max_hp: int


@dataclass(frozen=True)
class Pending:
    """A choice the rules leave to the player, answered before play goes on."""

    #: "save" (a Critical Save is due), "drop" (an item to drop to make room), "falls" / "breaks"
    #: (which piece of equipment), "condition" (which condition to gain).
    kind: str
    #: The answers allowed.
    options: tuple[str, ...]
    #: The question, as the panel asks it.
    prompt: str
    #: Why: for a save "hit points", "slots" or "dark"; for a drop "worsens" when a condition grows.
    reason: str = ""
    #: The condition waiting for room.
    condition: Condition | None = None
    #: The condition that grows, by its place.
    index: int = -1
    #: The character it is asked of (their name).
    who: str = ""

    @property
    def asked(self) -> str:
        """The prompt without the name it begins with in a crew ("Vex: In the dark: ..." reads
        "In the dark: ..."), for a line that names ``who`` already."""
        return self.prompt.removeprefix(f"{self.who}: ") if self.who else self.prompt


@dataclass(frozen=True)
class State:
    """One expedition as it stands: the crew, the Voidlight and the clock, the Encounter Pools and
    the enemies, a choice :class:`Pending` and the saves queued after it, ``status`` (one of
    :data:`~rules.voidlight.state.STATUSES`) and the options the journey was begun with."""

    #: The characters in the order they joined (the lost stay, marked).
    crew: tuple[Character, ...] = ()
    #: The Voidlight, the crew's shared pool.
    light: Voidlight = field(default_factory=Voidlight)
    #: Expedition time, and what falls due when.
    clock: Clock = field(default_factory=Clock)
    #: The Encounter Pools in play.
    encounters: tuple[EncounterPool, ...] = ()
    #: The enemies met.
    enemies: tuple[Enemy, ...] = ()
    #: A choice the rules leave to the player, answered before play goes on.
    pending: Pending | None = None
    #: Saves due after the pending one, asked one after another ("each character makes a
    #: Critical Save").
    queue: tuple[Pending, ...] = ()
    #: One of :data:`STATUSES`.
    status: str = "creating"
    #: Encounter Pools started so far, which names an unnamed one.
    pools_started: int = 0
    #: The creation options (house rules): points to spread, starting max Hit Points.
    points: int = POINTS
    #: Starting max Hit Points (a creation option).
    start_hp: int = START_HP
    #: The "costs" option: "due" (a Check's cost is owed until taken or skipped) or "lapse"
    #: (journeys recorded before it: the next Check or rest lets it go). See rules.voidlight.owed.
    costs: str = "lapse"
    #: "using a timer hidden from the players": a seat shows no countdown (group play's default).
    hidden_timer: bool = False
    #: Who plays from a seat at a shared table: (character's name, seat id, player's name), in
    #: the order they sat (:mod:`rules.voidlight.seats`). The GM's table is no seat.
    seats: tuple[tuple[str, str, str], ...] = ()

    @property
    def over(self) -> bool:
        """Whether the expedition is over: every character lost to the dark."""
        return self.status == "lost"

    @property
    def character(self) -> Character | None:
        """The character of a crew of one (with more, the first who joined); None before one."""
        return self.crew[0] if self.crew else None

    @property
    def sheet(self) -> Character:
        """The first character's sheet (the one of a crew of one)."""
        assert self.crew, "no character yet"
        return self.crew[0]

    @property
    def last_check(self) -> LastCheck | None:
        """The last Check of :attr:`character`."""
        return self.crew[0].last_check if self.crew else None

    @property
    def names(self) -> tuple[str, ...]:
        """The crew's names, in the order they joined."""
        return tuple(c.name for c in self.crew)

    def index(self, who: object) -> int:
        """Where the character named ``who`` (any case) is in the crew. Blank names the only
        character of a crew of one; else an error naming ``who`` and the crew."""
        return crew_index(self, who)

    def _listed(self) -> str:
        """The crew's names for a refusal (written only when one is raised)."""
        return ", ".join(map(repr, self.names)) or "no one yet"

    def member(self, who: object) -> Character:
        """The character named ``who`` (see :meth:`index`)."""
        return self.crew[self.index(who)]

    def pool(self, name: object) -> int:
        """The index of the Encounter Pool called ``name`` (any case); else an error naming it."""
        if isinstance(name, str):
            for index, pool in enumerate(self.encounters):
                if pool.name.casefold() == name.strip().casefold():
                    return index
        names = ", ".join(repr(p.name) for p in self.encounters) or "none"
        raise IllegalAction(f"there is no Encounter Pool {name!r}: the pools are {names}")

    def with_clock(self, **changes: object) -> State:
        """This state with the clock's ``changes``."""
        return evolve(self, clock=evolve(self.clock, **changes))


def crew_index(state: State, who: object) -> int:
    """:meth:`State.index` (a function: every action about a character asks it, and CPython 3.11
    calls a method of a state, whose fields are a dict of its own, the slow way)."""
    crew = state.crew
    if not crew:
        raise IllegalAction(f"there is no character yet to name: create one first ({who!r})")
    if who is None or who == "":
        if len(crew) == 1:
            return 0
        raise IllegalAction(f"say who: the crew is {state._listed()}")
    if isinstance(who, str):
        folded = who.strip().casefold()
        for index, character in enumerate(crew):
            if character.name.casefold() == folded:
                return index
    raise IllegalAction(f"{who!r} is not in the crew: the crew is {state._listed()}")


def check(state: State) -> None:
    """The invariants a state keeps that its parts do not check as they are built (a loaded
    snapshot is checked against them; the sheet checks its own Hit Points, Attributes, Credits
    and slots): the Voidlight 0 to 6 dice with a known beam, Encounter Pools of 1 to 6 dice,
    foes' Hit Points within their most, the clock never ahead of where it is heading."""
    light, clock = state.light, state.clock
    _within("the Voidlight Pool's dice", light.dice, 0, FULL)
    if light.beam not in BEAMS:
        raise InvalidInput(f"the beam is one of {', '.join(BEAMS)}, not {light.beam!r:.40}")
    for pool in state.encounters:
        _within(f"the dice of Encounter Pool {pool.name!r:.40}", pool.dice, 1, 6)
    for foe in state.enemies:
        _within(f"the Hit Points of {foe.name!r:.40}", foe.hp, 0, foe.max_hp)
    _within("the clock's minute (never past where it is heading)", clock.minute, 0, clock.until)
    if clock.timer not in ("interval", "scenes"):
        raise InvalidInput(f"the timer is 'interval' or 'scenes', not {clock.timer!r:.40}")
    if state.costs not in ("due", "lapse"):
        raise InvalidInput(f"the 'costs' option is 'due' or 'lapse', not {state.costs!r:.40}")
    if state.status not in STATUSES:
        raise InvalidInput(f"an expedition is {', '.join(STATUSES)}, not {state.status!r:.40}")
    if len(state.crew) > CREW_MOST:
        raise InvalidInput(f"a crew is 1 to {CREW_MOST} characters, not {len(state.crew)}")
    folded = [name.casefold() for name in state.names]
    if len(set(folded)) != len(folded):
        raise InvalidInput(f"each of the crew has a name of their own, not {state.names!r:.80}")
    for asked in (state.pending, *state.queue):
        if asked is not None and asked.who and asked.who not in state.names:
            raise InvalidInput(f"a choice is asked of one of the crew, not {asked.who!r:.40}")
    seated = [name for name, _seat, _player in state.seats]
    if not set(seated) <= set(state.names) or len(set(seated)) != len(seated):
        raise InvalidInput(f"each seat plays one of the crew, once: not {seated!r:.80}")
    if state.pending is None and state.queue:
        raise InvalidInput("saves wait in the queue only behind one that is asked")
    if state.status != crew_status(state.crew):
        raise InvalidInput(
            f"an expedition whose crew is {crew_status(state.crew)!r} is not {state.status!r:.40}"
        )


def _within(what: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{what} is {low} to {high}, not {value!r:.40}")
