"""Test-session set-up shared by every test folder and the notebooks run by nbval.

Journeys that tests and notebooks start go to a temporary folder with a fixed seed, never into a
player's ``notebooks/journeys``; kernels started by nbval inherit these variables.
"""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault("LANTERN_JOURNEYS", tempfile.mkdtemp(prefix="lantern-journeys-"))
    os.environ.setdefault("LANTERN_SEED", "2026")
