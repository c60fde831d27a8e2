"""The documentation's build for tests/test_docs.py: the command of ``make docs``, into a folder.

A run of the whole suite starts it at once, in the background, at a low priority (conftest.py's
``start_docs_build``), and the test reads what it left: the build is about 40 s of CPU, and
started in a worker it held that worker for as long, while the other worker's waits on browsers,
kernels and servers left a core idle. In the background the build takes those idle moments, and
the test, scheduled last, finds it done. Run alone, the test builds here itself.

    python tests/docs_build.py FOLDER   # the site in FOLDER/html; FOLDER/returncode at the end

What a build leaves in its folder: ``html/`` (the site), ``stderr.txt`` (Sphinx's warnings, with
``-q`` its only output) and, written last, ``returncode``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

#: Where conftest.py tells the workers the run's background build is (the folder, once started).
FOLDER_ENV = "LANTERN_DOCS_BUILD"
#: How much lower than the tests the background build runs (``os.nice``).
NICENESS = 10
#: The longest a build may take (seconds): a guard against a hang, not a speed.
TIMEOUT = 900

#: ``make docs``' command, quiet: warnings are errors, every reference must resolve.
COMMAND = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html"]


def build(folder: Path) -> tuple[int, str]:
    """Build the site into ``folder / "html"``; Sphinx's return code and its warnings."""
    done = subprocess.run(
        [*COMMAND, str(REPO / "docs"), str(folder / "html")],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    return done.returncode, done.stderr


def main(folder: Path) -> None:
    """The background build: at a low priority, its result written down for the test."""
    os.nice(NICENESS)
    try:
        code, warnings = build(folder)
    except subprocess.TimeoutExpired:
        code, warnings = -1, f"sphinx-build ran over {TIMEOUT} s"
    (folder / "stderr.txt").write_text(warnings, encoding="utf-8")
    (folder / "returncode").write_text(str(code), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
