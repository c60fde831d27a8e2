"""The test session keeps its journeys to itself (the repository's conftest.py).

"Journeys that tests and notebooks start go to a temporary folder made for this session, with a
fixed seed, never into a player's journeys: both variables are set whatever the environment held
... The folder is removed when the session ends." The hooks are called here with a config of
their own, so the running session's folder is left alone.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def root_conftest(config: pytest.Config) -> ModuleType:
    """The repository's conftest.py as pytest loaded it (there are several modules named so)."""
    for plugin in config.pluginmanager.get_plugins():
        if getattr(plugin, "__file__", None) == str(ROOT / "conftest.py"):
            assert isinstance(plugin, ModuleType)
            return plugin
    raise AssertionError("the repository's conftest.py is not loaded")


def test_this_session_keeps_its_journeys_in_a_temporary_folder_with_a_fixed_seed(
    pytestconfig: pytest.Config,
) -> None:
    conftest = root_conftest(pytestconfig)
    folder = pytestconfig.stash[conftest.JOURNEYS_KEY]
    assert folder.is_dir() and folder.name.startswith("lantern-journeys-")
    assert folder.parent == Path(tempfile.gettempdir())
    assert os.environ["LANTERN_SEED"] == "2026"


def test_a_players_exported_folder_and_seed_are_overridden_and_the_folder_removed_at_the_end(
    pytestconfig: pytest.Config, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    conftest = root_conftest(pytestconfig)
    player = tmp_path / "my real journeys"
    player.mkdir()
    (player / "wick.lantern").write_bytes(b"a player's journey")
    monkeypatch.setenv("LANTERN_JOURNEYS", str(player))
    monkeypatch.setenv("LANTERN_SEED", "99")
    config: Any = SimpleNamespace(stash=pytest.Stash())

    conftest.pytest_configure(config)
    session = Path(os.environ["LANTERN_JOURNEYS"])
    assert session != player and session.is_dir() and session.name.startswith("lantern-journeys-")
    assert os.environ["LANTERN_SEED"] == "2026"
    (session / "firelights.lantern").write_bytes(b"what a notebook started")

    conftest.pytest_unconfigure(config)
    assert not session.exists()
    assert [p.name for p in player.iterdir()] == ["wick.lantern"]
    assert (player / "wick.lantern").read_bytes() == b"a player's journey"
    conftest.pytest_unconfigure(config)  # already gone: nothing to complain about
    conftest.pytest_unconfigure(SimpleNamespace(stash=pytest.Stash()))  # never configured
