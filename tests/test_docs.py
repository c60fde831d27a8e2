"""The documentation site builds with warnings as errors and every reference resolved
("Docs build in CI with warnings as errors; broken links and missing references fail").

The same command as `make docs`, into a folder of its own; on failure the warnings are shown. In a
run of the whole suite the build ran in the background from the start (tests/docs_build.py says
why) and this test reads it; alone, it builds here.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from docs_build import FOLDER_ENV, TIMEOUT, build


def built(tmp_path: Path) -> tuple[Path, int, str]:
    """The site's folder, Sphinx's return code and its warnings: from the run's background build
    when there is one (waited for until it ends), else from a build made now."""
    started = os.environ.get(FOLDER_ENV)
    if started and Path(started).is_dir():
        folder = Path(started)
        deadline = time.monotonic() + TIMEOUT
        while not (folder / "returncode").exists():
            assert time.monotonic() < deadline, f"the background docs build ran over {TIMEOUT} s"
            time.sleep(0.5)
        code = int((folder / "returncode").read_text(encoding="utf-8"))
        return folder / "html", code, (folder / "stderr.txt").read_text(encoding="utf-8")
    code, warnings = build(tmp_path)
    return tmp_path / "html", code, warnings


def test_the_docs_build_with_no_warning_and_no_missing_reference(tmp_path: Path) -> None:
    html, code, warnings = built(tmp_path)
    assert code == 0, f"sphinx-build failed:\n{warnings[-20000:]}"
    assert (html / "index.html").exists()
    house_rules = (html / "play" / "firelights.html").read_text(encoding="utf-8")
    assert "too few cards" in house_rules, "the house rules table is generated from HOUSE_RULES"
    frame = (html / "reference" / "generated" / "widgets.frame.base.html").read_text(
        encoding="utf-8"
    )
    signature = re.search(r'id="widgets.frame.base.GameFrame">(.*?)</dt>', frame, re.S)
    assert signature is not None, "the Reference documents GameFrame"
    words = " ".join(re.sub(r"<[^>]+>", "", signature[1]).split())
    assert "GameFrame(journey=None, *, seed=None)" in words, words  # its own, not (*args, **kwargs)
    # The navbar's four sections, as the Jupyter projects' sites have them, and no page with an
    # empty "Section Navigation" box (a page with nothing under it shows none).
    index = (html / "index.html").read_text(encoding="utf-8")
    navbar = re.search(r'<ul class="bd-navbar-elements navbar-nav">(.*?)</ul>', index, re.S)
    assert navbar is not None, "the site has a navbar"
    sections = [" ".join(s.split()) for s in re.findall(r"<a [^>]*>([^<]+)</a>", navbar[1])]
    assert sections == ["Getting started", "User guide", "API reference", "Developer guide"]
    empty = re.compile(r'aria-label="Section Navigation">.*?<div class="bd-toc-item navbar-nav">'
                       r"\s*</div>", re.S)  # fmt: skip
    bare = [
        str(page.relative_to(html))
        for page in html.rglob("*.html")
        if empty.search(page.read_text(encoding="utf-8"))
    ]
    assert not bare, f"pages with an empty Section Navigation: {bare}"
    # A page that opens on a whole panel's picture has no "On this page" column beside it: the
    # column's width shrank the panel's words to three quarters of their size.
    for name in ("firelights", "voidlight", "crew", "embers"):
        page = (html / "play" / f"{name}.html").read_text(encoding="utf-8")
        assert "screenshots" in page or "_images/" in page, name
        assert 'id="pst-secondary-sidebar"' not in page, f"play/{name} keeps a second sidebar"
