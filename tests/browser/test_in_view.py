"""Every click answers where the player looks, in each game's panel in JupyterLab.

The frame's rule: the controls, the result of the last click and any error are in view together in
a 1400×1000 window, for every control, however far down the panel it sits. This test clicks every
enabled control of the panel (each scrolled to the middle of the window, as a player brings a tool
into view before using it), and after each click that changed the result or posted a message,
asserts that the clicked control and the changed part (the result, what is due, the message line)
are inside the visible part of the notebook (after the panel's own scrolling, which shows a result
whole, has finished: see widgets/frame/page_script.py). Lantern draws and rolls for itself (nothing is typed
"At the table"), from a fixed seed, so every run clicks the same states.
"""

from __future__ import annotations

import pytest
from harness import (
    SCRIPTS_RUN,
    assert_no_tracebacks,
    click_handled,
    open_notebook,
    run_in_kernel,
    wait_panels_settled,
    wait_script_after,
)
from test_firelights import DARK_THEME, LIGHT_THEME, WINDOW, save_window, set_theme

# The panel of each game, begun, as the first cells of a journal notebook would build it.
SETUPS = {
    "firelights": (
        "from widgets.firelights import FirelightsPanel\n"
        "panel = FirelightsPanel(seed=11)\n"
        "panel.name_input.value = 'Wick'\n"
        "panel.begin_button.click()\n"
        "panel"
    ),
    "voidlight": (
        "from widgets.voidlight import VoidlightPanel\n"
        "panel = VoidlightPanel(seed=5)\n"
        "panel.name_input.value = 'Vex'\n"
        "panel.create_button.click()\n"
        "panel"
    ),
    # The GM's table: a crew of three, the last to join with their sheet open.
    "voidlight-crew": (
        "from widgets.voidlight import VoidlightPanel\n"
        "panel = VoidlightPanel(seed=5)\n"
        "panel.name_input.value = 'Vex'\n"
        "panel.create_button.click()\n"
        "for name in ('Kai', 'Rook'):\n"
        "    panel.crew.join_name.value = name\n"
        "    panel.crew.join_button.click()\n"
        "assert panel.state.names == ('Vex', 'Kai', 'Rook'), panel.messages.text\n"
        "panel"
    ),
    "embers": (
        "from widgets.embers import EmbersPanel\n"
        "panel = EmbersPanel(seed=3)\n"
        "panel.begin_button.click()\n"
        "panel"
    ),
}

# The buttons a click test presses: the game's own (not the journey controls, not the log's).
_BUTTONS = """
(panel) => { panel.querySelectorAll('[data-lantern-probe]')
    .forEach((b) => delete b.dataset.lanternProbe);
  return [...panel.querySelectorAll('.lantern-body button, .lantern-tables-section button')]
  .filter((b) => !b.disabled && b.offsetParent !== null)
  .map((b, i) => { b.dataset.lanternProbe = String(i);
                   return [i, (b.className.match(/lantern-[\\w-]+/g) || []).join(' ') + '|' + b.innerText]; }); }
"""

# What the dock shows now (its result, what is due, its message), to tell whether a click changed it.
_DOCK_TEXT = """
(panel) => { const d = panel.querySelector('.lantern-dock'); return d ? d.innerText : ''; }
"""

# Before a click, in one call: the probed button scrolled to the middle of the window (as a player
# brings a tool into view), what the dock shows and how many page scripts the panel has run.
_AIM = (
    """(panel, probe) => {
  panel.querySelector(`button[data-lantern-probe="${probe}"]`).scrollIntoView({block: 'center'});
  return [("""
    + _DOCK_TEXT
    + ")(panel), ("
    + SCRIPTS_RUN
    + """)(panel)]; }"""
)

# Where the button, the dock's parts and the visible part of the notebook are, after a click.
_WHERE = """
(panel, probe) => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, height: r.height}; };
  const button = panel.querySelector(`button[data-lantern-probe="${probe}"]`);
  const dock = panel.querySelector('.lantern-dock');
  let visible = {top: 0, bottom: window.innerHeight};
  for (let up = dock && dock.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll|hidden)/.test(style.overflowY) && up.scrollHeight > up.clientHeight) {
      const r = up.getBoundingClientRect();
      visible = {top: Math.max(visible.top, r.top), bottom: Math.min(visible.bottom, r.bottom)};
    }
  }
  const message = dock && dock.querySelector('.lantern-message');
  return {button: box(button), report: box(dock && dock.querySelector('.lantern-report-view')),
          message: box(message), messageText: message ? message.innerText : '',
          dock: box(dock), visible};
}
"""

# Whether anything of the panel scrolls sideways: the log's entries, the panel in its cell.
_SIDEWAYS = """
(panel) => {
  const lines = panel.querySelector('.lantern-log-lines');
  const cell = panel.closest('.jp-OutputArea-output') || panel.parentElement;
  return {log: lines ? lines.scrollWidth - lines.clientWidth : 0,
          cell: cell.scrollWidth - cell.clientWidth, panel: panel.scrollWidth - cell.clientWidth};
}
"""

CLICKS = 45  # per game: enough to reach every tool, the lower ones included
#: Past CLICKS the run goes on while a control offered has never been pressed (the crew's longer
#: layout first offers its timer's Pause and Resume at about the 45th click), up to this many.
MOST_CLICKS = 60
SCRIPT_TIMEOUT = 60_000  # ms: a guard against a page that never runs it, not a speed


def asked_by_kernel(page, name: str) -> int:
    """How many page scripts the panel has asked for so far, read in the notebook's kernel: read
    after a click was handled, a new one means the click told something (the panel asks for its
    result to be shown whole)."""
    return int(run_in_kernel(page, name, "print(panel.page.asked)"))


def _inside(part: dict[str, float] | None, visible: dict[str, float], whole: bool) -> bool:
    if part is None or part["height"] == 0:
        return True
    if whole:
        return part["top"] >= visible["top"] - 1 and part["bottom"] <= visible["bottom"] + 1
    return visible["top"] - 1 <= part["top"] <= visible["bottom"] - 24  # its first line shows


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_every_click_answers_where_the_player_looks(
    page, jupyter_server, make_notebook, shot, game
):
    page.set_viewport_size(WINDOW)
    name = make_notebook(
        f"in-view-{game}", "%%md\n# A journal\n\nNotes above the panel.", SETUPS[game]
    )
    open_notebook(page, jupyter_server, name)
    panel = page.locator(f".lantern-{game.split('-')[0]}")  # voidlight-crew: the Voidlight panel
    panel.locator(".lantern-dock").wait_for()
    pressed: dict[str, int] = {}
    failures: list[str] = []
    checked = 0
    asked = asked_by_kernel(page, name)
    # (the controls offered, one of them that changed nothing when clicked with them offered)
    idle: set[tuple[frozenset[str], str]] = set()
    for clicks in range(MOST_CLICKS):
        offered = panel.evaluate(_BUTTONS)
        here = frozenset(key for _, key in offered)
        if clicks >= CLICKS and all(key in pressed for key in here):
            break  # every control offered now has had its turn
        if all((here, key) in idle for key in here):
            # Nothing offered, or each control offered was clicked with these same controls
            # offered and changed nothing: a click more would repeat one (Embers' last state
            # offers only the Advice toggle).
            break
        # The control pressed least so far, the lowest first on a tie: the lower tools get their turn.
        probe, key = min(offered, key=lambda item: (pressed.get(item[1], 0), -item[0]))
        pressed[key] = pressed.get(key, 0) + 1
        button = panel.locator(f'button[data-lantern-probe="{probe}"]')
        before, scripts = panel.evaluate(_AIM, probe)
        click_handled(page, name, button)
        now = asked_by_kernel(page, name)
        told, asked = now > asked, now
        if told:
            # The click told something: the page shows it whole with a script it runs after
            # drawing the updates, which may come after the kernel went idle. Measure after it.
            # The kernel asked for that script, so it comes: waited for as long as a loaded
            # machine may take (Advice thinks in processes of its own beside the panel).
            ran = wait_script_after(page, panel, scripts, timeout=SCRIPT_TIMEOUT)
            assert ran, (
                f"after {key!r} the panel asked the page to show its result whole, and the page "
                f"ran no script within {SCRIPT_TIMEOUT / 1000:.0f} s"
            )
        else:
            wait_panels_settled(page)
            if panel.evaluate(_DOCK_TEXT) == before:
                idle.add((here, key))
                continue  # nothing told (a pick that only opens a hero's actions)
        checked += 1
        where = panel.evaluate(_WHERE, probe)
        visible = where["visible"]
        problems = [
            part
            for part, whole in (("button", True), ("report", False), ("message", True))
            if not _inside(where[part], visible, whole)
        ]
        if problems:
            path = shot(page, f"out-of-view-{checked}")
            failures.append(
                f"after {key!r}: {', '.join(problems)} out of view ({where}); see {path.name}"
            )
    save_window(page, shot.directory / "last-click.png")
    panel.locator(".lantern-log-lines").scroll_into_view_if_needed()
    save_window(page, shot.directory / "log.png")
    sideways = panel.evaluate(_SIDEWAYS)
    assert max(sideways.values()) <= 1, f"something scrolls sideways (pixels over): {sideways}"
    set_theme(page, DARK_THEME)  # to look at: the dock and the journal in the dark theme
    save_window(page, shot.directory / "log-dark.png")
    panel.locator(".lantern-dock").scroll_into_view_if_needed()
    save_window(page, shot.directory / "dock-dark.png")
    set_theme(page, LIGHT_THEME)
    assert checked >= 6, f"only {checked} clicks told something: {pressed}"
    assert not failures, "\n".join(failures)
    assert_no_tracebacks(page)
