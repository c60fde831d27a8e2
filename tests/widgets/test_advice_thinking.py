"""Where Advice thinks ("never blocking a click ... the panel stays as fast as without
it"): batches go to a process of its own at a lower priority, give the same rows as in the kernel
for the same seed, leave the kernel's loop free while they run, and fall back to the kernel where
no process can think."""

from __future__ import annotations

import asyncio
import os
from functools import partial
from itertools import pairwise
from typing import Any

import pytest
from test_advice_panel import APART, begun, run_apart

from rules.embers import advise as embers_advise
from rules.firelights import advise as firelights_advise
from rules.play.advice import Advice
from rules.voidlight import advise as voidlight_advise
from widgets.frame import advice, thinking
from widgets.frame.advice import ENOUGH, SHOW_EVERY, SHOW_MOST, AdviceHook, AdviceView

ADVISORS: dict[str, Any] = {
    "embers": embers_advise,
    "firelights": partial(firelights_advise, within=50),
    "voidlight": voidlight_advise,
}


@pytest.fixture(autouse=True)
def _stopped_afterwards() -> Any:
    yield
    thinking.stop()


def _counts(rows: list[Advice]) -> list[tuple[str, int, int, bool]]:
    return [(repr(row.move), row.successes, row.runs, row.best) for row in rows]


@pytest.mark.parametrize("game", sorted(ADVISORS))
def test_a_batch_thought_apart_gives_the_rows_the_kernel_gives(game: str) -> None:
    panel = begun(game, APART[game])
    state, advisor = panel.state, ADVISORS[game]
    here = advisor(state, 6, 2)
    apart = run_apart(thinking.think_apart(advisor, state, 6, 2))
    panel.close()
    assert apart is not None and _counts(apart) == _counts(here)


def test_the_thinking_process_runs_behind_the_kernel() -> None:
    """Its priority is NICENESS below this process's (the scheduler gives a click's work the cores
    first); it is one process, kept for the next batch."""
    panel = begun("embers", APART["embers"])
    run_apart(thinking.think_apart(embers_advise, panel.state, 1, 0))
    pool = thinking._process()
    (pid,) = list(pool._processes)
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, ours + thinking.NICENESS)
    run_apart(thinking.think_apart(embers_advise, panel.state, 1, 1))
    assert thinking._process() is pool and list(pool._processes) == [pid]
    panel.close()


def test_while_a_batch_thinks_apart_the_kernels_loop_is_free() -> None:
    """A click's handler runs at once: the loop serves callbacks while a batch of 64 rollouts per
    move runs in the thinking process (in the kernel, the batch would hold the loop until it is
    done). How long the loop waits between turns is a speed, measured in bench/ (``python -m
    bench advice --loop``), never asserted here: a shared machine decides it, not the code."""
    panel = begun("firelights", APART["firelights"])
    state = panel.state
    run_apart(thinking.think_apart(ADVISORS["firelights"], state, 1, 0))  # started

    async def main() -> tuple[int, list[Advice] | None]:
        batch = asyncio.ensure_future(thinking.think_apart(ADVISORS["firelights"], state, 64, 1))
        await asyncio.sleep(0)  # the batch's task runs first (it sends the batch), then this one
        served = int(not batch.done())  # a callback the loop ran while the batch was not done
        while not batch.done():
            await asyncio.sleep(0.001)
            served += not batch.done()
        return served, await batch

    served, rows = run_apart(main())
    here = ADVISORS["firelights"](state, 64, 1)
    panel.close()
    assert served >= 1  # the first turn after the batch began found it still running
    assert rows is not None and _counts(rows) == _counts(here)  # thought apart, the same rows


def test_a_state_that_cannot_be_sent_is_thought_in_the_kernel() -> None:
    """An advisor that does not pickle (a lambda): no process can think it, and the task's rows
    come from the kernel instead, as many as before."""
    panel = begun("embers", APART["embers"])

    class Local(AdviceHook):
        def advisor(self) -> Any:
            return lambda state, runs, seed: embers_advise(state, runs, seed)

    async def main() -> tuple[list[Advice], bool]:
        view = AdviceView(Local(panel))
        view.toggle.value = True
        view.follow(panel.state, live=True)
        for _ in range(400):
            await asyncio.sleep(0.01)
            if view.rows and min(row.runs for row in view.rows) >= 8:
                break
        rows, apart = view.rows, view._apart
        view.close()
        return rows, apart

    rows, apart = run_apart(main())
    panel.close()
    assert rows and min(row.runs for row in rows) >= 8 and not apart


def test_on_the_loop_the_panels_advice_thinks_apart() -> None:
    panel = begun("voidlight", APART["voidlight"])

    async def main() -> tuple[int, bool]:
        view = panel.advice
        view.toggle.value = True
        for _ in range(600):
            await asyncio.sleep(0.01)
            if view.rows and min(row.runs for row in view.rows) >= 8:
                break
        return min(row.runs for row in view.rows), view._apart

    least, apart = run_apart(main())
    panel.close()
    assert least >= 8 and apart


def test_refined_rows_show_less_often_as_they_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each showing re-renders the table in the browser: the time between showings doubles from
    SHOW_EVERY up to SHOW_MOST while the rows refine, and the last rows always show. Timed on a
    clock of the test's own: each batch takes 0.05 s of it, each pause what it asks."""
    clock = [100.0]
    monkeypatch.setattr(advice.time, "perf_counter", lambda: clock[0])

    class Steady(AdviceHook):
        def advise(self, state: Any, runs: int, seed: int) -> list[Advice]:
            clock[0] += 0.05
            wins = runs // 2
            return [Advice(move, wins / runs, 0.0, 1.0, wins, runs) for move in ("a", "b")]

    async def pause(seconds: float) -> None:
        clock[0] += seconds
        await asyncio.sleep(0)

    async def main() -> tuple[list[tuple[float, str]], int]:
        view = AdviceView(Steady(None), sleep=pause)
        shown: list[tuple[float, str]] = []
        view.note.observe(lambda change: shown.append((clock[0], change["new"])), "value")
        view.toggle.value = True
        view.follow("a state", live=True)
        for _ in range(100_000):  # a bound against a hang: about 1,000 turns of the loop do
            if view.rows and not view.thinking:
                break
            await asyncio.sleep(0)
        least = min(row.runs for row in view.rows)
        view.close()
        return shown, least

    shown, least = run_apart(main())
    refined = [(when, note) for when, note in shown if "rollouts per move" in note]
    # the last showing comes when the refinement ends, however soon after the one before it
    gaps = [later - earlier for (earlier, _), (later, _) in pairwise(refined[:-1])]
    batch = 0.05 + 0.005  # a batch and the pause after it, on the test's clock
    assert gaps[:3] == pytest.approx([SHOW_EVERY, 2 * SHOW_EVERY, SHOW_MOST], abs=batch)
    assert all(SHOW_MOST - 1e-9 <= gap <= SHOW_MOST + batch for gap in gaps[2:])
    assert least >= ENOUGH and f"{least} rollouts per move" in refined[-1][1]
