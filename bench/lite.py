"""Lantern in the browser (the JupyterLite site of ``make lite``): how soon it plays, and how fast.

- **Page open → panel playable**, cold and warm, as a ratio against an empty notebook of the same
  site timed in the same run. Open: the notebook's address loaded, Run All, until the Firelights
  panel offers an enabled action (the empty notebook: until its one cell has run). Cold: a new
  browser context, so nothing of Pyodide or the wheels is in the browser's cache (the site's page
  itself is loaded once first in that context, to write the empty notebook into its storage, and
  so for both notebooks alike). Warm: the same context again, its cache filled. The target: the
  panel playable within 2× the empty notebook's time, warm.
- **A click → panel settled**: from ``button.click()`` in the page to the panel's last DOM change
  for that click (150 ms with none), the bench player of ``bench.browser_clicks``; target p95
  ≤ 200 ms. Beside each, the same run times a baseline click: a bare ipywidgets button in
  another notebook of the same page (its tab behind the game's), whose handler changes one
  HTML widget, to its last DOM change: the round trip page → Pyodide kernel → page that any
  click pays, so the ratio says what the panel adds, whatever the machine's load.
- **Advice's first rows**: Advice on, then each click timed to its table back with the new
  position's rows (``bench.browser_advice``'s measure); target ≤ 2 s.

The site is served on 127.0.0.1 and every other host is refused in the browser, as in the tests
(its resolver knows no other name; a request elsewhere fails the bench).
Run from the repository root: ``python -m bench lite`` (``--rounds N``, default 3, 0 for the
clicks alone; ``--clicks N``, default 30; ``--quick``: 1 round, 10 clicks). Results also go to
bench/results/lite.json.
"""

from __future__ import annotations

import http.server
import json
import os
import platform
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))  # the harness is a plain module there

import harness  # noqa: E402
import lab_page  # noqa: E402
import lab_servers  # noqa: E402

from bench.browser_advice import _TIMED  # noqa: E402
from bench.browser_clicks import _OFFERED, next_click, percentile  # noqa: E402
from tools import lite  # noqa: E402

PLAY = "play-firelights.ipynb"
EMPTY = "empty.ipynb"
BASELINE = "baseline-click.ipynb"
_BASELINE_CELL = """%pip install --no-deps ipywidgets comm jupyterlab_widgets
import ipywidgets as widgets

shown = widgets.HTML("0")
tap = widgets.Button(description="Tap")
tap.on_click(lambda _b: setattr(shown, "value", str(int(shown.value) + 1)))
box = widgets.VBox([tap, shown])
box.add_class("lantern-baseline")
box"""
# The baseline's click, timed as the panel's: to its last DOM change before `quiet` ms with none.
_BASELINE_TIMED = """async ([quiet, limit]) => {
  const box = document.querySelector('.lantern-baseline');
  return await new Promise((resolve) => {
    let last = null, quietTimer = null;
    const t0 = performance.now();
    const done = () => { observer.disconnect(); clearTimeout(limitTimer); resolve(last); };
    const observer = new MutationObserver(() => {
      last = performance.now() - t0;
      clearTimeout(quietTimer);
      quietTimer = setTimeout(done, quiet);
    });
    observer.observe(box, {subtree: true, childList: true, characterData: true, attributes: true});
    const limitTimer = setTimeout(done, limit);
    box.querySelector('button').click();
  });
}"""
_OPEN = """async (path) => {
  await window.jupyterapp.commands.execute('docmanager:open', {path});
}"""
_SHOW = (
    "(path) => {"
    + lab_page.FIND_PANEL
    + "window.jupyterapp.shell.activateById(findPanel(path).id); }"
)
OPEN_RATIO_TARGET = 2.0  # warm: the panel playable within 2× the empty notebook's time
SETTLED_P95_TARGET = 200.0  # ms
ADVICE_TARGET = 2000.0  # ms
TIMEOUT = 150_000  # ms
#: Requests to another host than the site's, from every context of the run (the bench fails on any).
ELSEWHERE: list[str] = []

_SAVE = """async ([path, content]) => {
  await window.jupyterapp.started;
  await window.jupyterapp.serviceManager.contents.save(
    path, {type: 'notebook', format: 'json', content});
}"""
_PLAYABLE = """() => !!document.querySelector(
  '.lantern-firelights button[class*="lantern-act-"]:not([disabled])')"""


@contextmanager
def served() -> Iterator[str]:
    folder = lite.make()
    port = lab_servers.free_port()
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), partial(lite._Quiet, directory=str(folder))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.shutdown()
        server.server_close()


def empty_notebook(source: str = "pass") -> dict[str, Any]:
    metadata = json.loads((REPO / "notebooks" / PLAY).read_text(encoding="utf-8"))["metadata"]
    cells = [lite.code_cell("empty", source)]
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": metadata, "cells": cells}


def new_context(browser: Any, site: str) -> Any:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    # Recorded, not routed: a route would turn the context's HTTP cache off, and warm would be
    # cold. The browser's resolver refuses every other host (harness.CHROMIUM_ARGS).
    context.on("request", lambda r: None if r.url.startswith(site) else ELSEWHERE.append(r.url))
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{site}lab/index.html")
    page.wait_for_function("() => !!window.jupyterapp", timeout=TIMEOUT)
    page.evaluate(_SAVE, [EMPTY, empty_notebook()])
    page.evaluate(_SAVE, [BASELINE, empty_notebook(_BASELINE_CELL)])
    page.close()
    return context


def timed_open(context: Any, site: str, name: str) -> float:
    """Seconds from the notebook's address to its Run All done (and, for the game, the panel
    playable)."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    started = time.perf_counter()
    page.goto(f"{site}lab/index.html?path={name}")
    harness.wait_kernel_idle(page, name, timeout=TIMEOUT)
    result = page.evaluate(harness._RUN_ALL, [name, TIMEOUT])
    if result in ("timeout", False):
        raise RuntimeError(f"Run All of {name} gave {result!r}")
    harness.wait_kernel_idle(page, name, timeout=TIMEOUT)
    if name == PLAY:
        page.wait_for_function(_PLAYABLE, timeout=TIMEOUT, polling=50)
    took = time.perf_counter() - started
    page.close()
    return took


def bench_open(browser: Any, site: str, rounds: int) -> dict[str, dict[str, list[float]]]:
    """Cold and warm opens of both notebooks, alternating which goes first each round."""
    times: dict[str, dict[str, list[float]]] = {
        kind: {PLAY: [], EMPTY: []} for kind in ("cold", "warm")
    }
    for round_ in range(rounds):
        order = (EMPTY, PLAY) if round_ % 2 == 0 else (PLAY, EMPTY)
        for name in order:
            context = new_context(browser, site)
            times["cold"][name].append(timed_open(context, site, name))
            times["warm"][name].append(timed_open(context, site, name))
            context.close()
    return times


def bench_clicks(browser: Any, site: str, clicks: int) -> dict[str, list[float]]:
    """Clicks settled, Advice off; then Advice on, each click's time to its new rows."""
    context = new_context(browser, site)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{site}lab/index.html?path={PLAY}")
    harness.wait_kernel_idle(page, PLAY, timeout=TIMEOUT)
    page.evaluate(harness._RUN_ALL, [PLAY, TIMEOUT])
    page.wait_for_function(_PLAYABLE, timeout=TIMEOUT, polling=50)
    page.evaluate(_OPEN, BASELINE)
    page.wait_for_function(harness._KERNEL_IDLE, arg=BASELINE, timeout=TIMEOUT, polling=100)
    page.evaluate(harness._RUN_ALL, [BASELINE, TIMEOUT])
    page.locator(".lantern-baseline button").wait_for(state="attached", timeout=TIMEOUT)
    page.evaluate(_SHOW, PLAY)
    panel = page.locator(".lantern-firelights")
    if panel.locator("button.lantern-act-begin:not([disabled])").count():  # a new journey
        panel.locator(".lantern-name input").fill("Bench")
        panel.locator(".lantern-pronouns input").fill("they/them")
        panel.locator("button.lantern-act-begin").click()
        page.wait_for_function(
            "() => document.querySelectorAll('.lantern-firelights .lantern-log-entry').length > 0",
            timeout=TIMEOUT,
        )
        harness.wait_kernel_idle(page, PLAY, timeout=TIMEOUT)
    settled: list[float] = []
    advice: list[float] = []
    baseline: list[float] = []  # one baseline click after each of the panel's
    turn = 0
    for on in (False, True):
        if on:
            panel.locator(".lantern-advice-toggle").click()
            panel.locator(".lantern-advice-view table").wait_for(timeout=TIMEOUT)
        for _ in range(clicks):
            offered = page.evaluate(_OFFERED)
            if offered["over"]:
                break
            kind, selector = next_click(offered, turn)
            if not offered["enabled"] and not offered["choices"]:
                break
            timing = page.evaluate(_TIMED, [selector, 150, 20_000, on])
            if "error" in timing or timing["message"] or timing["report"] is None:
                raise RuntimeError(f"{kind}: {timing}")
            turn += kind in ("ask", "discover")
            settled.append(timing["settled"])
            if on and timing["advice"] is not None:
                advice.append(timing["advice"])
            baseline.append(page.evaluate(_BASELINE_TIMED, [150, 20_000]))
    context.close()
    return {"settled": settled, "advice": advice, "baseline": baseline}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    quick = "--quick" in argv
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else (1 if quick else 3)
    clicks = int(argv[argv.index("--clicks") + 1]) if "--clicks" in argv else (10 if quick else 30)
    from playwright.sync_api import sync_playwright

    chromium = harness.find_chromium()
    if chromium is None:
        print(harness.chromium_missing_reason())
        return 1
    load = os.getloadavg()
    with served() as site, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(chromium), args=harness.CHROMIUM_ARGS)
        opens = bench_open(browser, site, rounds)
        print(json.dumps(opens), flush=True)
        taps = bench_clicks(browser, site, clicks)
        browser.close()
    figures: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.platform()}",
        "load before, after (1 min)": [round(load[0], 2), round(os.getloadavg()[0], 2)],
    }
    ok = True
    for kind, by_name in opens.items():
        if not by_name[PLAY]:  # --rounds 0: the clicks alone
            continue
        play, empty = statistics.median(by_name[PLAY]), statistics.median(by_name[EMPTY])
        figures[f"open {kind}"] = {"panel s": by_name[PLAY], "empty s": by_name[EMPTY],
                                   "ratio of medians": round(play / empty, 2)}  # fmt: skip
        print(f"page open → panel playable, {kind}: median {play:.1f} s; empty notebook "
              f"{empty:.1f} s; ratio {play / empty:.2f}")  # fmt: skip
        if kind == "warm":
            ok &= play / empty <= OPEN_RATIO_TARGET
    p95 = percentile(taps["settled"], 95)
    print(f"a click → panel settled: p95 {p95:.0f} ms, median "
          f"{statistics.median(taps['settled']):.0f} ms ({len(taps['settled'])} clicks)")  # fmt: skip
    floor = percentile(taps["baseline"], 95)
    print(f"a baseline click (one HTML widget changed) → settled: p95 {floor:.0f} ms, median "
          f"{statistics.median(taps['baseline']):.0f} ms; the panel's p95 {p95 / floor:.2f}×")  # fmt: skip
    figures["settled ms"] = {"p95": p95, "samples": taps["settled"]}
    figures["baseline settled ms"] = {"p95": floor, "samples": taps["baseline"]}
    ok &= p95 <= SETTLED_P95_TARGET
    if taps["advice"]:
        worst = max(taps["advice"])
        print(f"Advice's first rows after a click: median "
              f"{statistics.median(taps['advice']):.0f} ms, longest {worst:.0f} ms")  # fmt: skip
        figures["advice ms"] = taps["advice"]
        ok &= worst <= ADVICE_TARGET
    if ELSEWHERE:
        print(f"requests to other hosts (the site must play offline): {ELSEWHERE[:5]}")
        ok = False
    print(f"machine: {figures['machine']}; load {figures['load before, after (1 min)']}")
    results = HERE / "results"
    results.mkdir(exist_ok=True)
    (results / "lite.json").write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
