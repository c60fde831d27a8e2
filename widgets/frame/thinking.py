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
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import pickle
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

_pool: ProcessPoolExecutor | None = None
#: Once a process could not be started or reached, advice thinks in the kernel from then on.
_unavailable = False
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
    """The process's first step: step back behind the kernel and the browser."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)


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
    return _pool


async def think_apart(advisor: Advisor, state: Any, runs: int, seed: int) -> list[Advice] | None:
    """``advisor(state, runs, seed)`` in the thinking process, awaited on the kernel's loop: the
    same rows as in the kernel (the rollouts are seeded by ``seed`` alone). None when it cannot
    think there; a rules error (a :class:`~rules.errors.LanternError`) comes back as itself."""
    global _pool, _unavailable
    if _unavailable or not platform.HAS.processes:
        return None
    try:
        future = _process().submit(advisor, state, runs, seed)
        return await asyncio.wrap_future(future)
    except _CANNOT_SEND:
        _unavailable = True
        broken, _pool = _pool, None
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        return None


def stop() -> None:
    """Stop the thinking process (tests; the kernel's exit stops it by itself)."""
    global _pool, _unavailable
    pool, _pool, _unavailable = _pool, None, False
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
