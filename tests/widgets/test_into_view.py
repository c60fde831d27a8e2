"""The panel scrolls itself into view once after Run All (widgets/frame/into_view.py).

In the kernel: the panel waits for a quiet moment after the cells that run (each cell's end starts
the wait again), shows its one-line script only once a page shows the panel, then clears it and
asks nothing more. The browser test (tests/browser/test_run_all_view.py) checks the window.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import widgets.frame.into_view as into_view
from widgets.firelights import FirelightsPanel


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


def scripts(panel: FirelightsPanel) -> list[str]:
    return [o["data"]["application/javascript"] for o in panel._into_view.output.outputs]


def test_outside_a_kernel_nothing_is_registered_or_shown() -> None:
    panel = FirelightsPanel(seed=1)
    assert panel._into_view.done and panel._view_count is None
    assert panel._into_view.output in panel.children and not scripts(panel)


def test_once_shown_and_quiet_the_panel_scrolls_itself_into_view_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shell = Shell()
    monkeypatch.setattr(into_view, "_shell", lambda: shell)
    monkeypatch.setattr(into_view, "CLEAR_AFTER", 0.05)

    async def play() -> None:
        panel = FirelightsPanel(seed=1)
        view = panel._into_view
        view.settle = 0.02
        shell.events.cell_ran()  # the cell that made it ended, but no page shows it yet
        await asyncio.sleep(0.05)
        assert not scripts(panel) and not view.done
        panel._view_count = 1  # a page showed it: the wait starts again
        shell.events.cell_ran()  # a later cell of Run All ends before the quiet
        await asyncio.sleep(0.005)
        assert not scripts(panel)
        await asyncio.sleep(0.04)
        assert scripts(panel) == [into_view.SCRIPT] and view.done
        assert shell.events.callbacks["post_run_cell"] == []  # asks nothing more
        await asyncio.sleep(0.1)
        assert not scripts(panel)  # cleared: a reload does not scroll the player again
        shell.events.cell_ran()
        await asyncio.sleep(0.05)
        assert not scripts(panel)
        panel.close()

    asyncio.run(play())
