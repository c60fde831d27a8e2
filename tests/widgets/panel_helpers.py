"""Helpers for the panel tests: a fake clock for the live timer, a coroutine run on a loop of its
own, and a Voidlight panel begun with a character (the dice typed "At the table")."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from widgets.voidlight import VoidlightPanel

__all__ = ["FakeClock", "begun", "check", "run_apart"]


class FakeClock:
    """A clock the test moves by hand (``advance``): the timer reads it as it reads time.monotonic."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def run_apart(coroutine: Any) -> Any:
    """Run ``coroutine`` on a fresh event loop in a thread of its own: in a full test session a
    browser test's driver may hold the main thread's running loop (so no asyncio.run there)."""
    result: list[Any] = []
    failure: list[BaseException] = []

    def main() -> None:
        try:
            result.append(asyncio.run(coroutine))
        except BaseException as error:
            failure.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]


def begun(clock: FakeClock | None = None, **scores: int) -> VoidlightPanel:
    """A Voidlight panel with Vex created by points (``scores``, else 2, 1, 1, 1), 3 typed for the
    Credits roll, on ``clock`` (else a fake one of its own)."""
    panel = VoidlightPanel(seed=5, clock=clock or FakeClock())
    panel.name_input.value = "Vex"
    panel.pronouns_input.value = "she/her"
    for name, value in (scores or {"vigor": 2, "operate": 1, "insight": 1, "diplomacy": 1}).items():
        panel.attribute_inputs[name].value = value
    panel.table_input.value = "3"
    panel.create_button.click()
    return panel


def check(panel: VoidlightPanel, attribute: str, position: str, table: str) -> None:
    """Click the Check of ``attribute`` in ``position``, its dice typed "At the table" (``table``)."""
    panel.checks.position.value = position
    panel.table_input.value = table
    panel.checks.check_buttons[attribute].click()
