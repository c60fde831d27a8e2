"""Why: "A Voidlight panel with no Journey Book keeps its timer task running after Run All
replaces it without close()": a cell run again closes the panel it showed before, book or not;
and closing it closes what it owns, not what the kernel's panels share."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.book import FOLDER_ENV, JourneyBook
from widgets.firelights import FirelightsPanel
from widgets.frame import connection, controls
from widgets.voidlight import VoidlightPanel


def test_run_all_closes_the_memory_only_panel_the_cell_showed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runs = iter([("cell-7", "run-1"), ("cell-7", "run-2")])
    monkeypatch.setattr(connection, "_running_cell", lambda: next(runs))
    first = VoidlightPanel(seed=5)
    place = connection.holder(first).model_id
    second = VoidlightPanel(seed=5)
    assert connection.holder(second).model_id == place  # the same cell: the same place
    assert first.comm is None and first.timer._stopped  # closed, its timer stopped
    assert second.comm is not None and not second.timer._stopped
    second.close()


def test_a_panel_replaced_by_run_all_leaves_the_kernels_front_end_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel's one ipylab front end is every panel's (journal cells are inserted through
    it): the panel Run All replaces on the same journey file closes its own widgets, not that.
    Why: closing the replaced panel closed the front end too, and the new panel, which shares it,
    could no longer insert a journal cell."""
    monkeypatch.setenv(FOLDER_ENV, str(tmp_path))
    # A front end of this test's own: the kernel's one may have been made by an earlier test, on
    # a comm manager since replaced.
    monkeypatch.setattr(controls, "_frontend", None)
    first = FirelightsPanel(JourneyBook.open_or_start(game="firelights"))
    app = first.controls.app
    assert app is not None and app.comm is not None
    second = FirelightsPanel(JourneyBook.open_or_start(game="firelights"))
    assert first.comm is None  # replaced: closed
    assert second.controls.app is app and app.comm is not None
    assert app.commands.comm is not None  # what it holds stays open too
    second.close()
    assert app.comm is not None
    app.close()  # closed otherwise (Widget.close_all()): the next panel gets a new one
    assert controls.frontend() is not app and controls.frontend().comm is not None
