"""The Firelights panel's speed: click-to-result in a real browser, and each handler in the kernel.

The targets: p95 <= 100 ms from a click in the browser to the panel's report changing
and to the panel settled (its last DOM change for that click), and a median <= 5 ms
kernel-side for each panel handler.

Browser: a JupyterLab started by the browser-test harness (tests/browser/harness.py) on a temp
copy of notebooks/, Debian's Chromium in a 1400×1000 window (the size the game frame is laid out
for) driven by Playwright, notebooks/firelights.ipynb run and played by clicks on the game
frame's panel (Ask the Oracle and Discover a Region in turn, the first choice offered when one is
pending, Evade Danger when the rules demand it, Rest when nothing else is offered or when the
Fatigue is full and pushing on shows a risk). Each
click is timed inside the page, from ``button.click()`` to the first change of the report's text
(``.lantern-report-view``, a MutationObserver on the panel), so Playwright's own overhead is not
counted. Also shown: "settled", the time to the panel's last DOM change for that click (the
last mutation before 150 ms without one: the panel re-renders much more than the report). When
settled misses its target (or with --churn) as many clicks again are watched with every DOM
change named (the nearest ``lantern-`` class and widget kind of the changed node, the change, a
rewrite of the same value marked), so the report says which elements re-render on a click. A
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
``--profile``, ``--churn`` (name the DOM changes of each click even when the target is met).
Results also go to bench/results/browser_clicks.json (git ignores the folder).
"""

from __future__ import annotations

import json
import platform
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))  # the harness is a plain module there

import harness  # noqa: E402
import lab_servers  # noqa: E402
import page_console  # noqa: E402

from bench._kernel_clicks import bench_kernel, percentile, profile_kernel  # noqa: E402

BROWSER_P95_TARGET = 100.0  # ms, click to result in the browser
SETTLED_P95_TARGET = 100.0  # ms, click to the panel's last DOM change
WINDOW = {"width": 1400, "height": 1000}  # the window the game frame is laid out for
KERNEL_MEDIAN_TARGET = 5.0  # ms, per panel handler
NOTEBOOK = "firelights.ipynb"
# --- the browser -------------------------------------------------------------------------------

# Click `selector` inside the panel and time it in the page: to the report's first text change,
# and to the panel's last DOM change before `quiet` ms without one (or `limit` ms in all). With
# `churn`, each DOM change is also named (where it happened, what changed, when), so the bench
# can say what re-renders on a click.
_TIMED_CLICK = """
async ([selector, quiet, limit, churn]) => {
  const panel = document.querySelector('.lantern-firelights');
  const reportText = () => {
    const el = document.querySelector('.lantern-firelights .lantern-report-view');
    return el ? el.textContent : null;
  };
  // A changed node, named by the nearest lantern- class above it and its widget kind.
  const name = (node) => {
    let el = node.nodeType === 1 ? node : node.parentElement;
    let widget = null;
    let lantern = null;
    for (let up = el; up && up !== panel.parentElement; up = up.parentElement) {
      const classes = [...up.classList];
      widget = widget || classes.find((c) => c.startsWith('widget-') && c !== 'widget-container'
        && c !== 'widget-inline-hbox' && c !== 'widget-inline-vbox');
      lantern = classes.find((c) => c.startsWith('lantern-') && c !== 'lantern-panel'
        && c !== 'lantern-frame' && c !== 'lantern-firelights' && c !== 'lantern-section-box');
      if (lantern) break;
    }
    return `${lantern || '(panel)'} ${widget || el.tagName.toLowerCase()}`;
  };
  const before = reportText();
  const button = panel.querySelector(selector);
  if (!button || button.disabled) return {error: `no enabled ${selector}`};
  return await new Promise((resolve) => {
    let report = null;
    let last = null;
    let quietTimer = null;
    const changes = [];
    const t0 = performance.now();
    const finish = () => {
      observer.disconnect();
      clearTimeout(limitTimer);
      const error = panel.querySelector('.lantern-message-error');
      resolve({report, settled: last, message: error ? error.textContent : null, changes});
    };
    const observer = new MutationObserver((records) => {
      const now = performance.now() - t0;
      last = now;
      if (churn) {
        for (const r of records) {
          let what = r.type === 'attributes' ? `@${r.attributeName}` : r.type === 'childList'
            ? 'children' : 'text';
          // The same value written again: a re-render that changed nothing on screen.
          const same = r.type === 'attributes'
            ? r.oldValue === r.target.getAttribute(r.attributeName)
            : r.type === 'characterData' ? r.oldValue === r.target.data : false;
          if (same) what += ' (same value)';
          changes.push([Math.round(now * 10) / 10, name(r.target), what]);
        }
      }
      if (report === null && reportText() !== before) report = now;
      clearTimeout(quietTimer);
      if (report !== null) quietTimer = setTimeout(finish, quiet);
    });
    observer.observe(panel, {subtree: true, childList: true, characterData: true, attributes: true,
                             attributeOldValue: churn, characterDataOldValue: churn});
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
  const over = !!panel.querySelector('.lantern-status .lantern-end, .lantern-ending');
  const risk = !!panel.querySelector('.lantern-risk');
  return {enabled, choices, over, risk};
}
"""


def next_click(offered: dict[str, Any], turn: int) -> tuple[str, str]:
    """The next (kind, selector) of the bench's player: a choice first, else Ask/Discover in
    turn, Evade when the rules demand it, else Rest; Rest first when pushing on is a risk (the
    Fatigue is full: the actions stay offered, with a risk line)."""
    if offered["choices"]:
        return "choose", f".{offered['choices'][0]}"
    enabled = set(offered["enabled"])
    if offered["risk"] and "rest" in enabled:
        return "rest", ".lantern-act-rest"
    preferred = ("ask", "discover") if turn % 2 == 0 else ("discover", "ask")
    for kind in (*preferred, "evade", "rest"):
        if kind in enabled:
            return kind, f".lantern-act-{kind}"
    raise RuntimeError(f"the panel offers nothing the bench plays: {offered}")


@contextmanager
def lab_page(state_dir: Path, viewport: dict[str, int]) -> Iterator[Any]:
    """A Chromium page on a fresh JupyterLab (lab_servers.JupyterServer) with the Firelights notebook
    open and run; everything stopped afterwards."""
    from playwright.sync_api import sync_playwright

    chromium = harness.find_chromium()
    if chromium is None:
        raise RuntimeError(harness.chromium_missing_reason())
    notebooks = harness.copy_notebooks(state_dir / "notebooks")
    server = lab_servers.JupyterServer(notebooks, state_dir).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(chromium), args=harness.CHROMIUM_ARGS, headless=True
            )
            try:
                page = browser.new_page(viewport=viewport)
                errors = page_console.ConsoleErrors()
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


def timed_click(page: Any, kind: str, selector: str, churn: bool = False) -> dict[str, Any]:
    """Click `selector` in the panel, timed in the page; fails on an error the panel shows.
    With `churn`, the timing also lists the DOM changes: [ms, where, what] each."""
    timing: dict[str, Any] = page.evaluate(_TIMED_CLICK, [selector, 150, 5000, churn])
    if "error" in timing:
        raise RuntimeError(timing["error"])
    if timing["message"]:
        raise RuntimeError(f"{kind}: the panel shows an error: {timing['message']}")
    if timing["report"] is None:
        raise RuntimeError(f"{kind}: the report did not change within 5 s")
    return {"kind": kind, **timing}


def bench_browser(clicks: int, churn: bool = False) -> dict[str, Any]:
    """Click the Firelights panel `clicks` times in JupyterLab; per-click timings in ms.

    When the panel's settled p95 misses the target (or with `churn`), `clicks` more clicks are
    played with every DOM change named, and "churn" says what changes on a click (churn_table).
    """
    with tempfile.TemporaryDirectory(prefix="lantern-bench-") as tmp:
        started = time.perf_counter()
        with lab_page(Path(tmp), WINDOW) as page:
            ready = time.perf_counter() - started
            page.locator(".lantern-firelights .lantern-name input").fill("Bench")
            begin = timed_click(page, "begin", ".lantern-act-begin")
            player = _BrowserPlayer(page)
            samples = [player.click() for _ in range(clicks)]
            settled = [s["settled"] for s in samples]
            watched: list[dict[str, Any]] = []
            if churn or percentile(settled, 95) > SETTLED_P95_TARGET:
                watched = [player.click(churn=True) for _ in range(clicks)]
    # Begin builds the whole action area: shown apart.
    report = [s["report"] for s in samples]
    figures: dict[str, Any] = {
        "clicks": len(samples),
        "window": f"{WINDOW['width']}x{WINDOW['height']}",
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
                "settled_p50_ms": round(percentile(done, 50), 1),
            }
            for kind in sorted({s["kind"] for s in samples})
            for times in [[s["report"] for s in samples if s["kind"] == kind]]
            for done in [[s["settled"] for s in samples if s["kind"] == kind]]
        },
    }
    if watched:
        figures["churn"] = churn_table(watched)
    return figures


class _BrowserPlayer:
    """The bench's player on the page: what next_click picks, clicked and timed."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.turn = 0

    def click(self, churn: bool = False) -> dict[str, Any]:
        offered = self.page.evaluate(_OFFERED)
        if offered["over"]:
            raise RuntimeError("the journey ended before the clicks were done")
        kind, selector = next_click(offered, self.turn)
        self.turn += kind in ("ask", "discover")
        return timed_click(self.page, kind, selector, churn)


def churn_table(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """What changes in the DOM on a click, from clicks timed with churn: for each element (its
    nearest lantern- class and widget kind) and change, in how many clicks it changed, how many
    changes per click, and how late (median of its last change in each click, ms); and which
    element changed last, so decided "settled", how often."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    last_by: dict[str, int] = {}
    for sample in samples:
        changes = sample["changes"]
        if not changes:
            continue
        last_by[changes[-1][1]] = last_by.get(changes[-1][1], 0) + 1
        seen: dict[tuple[str, str], list[float]] = {}
        for at, where, what in changes:
            seen.setdefault((where, what), []).append(at)
        for key, times in seen.items():
            row = rows.setdefault(key, {"clicks": 0, "changes": 0, "last_ms": []})
            row["clicks"] += 1
            row["changes"] += len(times)
            row["last_ms"].append(max(times))
    n = len(samples)
    table = [
        {
            "where": where,
            "what": what,
            "clicks": f"{row['clicks']}/{n}",
            "per_click": round(row["changes"] / row["clicks"], 1),
            "last_ms_p50": round(percentile(row["last_ms"], 50), 1),
        }
        for (where, what), row in rows.items()
    ]
    table.sort(key=lambda r: (-int(r["clicks"].split("/")[0]), -r["last_ms_p50"]))
    kinds = ", ".join(
        f"{kind} {sum(s['kind'] == kind for s in samples)}"
        for kind in sorted({s["kind"] for s in samples})
    )
    settled = [s["settled"] for s in samples]
    return {
        "clicks": n,
        "kinds": kinds,
        "settled_p50_ms": round(percentile(settled, 50), 1),
        "settled_p95_ms": round(percentile(settled, 95), 1),
        "changes_per_click_p50": percentile([len(s["changes"]) for s in samples], 50),
        "last_change_by": dict(sorted(last_by.items(), key=lambda item: -item[1])),
        "elements": table,
    }


# --- the report --------------------------------------------------------------------------------


def print_browser(figures: dict[str, Any]) -> bool:
    report_ok = figures["report_p95_ms"] <= BROWSER_P95_TARGET
    settled_ok = figures["settled_p95_ms"] <= SETTLED_P95_TARGET
    print(
        f"browser: {figures['clicks']} clicks in JupyterLab + Chromium, {figures['window']} "
        f"(notebook open and run in {figures['notebook_ready_s']} s; Begin {figures['begin_ms']} ms)"
    )
    print("  click -> report changed   p50 {:>6.1f} ms   p95 {:>6.1f} ms   max {:>6.1f} ms".format(
        figures["report_p50_ms"], figures["report_p95_ms"], figures["report_max_ms"]))  # fmt: skip
    print("  click -> panel settled    p50 {:>6.1f} ms   p95 {:>6.1f} ms".format(
        figures["settled_p50_ms"], figures["settled_p95_ms"]))  # fmt: skip
    kinds = ", ".join(
        f"{kind} {v['report_p50_ms']}/{v['settled_p50_ms']} ms (n={v['n']})"
        for kind, v in figures["by_kind"].items()
    )
    print(f"  p50 by kind (report/settled): {kinds}")
    print(
        f"  target report p95 <= {BROWSER_P95_TARGET:.0f} ms: {'met' if report_ok else 'NOT MET'}"
    )
    print(
        f"  target settled p95 <= {SETTLED_P95_TARGET:.0f} ms: {'met' if settled_ok else 'NOT MET'}"
    )
    if "churn" in figures:
        print_churn(figures["churn"])
    return bool(report_ok and settled_ok)


def print_churn(churn: dict[str, Any], top: int = 25) -> None:
    print(
        f"\n  what changes in the DOM on a click ({churn['clicks']} more clicks watched: "
        f"{churn['kinds']}; settled p50 {churn['settled_p50_ms']} ms, p95 "
        f"{churn['settled_p95_ms']} ms; {churn['changes_per_click_p50']:g} changes per click, p50)"
    )
    print(f"  {'element (nearest lantern- class, widget)':<48} {'change':<22} {'clicks':>7} "
          f"{'per click':>9} {'last at p50':>12}")  # fmt: skip
    for row in churn["elements"][:top]:
        print(
            f"  {row['where']:<48} {row['what']:<22} {row['clicks']:>7} {row['per_click']:>9} "
            f"{row['last_ms_p50']:>9.1f} ms"
        )
    last = ", ".join(f"{where} {n}" for where, n in churn["last_change_by"].items())
    print(f"  the last change of a click (what decides 'settled'): {last}")


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
            results["browser"] = bench_browser(clicks, churn="--churn" in argv)
            ok &= print_browser(results["browser"])
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "browser_clicks.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
