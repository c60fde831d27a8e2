"""What an action did, in words: the report a panel shows and the Journey Book keeps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.record.action import mechanics_line

__all__ = ["LOST", "OUTCOMES", "Report", "Secret"]

#: What :attr:`Report.outcome` can be, by action kind, best first (the rest: see
#: :func:`rules.voidlight.game.apply`; a Check cost's outcome is its entry, "11".."66").
OUTCOMES: Mapping[str, tuple[str, ...]] = {
    "check": ("success", "partial", "failure"),
    "push": ("success", "partial", "failure"),
    "save": ("endure", "taken out"),
    "fortune": ("yes", "yes, but", "no, and"),
    "react": ("approachable", "hesitant", "hostile"),
    "roll_encounter": ("not yet", "arrives"),
    "enemy": ("lesser", "hardened", "deadly"),
}

#: What a failed Critical Save in the dark is called wherever a player reads it (its header, its
#: line, its odds): "On a failure, they're lost to the dark", not merely taken out (dying).
LOST = "lost to the dark"


class Secret(str):
    """A report line that tells the GM's timer (its interval, the minute of a roll it made, how
    many minutes an Elapse skipped to the next roll) or any minute of the expedition (a Bleeding
    at minute 10 beside a roll the seat sees puts the roll between two known minutes: a few such
    lines give the interval): ``players`` is the line as the players' seats read it when the GM
    hides the timer ("": they read nothing of it), durations kept ("for 10 minutes"). The rules
    write it (``Turn.secret``, ``Turn.tell_secret`` in :mod:`rules.voidlight.turn`); a report
    keeps both (:attr:`Report.players`)."""

    #: The line as the players' seats read it when the GM hides the timer ("": they read nothing of
    #: it).
    players: str

    def __new__(cls, line: str, players: str = "") -> Secret:
        made = super().__new__(cls, line)
        made.players = players
        return made


@dataclass(frozen=True)
class Report:
    """What an action did: its words, its dice and its outcome as data. The players' seats read
    :attr:`~rules.voidlight.report.Report.players` when the GM hides the timer (the lines that
    tell it left out or told without it: :class:`~rules.voidlight.report.Secret`)."""

    #: The action's title.
    title: str
    #: What it did, in words, in order.
    lines: tuple[str, ...] = ()
    #: Every die it rolled, in order.
    dice: tuple[int, ...] = ()
    #: The Hits of its main roll (None when it rolled no hit pool).
    hits: int | None = None
    #: Its outcome as data (see :func:`rules.voidlight.game.apply`).
    outcome: str | None = None
    #: In a crew of two or more, the character it was about (its lines name them too).
    who: str = ""
    #: The lines as the players' seats read them when the GM hides the timer; None when every line
    #: may be read by all.
    players: tuple[str, ...] | None = None

    @classmethod
    def made(
        cls,
        title: str,
        lines: tuple[str, ...],
        dice: tuple[int, ...],
        hits: int | None,
        outcome: str | None,
        who: str,
    ) -> Report:
        """A report the rules engine writes (every action writes one): the dataclass's own
        constructor sets each field through ``object.__setattr__``, this all at once."""
        players = None
        if any(isinstance(line, Secret) for line in lines):
            read = (line.players if isinstance(line, Secret) else line for line in lines)
            players = tuple(line for line in read if line)
            lines = tuple(str.__str__(line) for line in lines)
        report = object.__new__(cls)
        report.__dict__.update(
            title=title, lines=lines, dice=dice, hits=hits, outcome=outcome, who=who,
            players=players,
        )  # fmt: skip
        return report

    def for_players(self) -> Report:
        """The report as the players' seats read it when the GM hides the timer: the same,
        but for the lines that would tell the timer (see :attr:`players`)."""
        if self.players is None:
            return self
        return Report.made(self.title, self.players, self.dice, self.hits, self.outcome, self.who)

    def mechanics(self) -> str:
        """One line for the Journey Book: ``Check: Vigor 2 standard: 5 3: 1 Hits, partial``; in a
        crew the character first, the title once: ``Kai: Check: Operate 2 standard: ...``."""
        return mechanics_line(self.title, self.lines, self.who)

    @property
    def said_outcome(self) -> str | None:
        """The outcome as a player reads it: a Critical Save in the dark that fails is
        :data:`LOST` (its record's outcome stays "taken out", as every journey recorded it)."""
        if self.outcome == "taken out" and any(
            line.endswith(f"you are {LOST}") for line in self.lines
        ):
            return LOST
        return self.outcome

    @property
    def heading(self) -> str:
        """What a panel titles the report with: ``Check``, or in a crew ``Kai: Check``."""
        return f"{self.who}: {self.title}" if self.who else self.title

    @property
    def own_lines(self) -> tuple[str, ...]:
        """The lines under :attr:`heading`: a crew's ``Kai:`` left off the lines about the
        character the heading names already (lines about another keep their name)."""
        if not self.who:
            return self.lines
        named = f"{self.who}: "
        return tuple(line.removeprefix(named) for line in self.lines)
