"""No Python module of the project is over 450 lines: the rules, the widgets, the tools, the
tests, the benches and the docs' own code alike.

Why: a module a reader takes in at one sitting is one they can change safely; past that size a
module holds two subjects, and splitting it by subject (with what both halves share in a helper
module, written once) is cheaper now than after it has doubled.
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: The most lines a module may have.
LIMIT = 450
#: The folders of the project's own code (virtual environments and built sites are not its own).
FOLDERS = ("rules", "widgets", "tools", "tests", "bench", "docs")
#: Folders under those that hold what was installed or built, not written.
SKIPPED = {".venv", "_build", "node_modules", "__pycache__", ".ipynb_checkpoints"}


def modules() -> list[Path]:
    """Every Python file of the project's folders, and the test session's own conftest.py."""
    found = [REPO / "conftest.py"]
    for folder in FOLDERS:
        found += [
            path
            for path in (REPO / folder).rglob("*.py")
            if not SKIPPED.intersection(path.relative_to(REPO).parts)
        ]
    return sorted(found)


def test_no_module_is_over_450_lines() -> None:
    files = modules()
    assert len(files) > 100, "the project's modules are found"
    long = {
        str(path.relative_to(REPO)): lines
        for path in files
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT
    }
    assert long == {}, f"split each by subject, under {LIMIT} lines: {long}"
