"""Where Advice thinks: a process of its own beside the kernel, at a low priority.

Why not the kernel: rollouts are CPU work. Run on the kernel's loop, a click waits for the batch
under way, and the kernel's one core is taken from the page's own work while a click renders
(on two cores the browser, the server and the kernel share what is left). In a process of its
own the kernel answers a click at once, and at a lower priority (:data:`NICENESS`) the scheduler
gives the player's click the cores first and advice the rest: on an idle machine it still has a
whole core.

One process per kernel, started on the first batch and kept (starting one costs about a second
of imports); batches go to it one at a time, so a stale batch finishes (it is short) and is
dropped by the caller. Where no process can be started or a batch cannot be sent there (a state
that does not pickle, a process that died), :func:`think_apart` answers None and the caller
thinks in the kernel as before: advice is slower there, never missing. Where this Python can
start no process at all (a browser: :data:`rules.table.platform.HAS`), no process is tried and
advice thinks in the kernel from the first batch, in short batches with the loop free between
them, so a click still never waits for more than one batch.

When the kernel shuts down (a restart, a closed notebook) the process is stopped at once, its batch
dropped, and so is multiprocessing's resource tracker beside it: ipykernel waits, before it exits,
for every child process of its group to go, and the tracker ignores the SIGTERM it sends (it waited
until the server killed the kernel, 2.5 s later, leaking the queues' semaphores). An interrupt
(SIGINT to the kernel's whole process group) is not for the thinking process: it ignores it, so an
interrupted cell leaves Advice thinking apart.
"""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from rules.play.advice import Advice
from rules.table import platform

__all__ = ["NICENESS", "Advisor", "think_apart"]

#: How much lower than the kernel the thinking process runs (``os.nice``; 19 is the lowest): low
#: enough that a click's work comes first, not so low that other programs starve it.
NICENESS = 10

#: What a game's hook hands the thinking process: the rules' ``advise`` as a value that pickles
#: (a module-level function of (state, runs, seed), or a :func:`functools.partial` of one).
Advisor = Callable[[Any, int, int], list[Advice]]

#: How long a stop waits for the batch under way to end by itself (seconds): a batch is sized to
#: take about 10 ms; a longer one (the process still starting) is ended.
STOP_WITHIN = 0.2

_pool: ProcessPoolExecutor | None = None
#: Once a process could not be started or reached, advice thinks in the kernel from then on.
_unavailable = False
#: The IPython shell whose shutdown stops the process (watched once).
_watched: Any = None
#: What a batch that cannot go to the process raises: it does not pickle, or the process is gone.
_CANNOT_SEND = (
    BrokenProcessPool,
    pickle.PicklingError,
    TypeError,
    AttributeError,
    OSError,
    NotImplementedError,  # no process pool in this Python (no multiprocessing.synchronize)
)


def _lower_priority() -> None:
    """The process's first step: step back behind the kernel and the browser, and leave an
    interrupt of the kernel's cell to the kernel (an idle process it reached died of it)."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _process() -> ProcessPoolExecutor:
    """The thinking process, started on first use ("spawn": a fork of a kernel would copy its
    threads' locks)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_lower_priority,
        )
        _stop_with_kernel()
    return _pool


def _stop_with_kernel() -> None:
    """Stop the process as the kernel begins to shut down: ipykernel's shutdown sets the shell's
    ``exit_now`` before it waits for the kernel's children (so does ``exit`` in a cell)."""
    global _watched
    try:
        from IPython import get_ipython
    except ImportError:  # no IPython: nothing waits for the children
        return
    shell = get_ipython()
    if shell is None or shell is _watched or not shell.has_trait("exit_now"):
        return
    shell.observe(_exiting, names="exit_now")
    _watched = shell


def _exiting(change: Any) -> None:
    if change["new"]:
        stop(for_good=True)


async def think_apart(advisor: Advisor, state: Any, runs: int, seed: int) -> list[Advice] | None:
    """``advisor(state, runs, seed)`` in the thinking process, awaited on the kernel's loop: the
    same rows as in the kernel (the rollouts are seeded by ``seed`` alone). None when it cannot
    think there; a rules error (a :class:`~rules.errors.LanternError`) comes back as itself."""
    global _pool, _unavailable
    if _unavailable or not platform.HAS.processes:
        return None
    pool = _process()
    try:
        future = pool.submit(advisor, state, runs, seed)
        return await asyncio.wrap_future(future)
    except _CANNOT_SEND:
        if pool is not _pool:  # stopped under way (the kernel exits): the next batch decides
            return None
        _unavailable = True
        broken, _pool = _pool, None
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        return None


def stop(*, for_good: bool = False) -> None:
    """Stop the thinking process now: the batch under way ends (within :data:`STOP_WITHIN`, else
    it is ended and its caller gets None), the ones waiting are dropped.

    ``for_good`` (the kernel shuts down): no process is started again, and multiprocessing's
    resource tracker is stopped too, once the pool's queues are released; else (tests) the next
    batch starts a new process."""
    global _pool, _unavailable
    _unavailable = for_good
    pool, _pool = _pool, None
    if pool is not None:
        _end(pool)
    if for_good:
        gc.collect()  # the queues' semaphores go now, not after the tracker that unlinks them
        try:  # imported here: a browser's Python has none (and started no process to watch)
            from multiprocessing import resource_tracker
        except ImportError:
            return
        tracker_stop = getattr(resource_tracker._resource_tracker, "_stop", None)
        if tracker_stop is not None:  # a private method, since Python 3.8
            tracker_stop()


def _end(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down, its process ended within :data:`STOP_WITHIN`; nothing of it is kept."""
    processes = list((pool._processes or {}).values())
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:  # a batch is short: it ends, else it is ended
        process.join(STOP_WITHIN)
        if process.is_alive():
            process.terminate()
            process.join()
    if manager is not None:
        manager.join()
