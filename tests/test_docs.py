"""The documentation site builds with warnings as errors and every reference resolved
("Docs build in CI with warnings as errors; broken links and missing references fail").

The same command as `make docs`, into a temporary folder; on failure the warnings are shown.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_docs_build_with_no_warning_and_no_missing_reference(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html"]
    done = subprocess.run(
        [*command, str(REPO / "docs"), str(tmp_path / "html")],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"sphinx-build failed:\n{done.stderr[-20000:]}"
    assert (tmp_path / "html" / "index.html").exists()
    house_rules = (tmp_path / "html" / "play" / "firelights.html").read_text(encoding="utf-8")
    assert "too few cards" in house_rules, "the house rules table is generated from HOUSE_RULES"
