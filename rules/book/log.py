"""The log of a Journey Book: every action ever played in it, in order, one line each.

Why a log beside the journey: the journey is what stands now, but a player's history also holds
the tries a reroll superseded and the actions taken back. A :class:`LogLine` says which, with the
same mechanics line that "Write to journal" and the exports use (the book's ``describe``: one
source). A panel shows them newest first.

Why it is built once and then kept: reports are not stored, so the lines come from one replay of
the whole record, on the first :meth:`~rules.book.JourneyBook.log`; after that the book changes
them as it plays, undoes, redoes and rerolls (:class:`Log`), and never replays for them again.

An undone action is replayed against the state it met: the undone actions still on the redo stack
continue the journey as it stands, and one a new action left behind names the entry it followed
(its row's ``ref``, :mod:`rules.book.store.database`). A reroll met what the try it replaced met, while an action
played after that try before the reroll met the try standing. So the lines of a journey that
branched are the same however often it was reopened.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from rules.book.store.database import Row
from rules.errors import IllegalAction, InvalidInput
from rules.record.journey import Entry, Game
from rules.table.chance import JSON, Replay

__all__ = ["Log", "LogLine", "Status", "build", "describer", "line_of", "walk"]

S = TypeVar("S")
R = TypeVar("R")

#: What became of a logged action: played and standing, superseded by a reroll, or undone.
Status = Literal["played", "superseded", "undone"]


@dataclass(frozen=True)
class LogLine:
    """One recorded action in the log: which row, its number and mechanics line, and what became
    of it (played, superseded or undone), with what a view draws beside it."""

    #: Its row in the book, which names the action for undo, redo and the views.
    seq: int
    #: The action's number in the journey as it stands (a superseded try has the number of the
    #: action that replaced it); None for an undone action.
    number: int | None
    #: Its mechanics line, the same one "Write to journal" and the exports use.
    text: str
    #: "played", "superseded" (a reroll replaced it) or "undone" (taken back, whether it can still
    #: be redone or not).
    status: Status
    #: How many journey entries stand once it is played, superseded tries included:
    #: ``book.state_after(line.count)`` is the state it left. For an undone line, how many entries
    #: came before it: the state it met.
    count: int
    #: The action's title, drawn beside the text; blank when its report has none.
    title: str = ""
    #: The labels of the cards it drew (``7♥``), drawn beside the text.
    cards: tuple[str, ...] = ()
    #: The faces of the dice it rolled, drawn beside the text.
    dice: tuple[int, ...] = ()
    #: Who played it at a shared table: blank for the GM, else the name of the character whose seat
    #: played it.
    by: str = ""


def line_of(
    seq: int,
    number: int | None,
    report: Any,
    text: str,
    status: Status,
    count: int,
    by: str = "",
) -> LogLine:
    """The log's line for ``report``: its text, and the title, cards and dice a report carries
    (every game's report has a ``title``, a Voidlight crew's a ``heading`` naming the character;
    Firelights' has ``cards``, Voidlight's and Firelights' ``dice``)."""
    title = getattr(report, "heading", None) or getattr(report, "title", "")  # "Kai: Check"
    cards = tuple(
        str(card.label) for card in getattr(report, "cards", ()) if hasattr(card, "label")
    )
    dice = tuple(d for d in getattr(report, "dice", ()) if isinstance(d, int))
    return LogLine(
        seq, number, text, status, count, title if isinstance(title, str) else "", cards, dice, by
    )


def describer(chosen: Game[Any, R]) -> Callable[[R], str]:
    """How a report reads as one mechanics line: the game's hook, its ``mechanics()``, or str."""
    hook = getattr(chosen, "describe", None)

    def describe(report: R) -> str:
        if callable(hook):
            return str(hook(report))
        method = getattr(report, "mechanics", None)
        return str(method()) if callable(method) else str(report)

    return describe


def build(
    rows: Sequence[Row],
    game: Game[Any, R],
    options: Mapping[str, JSON],
    describe: Callable[[R], str],
    known: Mapping[int, Entry] | None = None,
) -> Log:
    """The log of a book's rows (notes are skipped): one replay of every action row, each against
    the state it met (see the module docstring). ``known``: rows' entries already read, by
    ``seq`` (the journey's own), so only the others are parsed again."""
    known = known or {}
    actions = [row for row in rows if row.kind == "action"]
    parent = _parents(actions)
    rerolls = _rerolls(actions, parent)
    position: dict[int, int] = {}
    source: dict[int, tuple[str, int] | None] = {}
    for row in actions:
        up = parent[row.seq]
        up = up if up in position else None  # a doctored ref: taken as the start
        position[row.seq] = 0 if up is None else position[up] + 1
        # A reroll met what the try it replaced met; anything else met the state after its parent.
        source[row.seq] = None if up is None else ("met" if row.seq in rerolls else "after", up)
    uses = Counter(key for key in source.values() if key is not None)
    kept: dict[tuple[str, int], Any] = {}  # the states still to be met, each until its last use
    numbers = _numbers([row for row in actions if not row.undone])
    initial = game.initial(options)
    lines: list[LogLine] = []
    for row in actions:
        key = source[row.seq]
        met = initial if key is None else _take(kept, uses, key)
        report: Any = None
        try:
            entry = known.get(row.seq) or row.entry()
            after, report = game.apply(met, game.parse_action(entry.action), _replay(entry))
            text = describe(report)
        except (InvalidInput, IllegalAction) as error:
            if not row.undone:
                raise InvalidInput(f"row {row.seq} of the book does not replay: {error}") from None
            after, text = met, f"{_kind(row)} (taken back; it no longer replays: {error})"
        for kind, state in (("met", met), ("after", after)):
            if uses[kind, row.seq]:
                kept[kind, row.seq] = state
        status: Status = "undone" if row.undone else "superseded" if row.superseded else "played"
        lines.append(
            line_of(row.seq, numbers.get(row.seq), report, text, status, position[row.seq] + 1,
                    row.cell or "")
        )  # fmt: skip
    log = Log(lines, parent)
    log.recount([row.seq for row in actions if not row.undone])
    return log


class Log:
    """The lines of one book, changed in place as it plays (see the module docstring).

    ``parent`` is the row each line's action was played after (None: the first), which says
    where an undone line's journey left the one that stands (its ``count``).
    """

    def __init__(self, lines: list[LogLine], parent: dict[int, int | None]) -> None:
        self.lines = lines
        self._at = {line.seq: index for index, line in enumerate(lines)}
        self._parent = parent

    def add(self, line: LogLine, parent: int | None) -> None:
        """Append the line of an action just played; ``parent`` is the row it was played after
        (None: the first), which later tells where an undone line's journey left the one that
        stands."""
        self._at[line.seq] = len(self.lines)
        self._parent[line.seq] = parent
        self.lines.append(line)

    def undone(self, seqs: Iterable[int], standing: Sequence[int]) -> None:
        """The rows ``seqs`` were taken back; ``standing`` are the rows that stand now."""
        for seq in seqs:
            self._change(seq, status="undone", number=None)
        self.recount(standing)

    def redone(
        self, group: Iterable[tuple[int, Entry]], number: int, standing: Sequence[int]
    ) -> None:
        """An undone action (its rows and entries) stands again as action ``number``."""
        for seq, entry in group:
            status = "superseded" if entry.superseded else "played"
            # From the end: a book reads the first places of its list from its file when asked.
            place = next(i for i in reversed(range(len(standing))) if standing[i] == seq)
            self._change(seq, status=status, number=number, count=place + 1)
        self.recount(standing)

    def recount(self, standing: Sequence[int]) -> None:
        """Each undone line's ``count``: how many of the rows ``standing`` (in order) came before
        it, where its journey left the one that stands; in one walk up each line's rows."""
        undone = [line for line in self.lines if line.status == "undone"]
        if not undone:
            return
        index = {seq: number for number, seq in enumerate(standing, start=1)}
        known: dict[int, int] = {}
        for line in undone:
            chain, up = [line.seq], self._parent.get(line.seq)
            while up is not None and up not in index and up not in known:
                chain.append(up)
                up = self._parent.get(up)
            count = 0 if up is None else index.get(up, known.get(up, 0))
            known.update(dict.fromkeys(chain, count))
            if line.count != count:
                self._change(line.seq, count=count)

    def superseded(self, seq: int) -> None:
        """The action at row ``seq`` was replaced by a reroll: its line stays, marked superseded."""
        self._change(seq, status="superseded")

    def _change(self, seq: int, **changes: Any) -> None:
        index = self._at[seq]
        self.lines[index] = replace(self.lines[index], **changes)


# --- building ------------------------------------------------------------------------------------


def _parents(actions: Sequence[Row]) -> dict[int, int | None]:
    """The row each action row was played after (None: the first).

    The journey as it stands, then the redo stack, are one line in order; an action undone for
    good names the row it followed (its ``ref``).
    """
    line = [row for row in actions if not row.undone or not row.forgotten]
    parent: dict[int, int | None] = {
        row.seq: line[index - 1].seq if index else None for index, row in enumerate(line)
    }
    parent.update({row.seq: row.ref for row in actions if row.forgotten})
    return parent


def _rerolls(actions: Sequence[Row], parent: dict[int, int | None]) -> set[int]:
    """The rows that replaced a try by a reroll: the last row played after a superseded one.

    Rows played after a try before it was rerolled met it standing; they were undone for the
    reroll, so the reroll is the last of them.
    """
    last: dict[int, int] = {}
    for row in actions:
        up = parent[row.seq]
        if up is not None:
            last[up] = row.seq
    return {last[row.seq] for row in actions if row.superseded and row.seq in last}


def _take(
    kept: dict[tuple[str, int], Any], uses: Counter[tuple[str, int]], key: tuple[str, int]
) -> Any:
    """A kept state for one more use; it is let go after its last."""
    state = kept[key]
    uses[key] -= 1
    if not uses[key]:
        del kept[key]
    return state


def _numbers(standing: Sequence[Row]) -> dict[int, int]:
    """Each standing row's action number; a superseded try has the number of its replacement."""
    numbers: dict[int, int] = {}
    played = 0
    for row in standing:
        if not row.superseded:
            played += 1
        numbers[row.seq] = played + 1 if row.superseded else played
    return numbers


def _replay(entry: Entry) -> Replay:
    return Replay(list(entry.chance))


def _kind(row: Row) -> str:
    try:
        kind = row.entry().action.get("kind")
    except InvalidInput:
        kind = None
    return str(kind or "an action")


def walk(
    game: Game[S, R], options: Mapping[str, JSON], entries: Iterable[Entry]
) -> Iterator[tuple[Entry, R]]:
    """Every entry with the report it gave, superseded tries included (for the Journey Book).

    A superseded try is applied to the state it met, and the state then goes on without it.
    """
    state = game.initial(options)
    for number, entry in enumerate(entries, start=1):
        try:
            action = game.parse_action(entry.action)
            after, report = game.apply(state, action, Replay(list(entry.chance)))
        except (InvalidInput, IllegalAction) as error:
            raise InvalidInput(f"entry {number} of the record does not replay: {error}") from None
        if not entry.superseded:
            state = after
        yield entry, report
