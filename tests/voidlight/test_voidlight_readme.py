"""The README lists every Voidlight house rule in the words the panel shows (one source: the
rules' HOUSE_RULES; this test keeps the README's table in step with it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.voidlight import HOUSE_RULES

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("key", sorted(HOUSE_RULES))
def test_every_house_rule_is_in_the_readme_as_the_panel_says_it(key: str) -> None:
    assert f"| {key} | {HOUSE_RULES[key].replace('|', '/')} |" in README
