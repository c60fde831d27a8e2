"""One Voidlight expedition's state: the character, the Voidlight, the expedition clock, the
Encounter Pools and foes, the last Check (for Push and its cost) and any pending choice.

Every field is a frozen dataclass, a tuple or a scalar, so a state is a value (and the Journey
Book's codec can snapshot it).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.errors import IllegalAction, InvalidInput
from rules.voidlight.character import POINTS, START_HP, Character, Condition
from rules.voidlight.pools import BEAMS, FULL

__all__ = [
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
]

#: "When the Voidlight dies and every 5 minutes after, each character makes a Critical Save."
DARK_EVERY = 5
#: "creating" (no character yet), "standing", "dying" (taken out), "lost" (to the dark).
STATUSES = ("creating", "standing", "dying", "lost")


@dataclass(frozen=True)
class Voidlight:
    """The shared P6 pool and its beam mode ("high", "standard", "low")."""

    dice: int = FULL
    beam: str = "standard"

    @property
    def dead(self) -> bool:
        """ "When emptied, the Battery is spent": the light is dead until a new battery."""
        return self.dice == 0


@dataclass(frozen=True)
class Clock:
    """Expedition time in minutes. ``minute`` is now; ``until`` is where the clock is heading (an
    Elapse stopped by a pending choice owes ``until - minute`` minutes, played once it is
    answered). ``timer`` is "interval" (the Voidlight rolled every ``interval`` minutes, next at
    ``next_roll``) or "scenes" (rolled by hand, between scenes); ``dark_next`` is the minute of
    the next Critical Save in the dark (None while the light lives)."""

    minute: int = 0
    until: int = 0
    timer: str = "interval"
    interval: int = 20
    next_roll: int | None = 20
    dark_next: int | None = None

    @property
    def owed(self) -> int:
        return self.until - self.minute


@dataclass(frozen=True)
class EncounterPool:
    """A named Event Pool: "When the Pool is emptied, the encounter arrives."."""

    name: str
    dice: int


@dataclass(frozen=True)
class Enemy:
    """A foe met, with its tier in the Hit Point guide and its Hit Points."""

    name: str
    tier: str
    hp: int
    max_hp: int


@dataclass(frozen=True)
class LastCheck:
    """The last Check, kept so it can be pushed once and its cost taken (or skipped) once."""

    attribute: str
    position: str
    faces: tuple[int, ...]
    hits: int
    outcome: str
    pushed: bool = False
    #: Its cost is taken or skipped: nothing more is owed for it.
    costed: bool = False

    @property
    def misses(self) -> int:
        return len(self.faces) - self.hits


@dataclass(frozen=True)
class Pending:
    """A choice the rules leave to the player, answered before play goes on.

    ``kind``: "save" (a Critical Save is due: which attribute, answered by Save; ``reason`` "hit
    points", "slots" or "dark"), "drop" (which item to drop to make room for ``condition``, or,
    ``reason`` "worsens", for condition number ``index`` to fill one more slot), "falls" /
    "breaks" (which piece of equipment), "condition" (which condition to gain).
    """

    kind: str
    options: tuple[str, ...]
    prompt: str
    reason: str = ""
    condition: Condition | None = None
    index: int = -1


@dataclass(frozen=True)
class State:
    character: Character | None = None
    light: Voidlight = field(default_factory=Voidlight)
    clock: Clock = field(default_factory=Clock)
    encounters: tuple[EncounterPool, ...] = ()
    enemies: tuple[Enemy, ...] = ()
    last_check: LastCheck | None = None
    pending: Pending | None = None
    status: str = "creating"
    pools_started: int = 0
    #: The creation options (house rules): points to spread, starting max Hit Points.
    points: int = POINTS
    start_hp: int = START_HP
    #: The "costs" option: "due" (a Check's cost is owed until taken or skipped) or "lapse"
    #: (journeys recorded before it: the next Check or rest lets it go). See rules.voidlight.owed.
    costs: str = "lapse"

    @property
    def over(self) -> bool:
        return self.status == "lost"

    @property
    def sheet(self) -> Character:
        assert self.character is not None, "no character yet"
        return self.character

    def pool(self, name: object) -> int:
        """The index of the Encounter Pool called ``name`` (any case); else an error naming it."""
        if isinstance(name, str):
            for index, pool in enumerate(self.encounters):
                if pool.name.casefold() == name.strip().casefold():
                    return index
        names = ", ".join(repr(p.name) for p in self.encounters) or "none"
        raise IllegalAction(f"there is no Encounter Pool {name!r}: the pools are {names}")

    def with_clock(self, **changes: object) -> State:
        return replace(self, clock=replace(self.clock, **changes))  # type: ignore[arg-type]


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
    if (state.character is None) != (state.status == "creating"):
        raise InvalidInput(f"a character exists once created, not while {state.status!r:.40}")


def _within(what: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{what} is {low} to {high}, not {value!r:.40}")
