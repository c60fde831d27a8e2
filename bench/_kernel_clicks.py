"""The Firelights panel's handlers timed in the kernel, for :mod:`bench.browser_clicks`.

A FirelightsPanel in this process (no front end: messages are built, not sent), every action
kind clicked through its button (``button.click()``, so the handler, the rules and the
re-render), balanced across kinds by playing seeded journeys: the median and p95 of each kind,
over a JourneyBook and over a journey in memory (:func:`bench_kernel`). When a median is over its
target the parts of a click are timed apart and cProfile shows where the time goes
(:func:`profile_kernel`). :func:`percentile` is the one the browser benches read their figures
with.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

JOURNEY_LENGTH = 60  # actions per seeded journey in the kernel bench, then a fresh panel
KINDS = (
    "begin",
    "discover",
    "search",
    "evade",
    "confront",
    "fight",
    "flee",
    "buy",
    "ask",
    "rest",
    "choose",
    "travel",
    "consult",
)


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (0-100), linear between closest ranks."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def _live_widgets() -> int:
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


class KernelPlayer:
    """Seeded journeys on an in-process FirelightsPanel; every click timed by action kind.

    With `book_dir`, each journey is a JourneyBook saved there (as the notebook plays it: every
    action committed to SQLite); without, a bare journey kept in memory.
    """

    def __init__(self, calls: int, book_dir: Path | None = None) -> None:
        self.calls = calls
        self.book_dir = book_dir
        self.times: dict[str, list[float]] = {kind: [] for kind in KINDS}
        self.seed = 0
        self.panel: Any = None
        self.book: Any = None
        self.widgets_per_click: list[float] = []

    def timed(self, kind: str, click: Callable[[], None]) -> None:
        before = _live_widgets()
        started = time.perf_counter()
        click()
        self.times[kind].append((time.perf_counter() - started) * 1000)
        self.widgets_per_click.append(_live_widgets() - before)

    def close(self) -> None:
        import ipywidgets

        ipywidgets.Widget.close_all()  # the last journey's widgets, so memory stays flat
        if self.book is not None:
            self.book.close()
            self.book = None

    def new_journey(self) -> None:
        from widgets.firelights import FirelightsPanel

        self.close()
        self.seed += 1
        if self.book_dir is not None:
            from rules.book import JourneyBook

            path = self.book_dir / f"bench-{self.seed}.lantern"
            self.book = JourneyBook.start(path, game="firelights", seed=self.seed)
            self.panel = FirelightsPanel(self.book)
        else:
            self.panel = FirelightsPanel(seed=self.seed)
        self.panel.name_input.value = "Bench"
        self.panel.pronouns_input.value = "they/them"
        self.timed("begin", self.panel.begin_button.click)

    def offered(self) -> list[tuple[str, Callable[[], None]]]:
        """The clicks the panel offers now, as (kind, click)."""
        panel = self.panel
        if panel.state.pending is not None and panel.state.pending.kind != "evade":
            buttons = list(panel.choice_buttons)
            return [("choose", buttons[self.seed % len(buttons)].click)]
        clicks = [(k, b.click) for k, b in panel.buttons.items() if not b.disabled]
        cells = [b for b in panel.map.cells.values() if not b.disabled]
        if cells:
            clicks.append(("travel", cells[0].click))
        clicks.append(("consult", panel.tables.roll_button.click))
        return clicks

    def done(self) -> bool:
        return all(len(self.times[kind]) >= self.calls for kind in KINDS)

    def play(self) -> None:
        """Begin `calls` fresh journeys, then play seeded journeys, the least-sampled kind
        offered first, until every kind has `calls` samples (or 30 x calls actions).

        The exact-odds cache starts empty, so each player pays for the odds as a player does."""
        from rules.firelights.action_roll import _odds

        _odds.cache_clear()
        while len(self.times["begin"]) < self.calls:
            self.new_journey()
        for _ in range(30 * self.calls):
            if self.done():
                break
            if self.panel.state.over or len(self.panel.journey.entries) >= JOURNEY_LENGTH:
                self.new_journey()
            kind, click = min(self.offered(), key=lambda item: len(self.times[item[0]]))
            self.timed(kind, click)
        self.close()


def _summary(player: KernelPlayer) -> dict[str, Any]:
    return {
        "by_kind": {
            kind: {
                "n": len(times),
                "median_ms": round(statistics.median(times), 2),
                "p95_ms": round(percentile(times, 95), 2),
            }
            for kind, times in player.times.items()
            if times
        },
        "widgets_created_per_click_median": statistics.median(player.widgets_per_click),
    }


def bench_kernel(calls: int) -> dict[str, Any]:
    """The kernel-side time of each panel handler, in ms: over a JourneyBook in a temp folder
    (as the notebook builds the panel) and over a journey in memory."""
    with tempfile.TemporaryDirectory(prefix="lantern-bench-") as tmp:
        book = KernelPlayer(calls, Path(tmp))
        book.play()
    memory = KernelPlayer(calls)
    memory.play()
    return {"book": _summary(book), "memory": _summary(memory)}


# The parts of a click timed apart by profile_kernel: (label, owner's import path, attribute).
PARTS = (
    ("rules: journey.play", "rules.record.journey:Journey", "play"),
    ("panel.render (all)", "widgets.frame.base:GameFrame", "render"),
    ("  render_board", "widgets.firelights.panel:FirelightsPanel", "render_board"),
    ("    map.render", "widgets.firelights.world_map:WorldMapView", "render"),
    ("    map._draw (new cells)", "widgets.firelights.world_map:WorldMapView", "_draw"),
    ("  render_actions", "widgets.firelights.panel:FirelightsPanel", "render_actions"),
    ("    bar.render (odds)", "widgets.firelights.action_bar:ActionBar", "render"),
    ("    _render_choice", "widgets.firelights.panel:FirelightsPanel", "_render_choice"),
    ("  controls.refresh", "widgets.frame.controls:JourneyControls", "refresh"),
    ("  log_view.show", "widgets.frame.log_view:LogView", "show"),
    ("odds, exact (_odds)", "rules.firelights.action_roll", "_odds"),
)


@contextmanager
def timed_parts(parts: dict[str, list[float]]) -> Iterator[None]:
    """Wrap each PARTS function with a timer (this process only); unwrapped afterwards."""
    import importlib

    patched = []
    for label, owner_path, name in PARTS:
        module_name, _, class_name = owner_path.partition(":")
        owner = importlib.import_module(module_name)
        if class_name:
            owner = getattr(owner, class_name)
        original = getattr(owner, name, None)
        if original is None:  # renamed in the panel: skip it
            continue

        def wrapper(*args: Any, _f: Any = original, _label: str = label, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return _f(*args, **kwargs)
            finally:
                parts.setdefault(_label, []).append((time.perf_counter() - started) * 1000)

        setattr(owner, name, wrapper)
        patched.append((owner, name, original))
    try:
        yield
    finally:
        for owner, name, original in patched:
            setattr(owner, name, original)


def profile_kernel(clicks: int = 300, top: int = 20) -> str:
    """Where a click's time goes: the parts of the panel timed apart over `clicks` offered
    clicks (least-sampled kind first, in memory), then cProfile's top functions (clicks only)."""
    from rules.firelights.action_roll import _odds

    def play(player: KernelPlayer, profiler: cProfile.Profile | None = None) -> None:
        _odds.cache_clear()  # each run pays for its own odds
        player.new_journey()
        for _ in range(clicks):
            if player.panel.state.over or len(player.panel.journey.entries) >= JOURNEY_LENGTH:
                player.new_journey()
            kind, click = min(player.offered(), key=lambda item: len(player.times[item[0]]))
            if profiler is not None:
                profiler.enable()
            player.timed(kind, click)
            if profiler is not None:
                profiler.disable()
        player.close()

    parts: dict[str, list[float]] = {}
    with timed_parts(parts):
        play(player := KernelPlayer(calls=10**9))
    misses = _odds.cache_info().misses
    n = sum(len(times) for times in player.times.values())
    lines = [f"  {'part':<26} {'calls':>6} {'median ms':>10} {'ms per click':>13}"]
    for label, _owner, _name in PARTS:
        times = parts.get(label, [])
        if not times:
            continue
        median = statistics.median(times)
        if label.startswith("odds") and misses:  # cached calls are free: the fresh ones count
            median = statistics.median(sorted(times)[-misses:])
            label = f"odds (fresh: {misses})"
        lines.append(f"  {label:<26} {len(times):>6} {median:>10.2f} {sum(times) / n:>13.2f}")
    profiler = cProfile.Profile()
    play(KernelPlayer(calls=10**9), profiler)
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("cumulative")
    stats.print_stats(top)
    body = out.getvalue().split("\n")
    start = next((i for i, line in enumerate(body) if "ncalls" in line), 0)
    return "\n".join(lines) + "\n\n  cProfile, by cumulative time:\n" + "\n".join(body[start:])
