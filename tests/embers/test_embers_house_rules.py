"""The house rules in rules.embers.HOUSE_RULES are the ones DESIGN.md lists, word for word."""

from __future__ import annotations

from pathlib import Path

import rules.embers
from rules.embers.house_rules import HOUSE_RULES

DESIGN = Path(rules.embers.__file__).with_name("DESIGN.md")


def test_every_house_rule_is_in_design_md_and_design_md_lists_no_other() -> None:
    text = DESIGN.read_text(encoding="utf-8")
    section = text[text.index("## House rules") : text.index("## The engine")]
    listed = [" ".join(item.split()) for item in section.split("\n* ")[1:]]
    assert listed == list(HOUSE_RULES.values())
