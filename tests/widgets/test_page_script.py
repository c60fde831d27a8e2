"""What a panel asks its page to run (widgets/frame/page_script.py, widgets/frame/into_view.py).

In the kernel: the panel shows the ``watch`` script with itself; once a page shows it and the
kernel has been quiet a moment after the cells of *Run All* (each cell's end starts the wait
again), it shows ``into-view``, once, and asks nothing more; after a click that told something it
shows ``result-whole``. Every script is a constant (never a player's text) and is cleared soon
after, so that a page showing the panel later (a reload) does not run it again. The browser tests
(tests/browser/test_run_all_view.py, tests/browser/test_result_whole.py) check the window.

The kernel loop's timers are fired by hand (a test may not run a loop of its own: on a worker
where an earlier test left a loop running, ``asyncio.run`` fails).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pytest

import widgets.frame.into_view as into_view
from widgets.embers import EmbersPanel
from widgets.firelights import FirelightsPanel
from widgets.frame.page_script import CLEAR_AFTER, SCRIPTS
from widgets.voidlight import VoidlightPanel


class Events:
    """IPython's event registry, as much of it as the panel uses."""

    def __init__(self) -> None:
        self.callbacks: dict[str, list[Any]] = {"post_run_cell": []}

    def register(self, event: str, callback: Any) -> None:
        self.callbacks[event].append(callback)

    def unregister(self, event: str, callback: Any) -> None:
        self.callbacks[event].remove(callback)

    def cell_ran(self) -> None:
        for callback in list(self.callbacks["post_run_cell"]):
            callback(None)


class Shell:
    def __init__(self) -> None:
        self.events = Events()


class Timer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class Clock:
    """The kernel loop's timers, fired by hand: which waits are pending, in order."""

    def __init__(self) -> None:
        self.pending: list[tuple[float, Any, Timer]] = []

    def later(self, delay: float, then: Any) -> Timer:
        timer = Timer()
        self.pending.append((delay, then, timer))
        return timer

    def fire(self) -> list[float]:
        """Fire every wait not cancelled; return their delays."""
        due, self.pending = self.pending, []
        fired = []
        for delay, then, timer in due:
            if not timer.cancelled:
                fired.append(delay)
                then()
        return fired


@pytest.fixture
def kernel(monkeypatch: pytest.MonkeyPatch) -> tuple[Shell, Clock]:
    """A shell with IPython's events, and the loop's timers to fire by hand."""
    shell, clock = Shell(), Clock()
    monkeypatch.setattr(into_view, "_shell", lambda: shell)
    monkeypatch.setattr(into_view, "later", clock.later)
    return shell, clock


def voidlight(name: str = "Vex") -> VoidlightPanel:
    panel = VoidlightPanel(seed=5)
    panel.name_input.value = name
    panel.create_button.click()
    return panel


def test_outside_a_kernel_nothing_is_registered_and_only_the_watch_is_shown() -> None:
    panel = FirelightsPanel(seed=1)
    assert panel.page.into_view.done and panel._view_count is None
    assert panel.page.output in panel.children
    assert panel.page.shown() == ["watch"]


def test_once_shown_and_quiet_the_panel_comes_into_view_once(kernel: tuple[Shell, Clock]) -> None:
    shell, clock = kernel
    panel = FirelightsPanel(seed=1)
    assert panel.page.shown() == ["watch"]  # with the panel: the page notes the player's touch
    shell.events.cell_ran()  # the cell that made it ended, but no page shows it yet
    assert clock.fire() == [into_view.SETTLE]
    assert panel.page.shown() == ["watch"] and not panel.page.into_view.done
    panel._view_count = 1  # a page showed it: the wait starts again
    shell.events.cell_ran()  # a later cell of Run All ends before the quiet: again
    assert clock.fire() == [into_view.SETTLE]  # the first wait was cancelled: one quiet
    assert panel.page.shown() == ["into-view"] and panel.page.into_view.done
    assert shell.events.callbacks["post_run_cell"] == []  # asks nothing more
    assert clock.fire() == [CLEAR_AFTER]
    assert panel.page.shown() == []  # cleared: a reload does not scroll the player again
    shell.events.cell_ran()
    assert clock.fire() == [] and panel.page.shown() == []
    panel.close()


def test_a_closed_panel_asks_nothing(kernel: tuple[Shell, Clock]) -> None:
    shell, clock = kernel
    panel = FirelightsPanel(seed=1)
    panel._view_count = 1
    shell.events.cell_ran()
    panel.close()
    assert clock.fire() == [] and shell.events.callbacks["post_run_cell"] == []


def test_a_click_that_told_something_asks_for_its_result_whole(kernel: tuple[Shell, Clock]) -> None:
    _shell, clock = kernel
    panel = voidlight()
    clock.pending.clear()  # Run All's waits: not this test's
    oracle = panel.solo.buttons["inspire"]
    asked = panel.page.asked
    oracle.click()
    assert panel.page.shown() == ["result-whole"] and panel.page.asked == asked + 1
    first = panel.page.output.outputs
    oracle.click()  # the same script again: a new output, which the page runs again
    assert panel.page.shown() == ["result-whole"] and panel.page.output.outputs != first
    assert clock.fire() == [CLEAR_AFTER]  # the first click's clearing was cancelled
    assert panel.page.shown() == []


def test_a_click_that_told_nothing_asks_nothing(kernel: tuple[Shell, Clock]) -> None:
    _shell, clock = kernel
    panel = EmbersPanel(seed=3)
    panel.begin_button.click()  # not a watched control (the creation form is no section)
    assert panel.page.shown() == ["watch"]
    heroes = [b for b in panel.heroes_row.children if isinstance(b, widgets.Button)]
    heroes[0].click()  # the first watched click: the beginning it follows told something
    clock.fire()
    assert panel.page.shown() == []
    asked = panel.page.asked
    heroes[1].click()  # only picks a hero
    assert panel.page.shown() == [] and panel.page.asked == asked


def test_a_script_is_a_constant_never_a_players_text(kernel: tuple[Shell, Clock]) -> None:
    panel = voidlight(name="</script><b>Vex</b>")
    panel.solo.buttons["inspire"].click()
    (output,) = panel.page.output.outputs
    assert output["data"] == {"application/javascript": SCRIPTS["result-whole"]}
    assert all("Vex" not in script and "<b>" not in script for script in SCRIPTS.values())
