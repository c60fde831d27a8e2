"""Advice: beside each move open now, its chance of a good ending when played now and the rest by
the game's own player (``rules.<game>.advise``, by rollouts), with its 95% interval, the best move
marked.

Why in the frame: the toggle, the table, the background refinement and its cancelling are the
same for every game; a game's panel hands it only an :class:`AdviceHook` in its ``advice_hook``
(the rules' ``advise`` as its :meth:`~AdviceHook.advisor`, a label per move, and the controls
that play a move, so the best one can be marked).

Why a task on the kernel's loop, its batches thought apart: rollouts are slow next to a click.
The task sends batch after batch to a process of its own at a lower priority
(:mod:`widgets.frame.thinking`) and awaits each, so the kernel answers a click at once; it pools
each batch with the rows so far (:func:`rules.play.advice.pooled`). It begins
:data:`FIRST_PAUSE` after a state change: the page is still drawing the click then, and any work
beside it slows that (here even a process at idle priority did: the cores' caches and the host's
time are shared). The first batch is small, so rows show well within a second of a
state change; each batch after it is sized to take about :data:`APART_SECONDS` (what a click that
comes meanwhile meets of a batch of the old state, which is dropped). Where no process can think
(a hook without an :meth:`AdviceHook.advisor`, or none can be started), the batches run in the
kernel and the task yields between them, where ipykernel handles clicks: a click waits at most
one batch of :data:`BATCH_SECONDS`. A state change, the toggle going off or the panel closing
cancels the task. With no running loop (a plain test) nothing runs by itself:
:meth:`AdviceView.refresh` is one batch.

Advice is a look, not an action: it plays nothing through the journey and each batch's rollouts
draw from a generator of their own (the batch number is its seed), so the journey's record and
its chance are untouched.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import ipywidgets as widgets

from rules.errors import LanternError
from rules.play.advice import Advice, Standing, pooled, standing
from widgets.frame.dock import SECTION_CLASS
from widgets.frame.thinking import Advisor, think_apart
from widgets.parts.theme import escape

__all__ = [
    "APART_SECONDS",
    "BATCH_SECONDS",
    "ENOUGH",
    "FIRST_PAUSE",
    "FIRST_RUNS",
    "SHOW_EVERY",
    "SHOW_MOST",
    "AdviceHook",
    "AdviceView",
    "hook_for",
]

#: Rollouts per move of a batch by hand (:meth:`AdviceView.refresh`); the task begins at 1 and
#: sizes its batches by the time they take.
FIRST_RUNS = 4
#: The task first shows rows once every move has this many rollouts, or after FIRST_WAIT seconds.
FIRST_SHOWN = 8
#: Seconds after which the first rows show even with fewer rollouts, so the player sees something
#: soon.
FIRST_WAIT = 0.5
#: How long after a state change the task begins to think (the click's own render first).
FIRST_PAUSE = 0.15
#: How long a later batch thought apart should take (what a click may meet of an old state's).
APART_SECONDS = 0.01
#: How long a later batch thought in the kernel should take (a click waits at most about this
#: long; each batch there also yields 5 ms to the kernel's messages).
BATCH_SECONDS = 0.03
#: Rollouts per move after which the refinement stops (the kernel goes idle again).
ENOUGH = 1000
#: The shortest time between the first two showings of refined rows; each showing doubles it, up
#: to SHOW_MOST. Each showing re-renders the table in the browser, and fewer of them leave the
#: front end free for the clicks. The rows move most in their first second; shown four times a
#: second until the last rollout, they kept a table of numbers that hardly change flickering for
#: up to six seconds after each click.
SHOW_EVERY = 0.25
#: The longest time between two showings while the rows refine (the last rows always show).
SHOW_MOST = 1.0
#: The most rollouts per move in one batch.
MOST_RUNS = 64
#: What the marked control of the best move carries.
BEST_CLASS = "lantern-advice-best"
#: What holds the last table's place, hidden, while the rows of a new state are thought about.
WAITING = "lantern-advice-waiting"


class AdviceHook:
    """What a game supplies, named by its panel's ``advice_hook``: override :meth:`advisor` (the
    rules' ``advise``, handed to the process Advice thinks in); :meth:`label` and
    :meth:`controls` make the rows read like the panel's own buttons. Overriding :meth:`advise`
    instead runs the batches in the kernel. ``panel`` is the game panel."""

    #: What the estimate is the chance of ("win", "light six beacons", "come back alive").
    question: str = "a good ending"
    #: Who plays the rest of each rollout (the note and the tooltip name them: the chances are
    #: that player's, not a perfect player's).
    player: str = "Lantern's own player"
    #: The questions a game can ask at different horizons, as (label, value) pairs: a choice
    #: beside the toggle when there are two or more; :attr:`horizon` holds the value chosen.
    horizons: tuple[tuple[str, Any], ...] = ()

    def __init__(self, panel: Any) -> None:
        self.panel = panel
        #: The horizon chosen (a value of :attr:`horizons`), which the question asks at.
        self.horizon: Any = self.horizons[0][1] if self.horizons else None

    @property
    def asked(self) -> str:
        """The question as the note reads it: ``question`` and the horizon chosen."""
        label = next((label for label, value in self.horizons if value == self.horizon), "")
        return f"{self.question} {label}".strip()

    def advisor(self) -> Advisor | None:
        """The rules' ``advise`` for the question asked now, as a value that pickles (a
        module-level function of (state, runs, seed), or a :func:`functools.partial` of one): what
        the thinking process is handed. None: no rows, unless :meth:`advise` is overridden (then
        the batches run in the kernel)."""
        return None

    def advise(self, state: Any, runs: int, seed: int) -> list[Advice]:
        """One batch of ``runs`` rollouts per move, seeded ``seed``, here in the kernel."""
        advisor = self.advisor()
        return [] if advisor is None else advisor(state, runs, seed)

    def label(self, state: Any, move: Any) -> str:
        """How a move reads in an Advice row: a game names it as its button does (the default: the
        action as written)."""
        return str(move)

    def controls(self, state: Any, move: Any) -> Sequence[widgets.DOMWidget]:
        """The controls shown now that play ``move`` (marked when it is the best)."""
        return ()


def hook_for(panel: Any) -> AdviceHook:
    """``panel``'s hook: the class its ``advice_hook`` names (the panel contract,
    :class:`widgets.frame.contract.GamePanel`), made with the panel; none: no rows."""
    made: type[AdviceHook] | None = getattr(panel, "advice_hook", None)
    return (made or AdviceHook)(panel)


class AdviceView(widgets.VBox):
    """The Advice section: a toggle (off by default), a note and a table of rows."""

    def __init__(
        self, hook: AdviceHook, sleep: Callable[[float], Awaitable[Any]] | None = None
    ) -> None:
        super().__init__()
        self.hook = hook
        self._sleep = sleep or asyncio.sleep
        self.toggle = widgets.ToggleButton(
            value=False,
            description="Advice",
            tooltip=f"Each move's chance to {hook.question} when played now and the rest by "
            f"{hook.player}, by rollouts (a look: nothing is recorded)",
            icon="lightbulb-o",
        )
        self.toggle.add_class("lantern-advice-toggle")
        self.toggle.observe(lambda _change: self._toggled(), "value")
        self.horizon = widgets.Dropdown(
            options=list(hook.horizons),
            value=hook.horizon,
            description="",
            layout={"width": "auto"},
        )
        self.horizon.add_class("lantern-advice-horizon")
        self.horizon.observe(lambda _change: self._horizon_chosen(), "value")
        self.note = widgets.HTML()
        self.note.add_class("lantern-advice-note")
        self.table = widgets.HTML()
        self.table.add_class("lantern-advice-view")
        title = widgets.HTML('<div class="lantern-section">Advice</div>')
        asked = [self.toggle, self.horizon] if len(hook.horizons) > 1 else [self.toggle]
        self.children = (title, widgets.HBox([*asked, self.note]), self.table)
        self.add_class(SECTION_CLASS)
        self.add_class("lantern-advice-section")
        #: The rows shown now: each move with its chance of a good ending.
        self.rows: list[Advice] = []
        self._state: Any = None
        self._rows_for: Any = None  # the state self.rows were estimated for
        self._live = False
        self._batch = 0
        self._task: asyncio.Task[None] | None = None
        self._marked: list[widgets.DOMWidget] = []
        self._problem: str | None = None
        self._apart = False  # the last batch was thought in the thinking process

    @property
    def on(self) -> bool:
        """Whether the player has turned Advice on (nothing is thought about while it is off)."""
        return bool(self.toggle.value)

    @property
    def thinking(self) -> bool:
        """Whether a refinement task is running on the loop."""
        return self._task is not None and not self._task.done()

    # --- following the panel --------------------------------------------------------------------

    def follow(self, state: Any, live: bool) -> None:
        """The panel rendered ``state`` (``live``: moves are open now). A new state drops the rows
        and starts again; the same one keeps them and marks the best move's control again (the
        panel may show other controls for it: Embers' buttons change with the hero picked)."""
        if live == self._live and (state is self._state or state == self._state):
            self.mark()
            return
        self._state, self._live = state, live
        self._restart()

    def _toggled(self) -> None:
        self._restart()

    def _horizon_chosen(self) -> None:
        """Another question: the rows so far answer the old one, so they go."""
        self.hook.horizon = self.horizon.value
        self._restart()

    def _restart(self) -> None:
        self._cancel()
        self.rows, self._batch, self._problem = [], 0, None
        self._show()
        if self.on and self._live:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return  # no loop: a test calls refresh()
            self._task = loop.create_task(self._think(self._state))

    def _cancel(self) -> None:
        task, self._task = self._task, None
        if task is not None and task is not _current_task():
            task.cancel()

    def close(self) -> None:
        """The panel closes: no task is left on the loop."""
        self._cancel()
        super().close()

    # --- thinking -------------------------------------------------------------------------------

    def refresh(self, runs: int = FIRST_RUNS, show: bool = True) -> list[Advice]:
        """One batch of ``runs`` rollouts per move, pooled with the rows so far and (``show``)
        shown: the synchronous step; the task calls it, and so do tests with no running loop."""
        if not (self.on and self._live):
            return self.rows
        seed, self._batch = self._batch, self._batch + 1
        try:
            batch = self.hook.advise(self._state, runs, seed)
        except LanternError as error:
            return self._refused(error)
        self._pool_in(batch)
        if show:
            self._show()
        return self.rows

    async def _thought(self, state: Any, runs: int) -> list[Advice]:
        """The task's batch: thought apart when the hook has an advisor and a process can think,
        else in the kernel (:meth:`refresh`); a batch that comes back for an old state is
        dropped."""
        advisor = self.hook.advisor()
        if advisor is None:
            self._apart = False
            return self.refresh(runs, show=False)
        seed, self._batch = self._batch, self._batch + 1
        try:
            batch = await think_apart(advisor, state, runs, seed)
        except LanternError as error:
            return self._refused(error) if self._state is state else self.rows
        if batch is None:  # no process can think: in the kernel, this batch and the next
            self._batch, self._apart = seed, False
            return self.refresh(runs, show=False)
        self._apart = True
        if self._state is state:
            self._pool_in(batch)
        return self.rows

    def _pool_in(self, batch: list[Advice]) -> None:
        """A batch of the state shown now, pooled with its rows so far (rows of another state
        are never pooled in)."""
        if self._rows_for is not self._state:
            self.rows = []
        self.rows, self._rows_for = pooled(self.rows, batch), self._state

    def _refused(self, error: LanternError) -> list[Advice]:
        """The rules ask nothing of this state (e.g. a crew: the advice looks at a solo
        expedition): no rows, and why."""
        self.rows, self._problem = [], f"No advice here: {error}"
        self._show()
        return self.rows

    async def _think(self, state: Any) -> None:
        runs, start, shown, showings = 1, time.perf_counter(), 0.0, 0
        try:
            await self._sleep(FIRST_PAUSE)  # the click's own render first
            while self._state is state and self.on and self._live:
                began = time.perf_counter()
                rows = await self._thought(state, runs)
                if self._state is not state or self._problem is not None:
                    break
                least = min((row.runs for row in rows), default=0)
                every = min(SHOW_MOST, SHOW_EVERY * 2 ** max(0, showings - 1))
                if (least >= FIRST_SHOWN or began - start >= FIRST_WAIT) and (
                    began - shown >= every
                ):
                    shown, showings = began, showings + 1
                    self._show()
                if not rows or least >= ENOUGH:
                    break
                took = max(time.perf_counter() - began, 1e-4)
                aim = APART_SECONDS if self._apart else BATCH_SECONDS
                runs = max(1, min(MOST_RUNS, int(runs * aim / took)))
                await self._sleep(0 if self._apart else 0.005)  # clicks in between
        except asyncio.CancelledError:
            pass
        finally:
            if self._task is not None and self._task is _current_task():
                self._task = None
            if self._state is state:
                self._show()

    # --- showing --------------------------------------------------------------------------------

    def _show(self) -> None:
        with self.hold_sync():
            self._show_rows()
        self.mark()

    @property
    def standing(self) -> Standing:
        """Where the rows stand (:func:`rules.play.advice.standing`): a best move only once it is
        clearly ahead."""
        if not (self.on and self._live and self.rows):
            return standing([])
        return standing(self.rows)

    @property
    def best(self) -> Advice | None:
        """The row to mark: the move clearly ahead of every other (its 95% interval above
        theirs), else none: while the leader's interval overlaps another's a mark would move from
        button to button as the rows settle."""
        return self.standing.best

    def mark(self) -> None:
        """Mark the control that plays the best move now, and only it (a panel that shows other
        controls for the same state calls it)."""
        best = self.best
        marked = list(self.hook.controls(self._state, best.move)) if best is not None else []
        for control in self._marked:  # only what changed: each mark is a message to the page
            if not any(control is each for each in marked):
                control.remove_class(BEST_CLASS)
        for control in marked:
            if BEST_CLASS not in control._dom_classes:
                control.add_class(BEST_CLASS)
        self._marked = marked

    def _show_rows(self) -> None:
        """The note and the table for the rows now."""
        if not self.on:
            self.note.value = ""
            self.table.value = ""
            return
        if self._problem is not None:
            self.note.value = escape(self._problem)
            self.table.value = ""
            return
        if not self._live:
            self.note.value = "Advice looks at the moves open now."
            self.table.value = ""
            return
        if not self.rows:
            # The last table keeps its place, hidden, until the new rows come: a table that
            # vanished and came back would push what lies below it (the click's result) away.
            self.note.value = "Thinking…"
            if self.table.value and WAITING not in self.table.value:
                self.table.value = (
                    f'<div class="{WAITING}" aria-hidden="true">{self.table.value}</div>'
                )
            return
        runs = min(row.runs for row in self.rows)
        self.note.value = escape(
            f"Chance to {self.hook.asked}, the rest played by {self.hook.player}: "
            f"{runs} rollouts per move{self._verdict(runs)}"
        )
        self.table.value = self._table_html()

    def _verdict(self, runs: int) -> str:
        """What the rows say so far: a best move once it is clearly ahead; else still settling
        (while thinking) or too close to call (once done)."""
        why = self.standing.why
        if why == "clear":
            return ", refining" if self.thinking else ""
        if why == "alike":
            so_far = ", still settling" if self.thinking else ""
            return f"{so_far}; no move stands out: all alike so far"
        if self.thinking:
            return "; still settling: no move is clearly ahead yet"
        return f"; too close to call: no move is clearly ahead after {runs} rollouts"

    def _why(self, row: Advice) -> str:
        """Why a row reads 0% or 100%: every rollout from it ended the same way."""
        if row.successes == 0:
            return f"{self.hook.player} did not {self.hook.asked} in any of {row.runs} rollouts"
        if row.successes == row.runs:
            return f"{self.hook.player} did {self.hook.asked} in all {row.runs} rollouts"
        return ""

    def _table_html(self) -> str:
        """The rows best first, then by chance (a tie keeps the moves' order): the answer to "what
        should I do?" is the line under the toggle, in view even when the table runs on below.
        The chance column names whose chance it is (the game's own player's, not a perfect
        one's), and a row every rollout of which ended alike says so, under its move: a column
        of its own squeezed the moves' names into lines of two words."""
        lines, where = [], self.standing
        best, leader = where.best, where.leader
        for row in sorted(self.rows, key=lambda row: (row is not best, -row.estimate)):
            label = escape(self.hook.label(self._state, row.move))
            css = ' class="lantern-advice-best-row"' if row is best else ""
            if row is best:
                mark = "★ best"
            elif row is leader and where.why == "close":
                mark = "leads, too close to call" if not self.thinking else "leads so far"
            else:
                mark = ""
            why = self._why(row)
            said = "; ".join(part for part in (mark, why) if part)
            under = f'<div class="lantern-advice-why">{escape(said)}</div>' if said else ""
            lines.append(
                f'<tr{css}><td><span class="lantern-advice-move">{label}</span>{under}</td>'
                f'<td class="lantern-advice-number">{row.estimate:.0%}</td>'
                f'<td class="lantern-advice-number">{row.low:.0%}–{row.high:.0%}</td></tr>'
            )
        whose = escape(f"The chance {self.hook.player} goes on to {self.hook.asked} after it")
        head = (
            f'<tr><th>Move</th><th class="lantern-advice-number" title="{whose}">'
            f"Chance ({escape(self.hook.player)})</th>"
            '<th class="lantern-advice-number">95% interval</th></tr>'
        )
        return f'<table class="lantern-advice-table">{head}{"".join(lines)}</table>'


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None
