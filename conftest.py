"""Test-session set-up shared by every test folder and the notebooks run by nbval.

Journeys that tests and notebooks start go to a temporary folder made for this session, with a
fixed seed, never into a player's journeys: both variables are set whatever the environment held
(a player who exported ``LANTERN_JOURNEYS`` for play must not have ``make test`` run the notebooks
against their real journeys). Kernels started by nbval inherit them. The folder is removed when
the session ends.

Under pytest-xdist (`make test` runs ``pytest -n auto --dist loadscope``) every worker is a
session of its own: it runs pytest_configure, so each worker has its own journeys folder, and the
browser tests' session fixtures start a JupyterLab per worker on a free port in the worker's own
temporary folder. ``--dist loadscope`` keeps the cells of one notebook (nbval runs them in order in
one kernel) and the tests of one module (module-scoped servers) on one worker; a plain ``-n N``
gets that mode too (pytest_cmdline_main below), since xdist's default ``load`` would scatter a
notebook's cells over workers.
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


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """``pytest -n N`` without ``--dist`` distributes by module and notebook, not test by test."""
    if getattr(config.option, "numprocesses", None) and config.option.dist == "no":
        config.option.dist = "loadscope"


def pytest_configure(config: pytest.Config) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1"... under xdist
    folder = Path(tempfile.mkdtemp(prefix=f"lantern-journeys-{worker}{'-' if worker else ''}"))
    config.stash[JOURNEYS_KEY] = folder
    os.environ[JOURNEYS_ENV] = str(folder)
    os.environ[SEED_ENV] = SESSION_SEED


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(JOURNEYS_KEY, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
