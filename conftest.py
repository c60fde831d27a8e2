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

Under ``loadscope`` the longest modules start first, the browser modules after all others
(pytest_xdist_make_scheduler below): xdist's own order, most tests first, left the docs build and
the longest browser modules (few tests, a minute or more each) to the end, where one worker ran
them while the other had finished.

``make test`` builds the JupyterLite site before pytest starts (the Makefile says how) and runs
its browser tests. A plain ``pytest`` run with ``LANTERN_LITE_BUILD=1`` that holds those tests and
finds the site missing or stale starts building it at once, in the background
(start_lite_build below), while the other modules run: those tests come with the browser modules,
late, and find it built instead of holding a worker for the build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import settings

try:  # the scheduler below orders pytest-xdist's work; without xdist there is nothing to order
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pragma: no cover - xdist is in the test extra
    LoadScopeScheduling = None

# The property tests (Hypothesis) draw the same examples at every run: a test passes every time,
# and one that fails names its example again on the next run. Random exploration is asked for:
# ``pytest --hypothesis-profile=explore`` draws new examples each run (``make fuzz`` plays the
# games at random at scale). An example a run once found broken is kept in its test (@example).
settings.register_profile("lantern", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("lantern")

JOURNEYS_ENV = "LANTERN_JOURNEYS"  # rules.book.FOLDER_ENV, without importing the package here
SEED_ENV = "LANTERN_SEED"  # rules.book.SEED_ENV
SESSION_SEED = "2026"

#: Where the session's journeys folder is kept on the config, for pytest_unconfigure.
JOURNEYS_KEY = pytest.StashKey[Path]()

HERE = Path(__file__).resolve().parent
LITE_BUILD_ENV = "LANTERN_LITE_BUILD"  # tests/browser/lite_site.py's BUILD
#: The modules that use the JupyterLite site (tests/browser/lite_site.py's fixtures).
LITE_MODULES = ("tests/browser/test_lite.py", "tests/browser/test_lite_pages.py")
#: The background build of the site, kept on the config for pytest_unconfigure.
LITE_BUILD_KEY = pytest.StashKey["subprocess.Popen[bytes]"]()


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
    build = config.stash.get(LITE_BUILD_KEY, None)
    if build is not None:
        build.wait()  # a run that ended before the build (-x) leaves none running


def start_lite_build(config: pytest.Config, scopes: Iterable[str]) -> None:
    """Build the JupyterLite site in the background when the run holds its tests (``scopes``:
    the modules' paths, relative to the repository) and ``LANTERN_LITE_BUILD=1`` asks for it.

    The build is ``tools.lite.make()``, the very call the tests' ``site`` fixture makes: it holds
    the build's lock, so a test that asks for the site before it is done waits for it, then finds
    the site current (``make lite`` rebuilds nothing); a build that failed is tried again there,
    and the tests skip with its reason. Once per run, from the process that schedules the tests
    (xdist's controller, or the only one). Its output goes to lite/.cache/test-build.log.
    """
    if os.environ.get(LITE_BUILD_ENV) != "1" or LITE_BUILD_KEY in config.stash:
        return
    if config.option.collectonly:
        return
    if not any(scope.split("::")[0] in LITE_MODULES for scope in scopes):
        return
    cache = HERE / "lite" / ".cache"
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / "test-build.log", "wb") as log:
        config.stash[LITE_BUILD_KEY] = subprocess.Popen(
            [sys.executable, "-c", "from tools import lite; lite.make()"],
            cwd=HERE,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )


def pytest_collection_finish(session: pytest.Session) -> None:
    """Without xdist, the run's own process starts the site's build once it knows the tests."""
    if not hasattr(session.config, "workerinput") and not _distributed(session.config):
        start_lite_build(session.config, (item.nodeid for item in session.items))


def _distributed(config: pytest.Config) -> bool:
    return bool(getattr(config.option, "numprocesses", None)) and config.option.dist != "no"


#: The modules that take longest, longest first, as measured on two workers (`pytest -n 2
#: --durations=60 --junitxml=...`, summed per module). A worker takes the next module when it is
#: nearly done with its own; starting the longest first (the longest-processing-time rule) leaves
#: short modules for the end, where they fill in while the other worker finishes. The list is only
#: an order: a module missing from it, renamed or grown only costs time, never a test.
LONGEST_FIRST = (
    *LITE_MODULES,  # the JupyterLite site's: 81 s of one worker alone, the site built
    "tests/browser/test_in_view.py",
    "tests/browser/test_embers.py",
    "tests/browser/test_reopen.py",
    "tests/browser/test_voidlight.py",
    "tests/browser/test_advice_in_lab.py",
    "tests/browser/test_connection.py",
    "tests/test_docs.py",
    "tests/browser/test_frame.py",
    "tests/browser/test_seat_links.py",
    "tests/browser/test_voila.py",
    "tests/journal/test_crash.py",
    "tests/browser/test_journal.py",
    "tests/browser/test_gm_and_seat.py",
    "tests/hardening/test_kills.py",
    "tests/browser/test_harness.py",
    "tests/hardening/test_table.py",
    "tests/journal/test_undo_model.py",
    "tests/browser/test_firelights.py",
    "tests/browser/test_run_all_view.py",
    "tests/browser/test_result_whole.py",
    "tests/hardening/test_seat_kills.py",
)


def _scope_rank(scope: str) -> tuple[int, int]:
    """Where a module or notebook goes in the queue.

    The browser modules come after every other: pytest-playwright's session (one per worker)
    keeps an event loop running in the worker's main thread from the first browser test to the
    end of the session, and a later test of another folder that calls ``asyncio.run`` (the
    seat-page server, the advice panel's rollouts) fails there with "cannot be called from a
    running event loop". Each worker runs its modules in queue order, so none runs a browser test
    before another folder's. Within each part the listed modules come first, longest first, then
    the rest in xdist's own order (the sort is stable).
    """
    browser = 1 if scope.startswith("tests/browser/") else 0
    if scope in LONGEST_FIRST:
        return (2 * browser, LONGEST_FIRST.index(scope))
    return (2 * browser + 1, 0)


if LoadScopeScheduling is not None:

    class LongestFirstScheduling(LoadScopeScheduling):
        """xdist's loadscope (each module and notebook whole on one worker), longest first."""

        _ordered = False

        def _assign_work_unit(self, node: object) -> None:
            # xdist fills the whole queue before it hands out the first unit: order it then.
            if not self._ordered:
                start_lite_build(self.config, list(self.workqueue))
                ranked = sorted(self.workqueue.items(), key=lambda item: _scope_rank(item[0]))
                self.workqueue.clear()
                self.workqueue.update(ranked)
                self._ordered = True
            super()._assign_work_unit(node)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
        """``--dist loadscope`` in the order of _scope_rank; other modes are xdist's own."""
        if config.getvalue("dist") != "loadscope":
            return None
        return LongestFirstScheduling(config, log)
