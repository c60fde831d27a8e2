"""The documentation site builds with warnings as errors and every reference resolved
("Docs build in CI with warnings as errors; broken links and missing references fail").

The same command as `make docs`, into a temporary folder; on failure the warnings are shown.
"""

from __future__ import annotations

import re
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
    frame = (tmp_path / "html" / "reference" / "generated" / "widgets.frame.base.html").read_text(
        encoding="utf-8"
    )
    signature = re.search(r'id="widgets.frame.base.GameFrame">(.*?)</dt>', frame, re.S)
    assert signature is not None, "the Reference documents GameFrame"
    words = " ".join(re.sub(r"<[^>]+>", "", signature[1]).split())
    assert "GameFrame(journey=None, *, seed=None)" in words, words  # its own, not (*args, **kwargs)
    # The navbar's four sections, as the Jupyter projects' sites have them, and no page with an
    # empty "Section Navigation" box (a page with nothing under it shows none).
    index = (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    navbar = re.search(r'<ul class="bd-navbar-elements navbar-nav">(.*?)</ul>', index, re.S)
    assert navbar is not None, "the site has a navbar"
    sections = [" ".join(s.split()) for s in re.findall(r"<a [^>]*>([^<]+)</a>", navbar[1])]
    assert sections == ["Getting started", "User guide", "API reference", "Developer guide"]
    empty = re.compile(r'aria-label="Section Navigation">.*?<div class="bd-toc-item navbar-nav">'
                       r"\s*</div>", re.S)  # fmt: skip
    bare = [
        str(page.relative_to(tmp_path / "html"))
        for page in (tmp_path / "html").rglob("*.html")
        if empty.search(page.read_text(encoding="utf-8"))
    ]
    assert not bare, f"pages with an empty Section Navigation: {bare}"
    # A page that opens on a whole panel's picture has no "On this page" column beside it: the
    # column's width shrank the panel's words to three quarters of their size.
    for name in ("firelights", "voidlight", "crew", "embers"):
        page = (tmp_path / "html" / "play" / f"{name}.html").read_text(encoding="utf-8")
        assert "screenshots" in page or "_images/" in page, name
        assert 'id="pst-secondary-sidebar"' not in page, f"play/{name} keeps a second sidebar"
