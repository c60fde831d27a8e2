"""A kernel that shuts down while Advice thinks apart exits at once: ipykernel's shutdown sets
the shell's ``exit_now``, then waits for every child process of its group to go (it sends them
SIGTERM, then waits up to 14 s), and multiprocessing's resource tracker ignores SIGTERM; the
server killed the kernel after 2.5 s, leaking the pool's semaphores. Here a kernel-like process
(an IPython shell, a batch under way in the thinking process) says it exits as ipykernel does, and
has no child left at that moment, and its leftovers are cleaned (no leaked-semaphore warning)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

_KERNEL_LIKE = """
import asyncio, json, os, signal
import psutil
from IPython.core.interactiveshell import InteractiveShell
from rules.embers import advise
from widgets.embers import EmbersPanel
from widgets.frame import thinking

shell = InteractiveShell.instance()
panel = EmbersPanel(seed=5)
panel.difficulty_input.value = 'recruit'
panel.begin_button.click()

def children():
    group = os.getpgrp()
    return [c.pid for c in psutil.Process().children(recursive=True)
            if os.getpgid(c.pid) == group]

async def main():
    await thinking.think_apart(advise, panel.state, 1, 0)  # the process has started
    (worker,) = thinking._process()._processes
    os.kill(worker, signal.SIGINT)  # an interrupt of the kernel's cell reaches its whole group
    busy = asyncio.ensure_future(thinking.think_apart(advise, panel.state, 100_000, 1))
    await asyncio.sleep(0.5)
    before = children()
    shell.exit_now = True  # ipykernel's do_shutdown, before it looks for children
    after = children()
    rows = await busy
    again = await thinking.think_apart(advise, panel.state, 1, 2)
    return {"before": len(before), "after": after, "busy": rows is None, "again": again is None,
            "worker_alive_after_sigint": worker in before}

print(json.dumps(asyncio.run(main())))
"""


def test_a_kernel_shutting_down_while_advice_thinks_has_no_child_left() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _KERNEL_LIKE],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.strip().splitlines()[-1])
    # the worker and the resource tracker, the worker alive after the interrupt
    assert said["before"] == 2 and said["worker_alive_after_sigint"], said
    assert said["after"] == [], said  # nothing left for ipykernel to wait for
    assert said["busy"] and said["again"], said  # the batch dropped, no process started again
    assert "leaked" not in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_the_thinking_module_loads_where_python_has_no_resource_tracker() -> None:
    """A browser's Python (Pyodide) cannot import ``multiprocessing.resource_tracker``: the panels
    import this module there all the same (it thinks in the kernel), so the tracker is imported
    only when a kernel with a thinking process shuts down."""
    code = (
        "import sys\n"
        "sys.modules['multiprocessing.resource_tracker'] = None  # its import fails, as in Pyodide\n"
        "from widgets.frame import thinking\n"
        "thinking.stop(for_good=True)  # no process was started: nothing to stop, no tracker\n"
        "print('loaded')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "loaded"
