"""The README's Firelights house rules table says what rules.firelights.HOUSE_RULES says (one
source: the docs site generates its table from HOUSE_RULES; this test keeps the README in step)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.firelights import HOUSE_RULES

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("key", sorted(HOUSE_RULES))
def test_every_house_rule_is_in_the_readme_in_the_same_words(key: str) -> None:
    assert f"| {key} | {HOUSE_RULES[key].replace('|', '/')} |" in README


def test_the_house_rules_are_the_ones_the_readme_names_as_house_rules() -> None:
    table = README[README.index("### House rules: where the rules text is silent") :]
    table = table[: table.index("\n## ")]
    keys = [
        line.split(" | ")[0].strip("| ") for line in table.splitlines() if line.startswith("| ")
    ]
    assert [
        k for k in keys if k not in ("where", "---") and k.startswith("decided") is False
    ] == list(HOUSE_RULES)
