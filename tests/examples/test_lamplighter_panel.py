"""The guide's example panel, clicked without a browser (as tests/widgets/ click the shipped ones):
the frame renders around it, a click plays the action ``legal`` offers, the odds shown are the
rules' own, dice typed "At the table" are used, and the ending replaces the buttons. The guide's
notebook is executed too, in a kernel, with its journeys in a temporary folder, and the cells the
guide shows are the notebook's own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from lamplighter import game as lamplighter  # installed: docs/examples is a package of its own
from lamplighter.panel import LamplighterPanel, percent
from nbclient import NotebookClient

from rules.book import JourneyBook

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"


def test_the_frame_renders_the_bridge_the_buttons_and_the_odds() -> None:
    panel = LamplighterPanel(seed=2)
    assert "Lamplighter" in panel.header.value and "memory only" in panel.header.value
    assert panel.bridge.value.count("○") == lamplighter.LAMPS
    assert [b.disabled for b in panel.buttons.values()] == [False, True, False]  # Light, Turn back
    assert f"a gust {percent(lamplighter.light_odds(panel.state)['gust'])}" in panel.odds.value
    assert "31% (11/36)" in panel.odds.value


def test_a_click_plays_the_action_and_the_result_shows(tmp_path: Path) -> None:
    book = JourneyBook.start("click", game="lamplighter", seed=2, folder=tmp_path)
    panel = LamplighterPanel(book)
    panel.buttons["light"].click()
    assert book.actions == 1 and book.state.flames == 1
    assert "the lamp is lit" in panel.report.value and not panel.messages.value
    assert not panel.buttons["shield"].disabled and "Shield, then: breeze" in panel.odds.value
    assert panel.log_view.lines[0].text.startswith("Light the next lamp")
    panel.buttons["shield"].click()
    assert book.state.lamps == 1 and "1 of 6 lamps shielded" in panel.header.value
    panel.close()


def test_dice_typed_at_the_table_are_the_roll() -> None:
    panel = LamplighterPanel(seed=2)
    panel.table_input.value = "1 5"
    panel.buttons["light"].click()
    assert "show 1 5; a gust" in panel.report.value
    assert panel.state.oil == lamplighter.OIL - 1 and panel.table_input.value == ""


def test_the_ending_replaces_the_buttons() -> None:
    panel = LamplighterPanel(seed=2)
    panel.buttons["turn_back"].click()
    assert panel.state.status == "turned back"
    assert "You turned back with <b>0</b> lamps shielded" in panel.ending.value
    assert all(button.disabled for button in panel.buttons.values())
    assert panel._play_slot.children[0] is panel.ending


def test_advice_rows_are_the_offered_moves_and_the_best_button_is_marked() -> None:
    """The frame's Advice section through the game's hook: one row per move ``legal`` offers
    (rollouts of ``lamplighter.advise``), Turn back never crossing, and the best move's button
    marked only once its interval lies above the others' (at 40 rollouts a move each, Light and
    Shield are too close to call on this seed; at 200 Light is clearly ahead)."""
    panel = LamplighterPanel(seed=2)
    panel.buttons["light"].click()
    panel.advice.toggle.value = True
    rows = panel.advice.refresh(40)  # one batch, as with no running loop
    assert [row.move for row in rows] == list(lamplighter.legal(panel.state))
    assert [row.estimate for row in rows if row.move == lamplighter.TurnBack()] == [0.0]
    assert panel.advice.standing.best is None
    assert not any("lantern-advice-best" in b._dom_classes for b in panel.buttons.values())
    panel.close()

    panel = LamplighterPanel(seed=2)
    panel.buttons["light"].click()
    panel.advice.toggle.value = True
    panel.advice.refresh(200)
    best = panel.advice.standing.best
    assert best is not None and best.move == lamplighter.Light()
    assert "lantern-advice-best" in panel.buttons[best.move.kind]._dom_classes
    assert "Shield the lamps" in panel.advice.table.value


# --- the notebook --------------------------------------------------------------------------------

NOTEBOOK = EXAMPLES / "lamplighter.ipynb"


def test_the_notebook_is_kept_without_outputs() -> None:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    code = [cell for cell in cells if cell["cell_type"] == "code"]
    assert code and all(not c["outputs"] and c["execution_count"] is None for c in code)


def test_the_guide_shows_the_notebook_s_own_cells() -> None:
    """Every ```python block of the guide (docs/guide/adding-a-game.md) is a code cell of the
    notebook, word for word: the rest of the guide's code is included from the files."""
    guide = (ROOT / "docs" / "guide" / "adding-a-game.md").read_text(encoding="utf-8")
    shown = re.findall(r"^```python\n(.*?)^```$", guide, flags=re.M | re.S)
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    sources = {cell.source.strip() for cell in cells if cell.cell_type == "code"}
    assert len(shown) >= 3 and [block.strip() in sources for block in shown] == [True] * len(shown)


def test_the_notebook_runs_and_shows_the_panel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run top to bottom in a kernel started in docs/examples (as Jupyter starts it), with its
    journeys kept in ``tmp_path``: the panel is a widget, and the journey file is there."""
    monkeypatch.setenv("LANTERN_JOURNEYS", str(tmp_path))
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": EXAMPLES}}
    )
    client.execute()  # a cell that raises fails the test with its traceback
    outputs = [
        output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs
    ]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
    assert (tmp_path / "first-crossing.lantern").exists()
    assert not (EXAMPLES / "journeys").exists()
