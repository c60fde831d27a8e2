"""A sample of ``make fuzz``'s hostile Embers card files in every test run ("card files
as untrusted input"): each loads as a card set or is refused with a LanternError, never a raw
exception; every way of spoiling one (:data:`hostile_cards.MAKERS`, bytes, encodings, empty
files) comes up in the sample."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hostile_cards import MAKERS, check, hostile, spoiled

SAMPLE = 50


def test_fifty_hostile_card_files_are_each_accepted_or_refused_in_words(tmp_path: Path) -> None:
    outcomes = Counter(check(path) for _number, _how, path in hostile(tmp_path, SAMPLE))
    assert sum(outcomes.values()) == SAMPLE and outcomes["refused"] > SAMPLE // 2


def test_the_sample_spoils_card_files_in_every_way() -> None:
    ways = {spoiled(number)[0].split()[0] for number in range(SAMPLE)}
    assert {how.split()[0] for how in MAKERS} | {"bytes", "encoding", "empty"} <= ways
