"""Test-session set-up shared by every test folder and the notebooks run by nbval.

Journeys that tests and notebooks start go to a temporary folder made for this session, with a
fixed seed, never into a player's journeys: both variables are set whatever the environment held
(a player who exported ``LANTERN_JOURNEYS`` for play must not have ``make test`` run the notebooks
against their real journeys). Kernels started by nbval inherit them. The folder is removed when
the session ends.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

JOURNEYS_ENV = "LANTERN_JOURNEYS"  # rules.book.FOLDER_ENV, without importing the package here
SEED_ENV = "LANTERN_SEED"  # rules.book.SEED_ENV
SESSION_SEED = "2026"

#: Where the session's journeys folder is kept on the config, for pytest_unconfigure.
JOURNEYS_KEY = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    folder = Path(tempfile.mkdtemp(prefix="lantern-journeys-"))
    config.stash[JOURNEYS_KEY] = folder
    os.environ[JOURNEYS_ENV] = str(folder)
    os.environ[SEED_ENV] = SESSION_SEED


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(JOURNEYS_KEY, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
