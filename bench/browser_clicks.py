"""The Firelights panel's speed: click-to-result in a real browser, and each handler in the kernel.

Issue 5's targets: p95 <= 100 ms from a click in the browser to the panel's report changing, and
a median <= 5 ms kernel-side for each panel handler.

Browser: a JupyterLab started by the browser-test harness (tests/browser/harness.py) on a temp
copy of notebooks/, Debian's Chromium driven by Playwright, notebooks/firelights.ipynb run and
played by clicks (Ask the Oracle and Discover a Region in turn, the first choice offered when
one is pending, Evade Danger when the rules demand it, Rest when nothing else is offered). Each
click is timed inside the page, from ``button.click()`` to the first change of the report's text
(``.lantern-report-view``, a MutationObserver on the panel), so Playwright's own overhead is not
counted. Also shown: "settled", the time to the panel's last DOM change for that click (the
last mutation before 150 ms without one: the panel re-renders much more than the report). A
click that makes the panel show an error stops the bench.

Kernel: a FirelightsPanel in this process (no front end: messages are built, not sent), every
action kind clicked through its button (``button.click()``, so the handler, the rules and the
re-render), balanced across kinds by playing seeded journeys; the median and p95 of each kind,
over a JourneyBook (as the notebook plays: each action committed to SQLite) and, for
comparison, over a journey in memory. When a median exceeds the target (or with --profile) the
parts of a click are timed apart and cProfile shows where the time goes.

Run from the repository root: ``python -m bench.browser_clicks`` (or ``python -m bench
browser_clicks``); ``--clicks N`` (browser clicks, default 40), ``--calls N`` (samples per
kind, default 60), ``--quick`` (30 clicks, 30 samples), ``--no-browser``, ``--no-kernel``,
``--profile``. Results also go to bench/results/browser_clicks.json (git ignores the folder).
"""

from __future__ import annotations

import cProfile
import io
import json
import platform
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))  # the harness is a plain module there

import harness  # noqa: E402

BROWSER_P95_TARGET = 100.0  # ms, click to result in the browser
KERNEL_MEDIAN_TARGET = 5.0  # ms, per panel handler
NOTEBOOK = "firelights.ipynb"
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


# --- the browser -------------------------------------------------------------------------------

# Click `selector` inside the panel and time it in the page: to the report's first text change,
# and to the panel's last DOM change before `quiet` ms without one (or `limit` ms in all).
_TIMED_CLICK = """
async ([selector, quiet, limit]) => {
  const panel = document.querySelector('.lantern-firelights');
  const reportText = () => {
    const el = document.querySelector('.lantern-firelights .lantern-report-view');
    return el ? el.textContent : null;
  };
  const before = reportText();
  const button = panel.querySelector(selector);
  if (!button || button.disabled) return {error: `no enabled ${selector}`};
  return await new Promise((resolve) => {
    let report = null;
    let last = null;
    let quietTimer = null;
    const t0 = performance.now();
    const finish = () => {
      observer.disconnect();
      clearTimeout(limitTimer);
      const error = panel.querySelector('.lantern-message-error');
      resolve({report, settled: last, message: error ? error.textContent : null});
    };
    const observer = new MutationObserver(() => {
      const now = performance.now() - t0;
      last = now;
      if (report === null && reportText() !== before) report = now;
      clearTimeout(quietTimer);
      if (report !== null) quietTimer = setTimeout(finish, quiet);
    });
    observer.observe(panel, {subtree: true, childList: true, characterData: true, attributes: true});
    const limitTimer = setTimeout(finish, limit);
    button.click();
  });
}
"""

# What the panel offers now: the pending choices, and the action buttons enabled.
_OFFERED = """
() => {
  const panel = document.querySelector('.lantern-firelights');
  const enabled = [...panel.querySelectorAll('.lantern-actions button')]
    .filter((b) => !b.disabled)
    .flatMap((b) => [...b.classList].filter((c) => c.startsWith('lantern-act-')))
    .map((c) => c.slice('lantern-act-'.length));
  const choices = [...panel.querySelectorAll('.lantern-choice .lantern-act-choose')]
    .map((b) => [...b.classList].find((c) => c.startsWith('lantern-choose-')));
  const over = !!panel.querySelector('.lantern-status .lantern-end');
  return {enabled, choices, over};
}
"""


def next_click(offered: dict[str, Any], turn: int) -> tuple[str, str]:
    """The next (kind, selector) of the bench's player: a choice first, else Ask/Discover in
    turn, Evade when the rules demand it, else Rest."""
    if offered["choices"]:
        return "choose", f".{offered['choices'][0]}"
    enabled = set(offered["enabled"])
    preferred = ("ask", "discover") if turn % 2 == 0 else ("discover", "ask")
    for kind in (*preferred, "evade", "rest"):
        if kind in enabled:
            return kind, f".lantern-act-{kind}"
    raise RuntimeError(f"the panel offers nothing the bench plays: {offered}")


@contextmanager
def lab_page(state_dir: Path, viewport: dict[str, int]) -> Iterator[Any]:
    """A Chromium page on a fresh JupyterLab (harness.JupyterServer) with the Firelights notebook
    open and run; everything stopped afterwards."""
    from playwright.sync_api import sync_playwright

    chromium = harness.find_chromium()
    if chromium is None:
        raise RuntimeError(harness.chromium_missing_reason())
    notebooks = harness.copy_notebooks(state_dir / "notebooks")
    server = harness.JupyterServer(notebooks, state_dir).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(chromium), args=harness.CHROMIUM_ARGS, headless=True
            )
            try:
                page = browser.new_page(viewport=viewport)
                errors = harness.ConsoleErrors()
                errors.attach(page)
                harness.open_notebook(page, server, NOTEBOOK)
                page.locator(".lantern-firelights").wait_for()
                yield page
                harness.assert_no_tracebacks(page)
                unexpected = errors.unexpected()
                if unexpected:
                    raise RuntimeError("browser console errors:\n" + "\n".join(unexpected))
            finally:
                browser.close()
    finally:
        server.stop()


def timed_click(page: Any, kind: str, selector: str) -> dict[str, Any]:
    """Click `selector` in the panel, timed in the page; fails on an error the panel shows."""
    timing: dict[str, Any] = page.evaluate(_TIMED_CLICK, [selector, 150, 5000])
    if "error" in timing:
        raise RuntimeError(timing["error"])
    if timing["message"]:
        raise RuntimeError(f"{kind}: the panel shows an error: {timing['message']}")
    if timing["report"] is None:
        raise RuntimeError(f"{kind}: the report did not change within 5 s")
    return {"kind": kind, **timing}


def bench_browser(clicks: int) -> dict[str, Any]:
    """Click the Firelights panel `clicks` times in JupyterLab; per-click timings in ms."""
    with tempfile.TemporaryDirectory(prefix="lantern-bench-") as tmp:
        started = time.perf_counter()
        with lab_page(Path(tmp), {"width": 1280, "height": 900}) as page:
            ready = time.perf_counter() - started
            page.locator(".lantern-firelights .lantern-name input").fill("Bench")
            begin = timed_click(page, "begin", ".lantern-act-begin")
            samples: list[dict[str, Any]] = []
            turn = 0
            while len(samples) < clicks:
                offered = page.evaluate(_OFFERED)
                if offered["over"]:
                    raise RuntimeError("the journey ended before the clicks were done")
                kind, selector = next_click(offered, turn)
                turn += kind in ("ask", "discover")
                samples.append(timed_click(page, kind, selector))
    # Begin builds the whole action area: shown apart.
    report = [s["report"] for s in samples]
    settled = [s["settled"] for s in samples]
    return {
        "clicks": len(samples),
        "notebook_ready_s": round(ready, 2),
        "begin_ms": round(begin["report"], 1),
        "report_p50_ms": round(percentile(report, 50), 1),
        "report_p95_ms": round(percentile(report, 95), 1),
        "report_max_ms": round(max(report), 1),
        "settled_p50_ms": round(percentile(settled, 50), 1),
        "settled_p95_ms": round(percentile(settled, 95), 1),
        "by_kind": {
            kind: {
                "n": len(times),
                "report_p50_ms": round(percentile(times, 50), 1),
            }
            for kind in sorted({s["kind"] for s in samples})
            for times in [[s["report"] for s in samples if s["kind"] == kind]]
        },
    }


# --- the kernel --------------------------------------------------------------------------------


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
    ("rules: journey.play", "rules.journey:Journey", "play"),
    ("panel.render (all)", "widgets.firelights.panel:FirelightsPanel", "render"),
    ("  _layout (new boxes)", "widgets.firelights.panel:FirelightsPanel", "_layout"),
    ("  map.render (new cells)", "widgets.firelights.world_map:WorldMapView", "render"),
    ("  _render_inputs", "widgets.firelights.panel:FirelightsPanel", "_render_inputs"),
    ("  _render_extra_odds", "widgets.firelights.panel:FirelightsPanel", "_render_extra_odds"),
    ("  _render_choice", "widgets.firelights.panel:FirelightsPanel", "_render_choice"),
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


# --- the report --------------------------------------------------------------------------------


def print_browser(figures: dict[str, Any]) -> bool:
    ok = figures["report_p95_ms"] <= BROWSER_P95_TARGET
    print(
        f"browser: {figures['clicks']} clicks in JupyterLab + Chromium "
        f"(notebook open and run in {figures['notebook_ready_s']} s; Begin {figures['begin_ms']} ms)"
    )
    print("  click -> report changed   p50 {:>6.1f} ms   p95 {:>6.1f} ms   max {:>6.1f} ms".format(
        figures["report_p50_ms"], figures["report_p95_ms"], figures["report_max_ms"]))  # fmt: skip
    print("  click -> panel settled    p50 {:>6.1f} ms   p95 {:>6.1f} ms".format(
        figures["settled_p50_ms"], figures["settled_p95_ms"]))  # fmt: skip
    kinds = ", ".join(
        f"{kind} {v['report_p50_ms']} ms (n={v['n']})" for kind, v in figures["by_kind"].items()
    )
    print(f"  p50 by kind: {kinds}")
    print(f"  target p95 <= {BROWSER_P95_TARGET:.0f} ms: {'met' if ok else 'NOT MET'}")
    return ok


def print_kernel(figures: dict[str, Any]) -> bool:
    book, memory = figures["book"]["by_kind"], figures["memory"]["by_kind"]
    ok = all(row["median_ms"] <= KERNEL_MEDIAN_TARGET for row in book.values())
    print("kernel: each handler via button.click() on an in-process FirelightsPanel")
    print("  (JourneyBook = as the notebook plays: every action committed to SQLite)")
    print(
        f"  {'handler':<10} {'n':>5} {'JourneyBook median':>19} {'p95':>7} {'in memory median':>17}"
    )
    for kind, row in book.items():
        flag = "" if row["median_ms"] <= KERNEL_MEDIAN_TARGET else "  over"
        mem = memory.get(kind, {}).get("median_ms", float("nan"))
        print(
            f"  {kind:<10} {row['n']:>5} {row['median_ms']:>16.2f} ms {row['p95_ms']:>7.2f} "
            f"{mem:>14.2f} ms{flag}"
        )
    print(
        f"  new widgets per click (median): {figures['book']['widgets_created_per_click_median']:g}"
    )
    print(f"  target median <= {KERNEL_MEDIAN_TARGET:.0f} ms: {'met' if ok else 'NOT MET'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; 0 when every measured target is met, 1 otherwise."""
    argv = list(sys.argv[1:] if argv is None else argv)
    quick = "--quick" in argv
    clicks = 30 if quick else 40
    calls = 30 if quick else 60
    if "--clicks" in argv:
        clicks = max(30, int(argv[argv.index("--clicks") + 1]))
    if "--calls" in argv:
        calls = int(argv[argv.index("--calls") + 1])
    print(f"command: {Path(sys.executable).name} -m bench.browser_clicks {' '.join(argv)}".rstrip())
    results: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.platform(),
    }
    ok = True
    if "--no-kernel" not in argv:
        results["kernel"] = bench_kernel(calls)
        kernel_ok = print_kernel(results["kernel"])
        ok &= kernel_ok
        if not kernel_ok or "--profile" in argv:
            print("\nwhere the kernel time goes (300 clicks):")
            print(profile_kernel())
    if "--no-browser" not in argv:
        if harness.find_chromium() is None:
            print(f"browser: skipped, {harness.chromium_missing_reason()}")
        else:
            results["browser"] = bench_browser(clicks)
            ok &= print_browser(results["browser"])
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "browser_clicks.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
