"""Why: "Solo is a crew of one: every solo journey on main opens and replays unchanged."

``data/solo_journeys_before_crew.json`` holds 42 solo journeys recorded with the rules as they were
before the crew (commit e17d2f2): 40 seeded random expeditions (12 of them begun before a Check's
cost was owed, with no "costs" option), the scripted expedition of test_voidlight_journeys.py and
the catalogue's journey of tests/hardening/test_catalogue_journeys.py. For every entry it keeps a
digest of the report and of the state's snapshot as the codec wrote it then (the crew's one
character in ``character``, its last Check in ``last_check``), and the last state whole.

Replayed now, each entry's report and state read the same, byte for byte, and the record writes
back the same JSON (a solo action names no ``who``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from rules.record.codec import encode
from rules.record.journey import Journey, game
from rules.voidlight import GAME, Report, State

DATA = Path(__file__).parent / "data" / "solo_journeys_before_crew.json"
RECORDED = json.loads(DATA.read_text(encoding="utf-8"))["journeys"]


def as_before(state: State) -> dict[str, Any]:
    """The state's snapshot in the shape the codec gave before the crew: one ``character``
    (without where they stand and their last Check), the expedition's ``last_check``, a pending
    choice without whose it is."""
    data = encode(state)
    assert isinstance(data, dict)
    assert len(state.crew) <= 1 and not state.queue and not data.pop("queue")
    crew = data.pop("crew")
    character = dict(crew[0]) if crew else None
    last_check = None
    if character is not None:
        character.pop("status")
        last_check = character.pop("last_check")
    pending = data.pop("pending")
    if pending is not None:
        pending.pop("who")
    data.pop("hidden_timer")
    order = ("character", "light", "clock", "encounters", "enemies", "last_check", "pending",
             "status", "pools_started", "points", "start_hp", "costs")  # fmt: skip
    found = {"character": character, "last_check": last_check, "pending": pending, **data}
    return {key: found[key] for key in order}


def view(state: State, report: Report | None) -> str:
    shown = None if report is None else [report.title, list(report.lines), list(report.dice),
                                         report.hits, report.outcome]  # fmt: skip
    return json.dumps({"report": shown, "state": as_before(state)}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False)  # fmt: skip


@pytest.mark.parametrize("recorded", RECORDED, ids=[j["name"] for j in RECORDED])
def test_a_solo_journey_recorded_before_the_crew_replays_byte_for_byte(
    recorded: dict[str, Any],
) -> None:
    record = recorded["record"]
    journey = Journey(game("voidlight"), record["seed"], record["options"])
    for number, (entry, digest) in enumerate(
        zip(record["entries"], recorded["digests"], strict=True), start=1
    ):
        journey.play(GAME.parse_action(entry["action"]), entry["chance"], replaying=True)
        seen = hashlib.sha256(view(journey.state, journey.last).encode()).hexdigest()[:16]
        assert seen == digest, f"entry {number} ({entry['action']}) reads differently now"
    assert json.loads(view(journey.state, journey.last)) == recorded["final"]
    again = Journey.from_json(record)
    assert again.to_json() == record and again.state == journey.state
