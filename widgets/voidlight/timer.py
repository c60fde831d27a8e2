"""The live Voidlight timer: a real-time countdown that plays the expedition clock.

Why the timer sends Elapse: everything that falls due with time (the Voidlight roll every
interval, Bleeding and Chem Burn, penalties wearing off, Critical Saves in the dark) is the
rules' (:mod:`rules.voidlight.clock`). The timer only counts real seconds (one expedition minute
is ``minute_seconds`` of them, 60 at the table) towards the next minute something is due, and
then plays ``Elapse(minutes)`` through the panel's :meth:`~widgets.frame.GameFrame.act`, so each
roll is recorded in the Journey Book like any other action and Run All never re-rolls it.

How it runs: an asyncio task on the kernel's running loop (never a thread: widgets are touched on
the loop only), created on Resume and cancelled on Pause, on :meth:`~LiveTimer.stop` and when the
panel is closed (Run All closes the panel it replaces). It always starts paused: a journey reopened
after the kernel was down continues from where its clock stood. ``clock`` (a callable returning
seconds) and ``sleep`` (an awaitable taking seconds) are injectable, so tests never wait.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from rules.voidlight import INTERVAL_MOST, Elapse, SetTimer, State, available
from rules.voidlight.clock import due
from widgets.parts.messages import guarded
from widgets.parts.theme import escape
from widgets.voidlight.controls import button

__all__ = ["EVENTS", "MODES", "LiveTimer", "next_due"]

#: What falls due, in the order :func:`rules.voidlight.clock.due` numbers it.
EVENTS = ("a penalty wears off", "a condition worsens", "the Voidlight is rolled",
          "a Critical Save in the dark")  # fmt: skip
_LIGHT = 2
#: The timer's choices, as (label, value).
MODES = [("on a timer", "interval"), ("between scenes, by hand", "scenes")]
#: What the timer says below it: the house rules of its pacing.
TIMER_NOTE = (
    "House rule: the Voidlight is rolled every 20 real minutes solo, 10 in group play, any "
    f"interval from 1 to {INTERVAL_MOST} minutes you set ('If this pacing feels intense, extend "
    "the timer interval'), or only between scenes; the timer can be paused, and its countdown "
    "hidden in group play (the GM's table). When the light dies, a Critical Save every 5 "
    "minutes. The timer starts paused: time away from the table does not count."
)
#: The timer button's tooltip.
SET_TIP = (
    "Roll the Voidlight every so many minutes (20 solo, 10 in group play, longer when the pacing "
    "feels intense), or only between scenes by hand; the countdown restarts"
)
#: A minute later than any expedition reaches: the clock is run up to it to list everything still to
#: come.
FAR = 10**9
#: What the GM's checkbox does: the players' seats never see the countdown in group play (the
#: journey's "hidden" option), this box hides it from the GM's own screen as well.
HIDE_TIP = (
    "Hide the countdown on this screen as well, when the players can see it (a shared screen). "
    "The players' seats never see it when the journey hides the timer (group play's default)"
)


def next_due(state: State) -> tuple[int, str] | None:
    """(minutes from where the clock is heading to the next thing due, what it is), or None. A
    dead Voidlight's roll is not counted down to: there is nothing left to roll."""
    clock = state.clock
    events = [e for e in due(state.with_clock(until=FAR)) if e[0] > clock.until]
    if state.light.dead:
        events = [e for e in events if e[1] != _LIGHT]
    if not events:
        return None
    minute, what = min(events)[:2]
    return minute - clock.until, EVENTS[what]


def _mmss(seconds: float) -> str:
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


class LiveTimer(widgets.VBox):
    """The countdown, Start / Pause, the timer's mode and interval, the hidden-countdown option."""

    running = traitlets.Bool(False, help="Whether the countdown runs (it starts paused).")
    hidden = traitlets.Bool(False, help="Group play: the countdown is hidden from the table.")
    carried = traitlets.Float(0.0, help="Real seconds counted towards the next thing due.")

    def __init__(
        self,
        panel: Any,
        *,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[Any]] | None = None,
        minute_seconds: float = 60.0,
        tick_seconds: float = 0.5,
    ) -> None:
        super().__init__()
        self.add_class("lantern-timer")
        self._panel = panel
        self._clock = clock or time.monotonic
        self._sleep = sleep or asyncio.sleep
        self.minute_seconds = minute_seconds
        self.tick_seconds = tick_seconds
        self._last: float | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        self._rendering = False
        self.countdown = widgets.HTML()
        self.countdown.add_class("lantern-countdown-view")
        self.toggle = button(
            "Start the timer", "timer-toggle", "Start or pause the real-time countdown"
        )
        self.toggle.on_click(lambda _b: self.pause() if self.running else self.resume())
        self.mode = widgets.Dropdown(
            options=MODES, value="interval", description="Voidlight", layout={"width": "19em"}
        )
        self.mode.add_class("lantern-timer-mode")
        self.mode.observe(lambda _c: self._mode_changed(), "value")
        self.minutes = widgets.BoundedIntText(
            value=20, min=1, max=INTERVAL_MOST, description="every",
            layout={"width": "8.5em"}, style={"description_width": "3em"},
        )  # fmt: skip
        self.minutes.add_class("lantern-timer-minutes")
        self.minutes_label = widgets.HTML('<span class="lantern-subtle">minutes</span>')
        self.set_button = button("Set the timer", "timer", SET_TIP)
        self.set_button.on_click(lambda _b: self._set())
        self.hide_box = widgets.Checkbox(
            description="hide the countdown on this screen too",
            tooltip=HIDE_TIP,
            indent=False,
            layout={"width": "auto"},
        )
        self.hide_box.add_class("lantern-timer-hide")
        self.hide_box.observe(self._hide_changed, "value")
        self.note = widgets.HTML(
            f'<span class="lantern-house" title="{escape(TIMER_NOTE)}">House rule: every 20 '
            f"minutes solo, 10 in group play, or any interval from 1 to {INTERVAL_MOST} minutes; "
            "or between scenes, by hand. In the dark, a Critical Save every 5 minutes. The timer "
            "starts paused.</span>"
        )
        self._shown: tuple[str, int] | None = None  # the clock's setting the inputs last showed
        self.children = (
            widgets.HBox([self.countdown, self.toggle]),
            widgets.HBox([self.mode, self.minutes, self.minutes_label, self.set_button]),
            self.hide_box,
            self.note,
        )  # fmt: skip

    # --- counting -------------------------------------------------------------------------

    def resume(self) -> None:
        """Start the timer again (the play button): minutes count from now."""
        if self._stopped:
            return
        self._last = self._clock()
        self.running = True
        self._start_task()
        self.render(self._panel.state)

    def pause(self) -> None:
        """Stop the timer (the pause button), counting the minutes up to now."""
        if self.running:
            self.tick()
        self.running = False
        self._last = None
        self._cancel_task()
        if not self._stopped:
            self.render(self._panel.state)

    def stop(self) -> None:
        """For good (the panel closes): no task is left on the loop."""
        self.running = False
        self._stopped = True
        self._cancel_task()

    def reset(self) -> None:
        """Forget the seconds counted (another journey is shown)."""
        self.carried = 0.0

    def tick(self) -> None:
        """Count the real time since the last tick; play Elapse when the next thing is due."""
        if not self.running or self._last is None:
            return
        now = self._clock()
        self.carried += max(0.0, now - self._last)
        self._last = now
        state = self._panel.state
        ahead = next_due(state) if self._can_run(state) else None
        looking = getattr(self._panel, "_looking", None) is not None  # played once back to now
        if ahead is not None and not looking and self.carried >= ahead[0] * self.minute_seconds:
            self.carried -= ahead[0] * self.minute_seconds
            self.carried = min(self.carried, self.minute_seconds)  # no burst after a stall
            self._panel.act(Elapse(ahead[0]), table=False)
        state = self._panel.state
        if not self._can_run(state) or (state.pending is None and next_due(state) is None):
            self.running = False
            self._last = None
            self.carried = 0.0
            self._cancel_task()
        self.render(state)

    def _can_run(self, state: State) -> bool:
        return state.character is not None and not state.over and "elapse" in available(state)

    def _start_task(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self._task is not None:
            return  # no running loop (a test drives tick() itself)
        self._task = loop.create_task(self._run())

    def _cancel_task(self) -> None:
        task, self._task = self._task, None
        if task is not None and task is not _current_task():
            task.cancel()

    async def _run(self) -> None:
        try:
            while self.running and not self._stopped:
                await self._sleep(self.tick_seconds)
                if self.running and not self._stopped:
                    with guarded(self._panel.messages):  # an error shows; the count goes on
                        self.tick()
        except asyncio.CancelledError:
            pass
        finally:
            if self._task is _current_task():
                self._task = None

    # --- showing ----------------------------------------------------------------------------

    def render(self, state: State) -> None:
        """Show the clock of ``state``: the countdown, or none when it is hidden or the pool is
        rolled between scenes."""
        if self.running and not self._can_run(state):  # the expedition is over
            self.running = False
            self._last = None
            self._cancel_task()
        clock = state.clock
        live = state.character is not None and "timer" in available(state)
        self._rendering = True
        try:
            if self._shown != (clock.timer, clock.interval):  # the player's typing is kept
                self._shown = (clock.timer, clock.interval)
                self.mode.value = clock.timer
                self.minutes.value = clock.interval
            self.mode.disabled = self.set_button.disabled = not live
            self.minutes.disabled = not live or self.mode.value == "scenes"
        finally:
            self._rendering = False
        ahead = next_due(state) if self._can_run(state) else None
        # Start is offered only when something is due on the clock (or to pause it).
        self.toggle.layout.display = "" if ahead is not None or self.running else "none"
        self.toggle.disabled = ahead is None and not self.running
        if self.running:
            self.toggle.description = "Pause"
        else:
            self.toggle.description = "Resume the timer" if self.carried else "Start the timer"
        self.countdown.value = self._countdown_html(state, ahead)

    def _countdown_html(self, state: State, ahead: tuple[int, str] | None) -> str:
        """One true thing: the time left to what is due next, or why nothing counts down."""
        if state.character is None:
            return ""
        if state.pending is not None and not state.over:
            owed = state.clock.owed
            text = f"The clock waits at minute {state.clock.minute} for your choice" + (
                f" ({owed} minutes owed, played once it is made)" if owed else ""
            )
            runs = "; the timer runs on meanwhile" if self.running else ""
            return f'<div class="lantern-timer-idle">{escape(text + runs)}.</div>'
        if ahead is None:
            if state.over:
                text = "The expedition is over: the clock has stopped."
            elif state.clock.timer == "scenes":
                text = (
                    "Between scenes: nothing is due on the clock. Roll the Voidlight by hand at "
                    "each new scene or location."
                )
            else:
                text = "Nothing is due on the clock."
            return f'<div class="lantern-timer-idle">{escape(text)}</div>'
        minutes, what = ahead
        left = minutes * self.minute_seconds - self.carried
        paused = "" if self.running else " lantern-countdown-paused"
        status = "" if self.running else " (paused)"
        # "using a timer hidden from the players": the GM sees it, and is told the seats do not.
        seats = (
            '<div class="lantern-timer-seats">The countdown is the GM\'s: hidden from the '
            "players' seats (you see it here unless you tick the box below).</div>"
            if state.hidden_timer
            else ""
        )
        if self.hidden:
            return (
                f'<span class="lantern-countdown{paused}">hidden</span> '
                f'<span class="lantern-subtle">the timer counts unseen{status}</span>{seats}'
            )
        return (
            f'<span class="lantern-countdown{paused}" data-seconds="{left:.1f}">{_mmss(left)}</span> '
            f'<span class="lantern-subtle">until {escape(what)}{status}</span>{seats}'
        )

    def _hide_changed(self, change: dict[str, Any]) -> None:
        self.hidden = bool(change["new"])
        self.render(self._panel.state)

    def _mode_changed(self) -> None:
        if not self._rendering:
            self.minutes.disabled = self.mode.value == "scenes"

    def _set(self) -> None:
        """Play the timer the inputs say: its countdown restarts (house rule)."""
        mode, minutes = self.mode.value, self.minutes.value
        self.carried = 0.0
        self._panel.act(
            lambda: SetTimer(mode, minutes if mode == "interval" else None), table=False
        )


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None
