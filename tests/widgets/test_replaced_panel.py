"""Why: "A Voidlight panel with no Journey Book keeps its timer task running after Run All
replaces it without close()": a cell run again closes the panel it showed before, book or not."""

from __future__ import annotations

import pytest

from widgets.frame import connection
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
