"""No minute of the expedition reaches a seat while the GM hides the timer.

"The GM rolls the Voidlight Pool every 10 real-time minutes [...] using a timer hidden from the
players": a seat sees each roll of the light when it lands, so any line that also says the minute
of the expedition (a Bleeding that worsens at minute 10, a penalty until minute 10, the clock
that waits at minute 14, the dark's save at minute 33) would put the roll between two known
minutes, and a few of them give the interval and the next roll's minute. So every line that
tells a minute is told to the seats without it ("Bleeding, 1D-1 = 3-1", "-1 Vigor for 10
minutes", "5 minutes in the dark"): what the rules make public to the crew (a condition worsens
every 10 minutes, a penalty lasts 10) stays, relative. The GM's table and log keep every word.
A journey played to its end with the timer on, each entry read as a seat reads it: its result
box, its "just now" line, its log and everything else its widget models send its page. Only the
recap at the expedition's end says when the light died and how long it lasted: nothing is left
to roll then."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from seat_helpers import gm_table, models_text, seat_for

from rules.book import FOLDER_ENV
from rules.voidlight import Check, Cost, Elapse, Save, SetTimer

#: The GM's interval here: 7 minutes, a number none of the rules' own durations use (5, 10, 20).
INTERVAL = 7

#: What would time the GM's roll: a minute of the expedition, the interval, the countdown, the
#: minutes an Elapse passed or owes.
SECRETS = (
    re.compile(r"\bminute \d"),
    re.compile(rf"\b{INTERVAL} minutes?\b"),
    re.compile(r"\bevery \d+ minutes?: next"),
    re.compile(r"until the Voidlight is rolled|data-seconds|minutes owed|\d+ minutes pass"),
)


@pytest.fixture(autouse=True)
def journeys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder


def told(text: str) -> list[str]:
    return [found.group(0) for pattern in SECRETS for found in pattern.finditer(text)]


def test_no_line_a_seat_reads_tells_a_minute_of_the_expedition() -> None:
    gm = gm_table(play="group")  # the timer on, hidden from the players' seats
    seat = seat_for(gm, "Kai")
    played = [
        (SetTimer("interval", INTERVAL), None),
        (Check("operate", who="Kai"), [[1, 2]]),  # 0 Hits: a cost is due
        (Cost(53, who="Kai"), None),  # GAIN BLEEDING; 1D-1 DMG EVERY 10M UNTIL TREATED
        (Check("vigor", who="Rook"), [[1, 2]]),
        (Cost(61, who="Rook"), None),  # -1 VIGOR FOR 10 MINUTES
    ]
    for action, dice in played:
        gm.act(action, dice, table=False)
        assert not gm.messages.is_error, (action, gm.messages.text)
        seat.poll()
        assert told(models_text(seat)) == [], action
    for _ in range(40):  # time passes until the light dies and the dark takes the crew
        state = gm.state
        if state.over:
            break
        pending = state.pending
        action = Save("vigor", who=pending.who) if pending else Elapse(13)
        gm.act(action, None, table=False)
        assert not gm.messages.is_error, (action, gm.messages.text)
        seat.poll()
        if not gm.state.over:  # the recap at the end tells the minutes: no roll is left to time
            assert told(models_text(seat)) == [], (action, told(models_text(seat)))
    assert gm.state.over and gm.state.light.dead
    gm_log = "\n".join(entry.text for entry in gm.book.log())
    for said in (f"every {INTERVAL} minutes: next at minute {INTERVAL}", "minute 10: Bleeding",
                 "until minute 10 of the expedition", "minute 10: -1 Vigor wears off",
                 f"minute {INTERVAL}: the Voidlight Pool rolls", "minutes in the dark"):  # fmt: skip
        assert said in gm_log, said  # the GM keeps every word
    seat_log = "\n".join(entry.text for entry in seat.book.log())
    for read in ("Bleeding, 1D-1 = ", "-1 Vigor for 10 minutes", "-1 Vigor wears off",
                 "5 minutes in the dark", "on the GM's timer: the Voidlight Pool rolls"):  # fmt: skip
        assert read in seat_log, read  # the seat reads the same events, without their minute
    assert told(seat_log) == []
    assert "the light died at minute" in models_text(seat)  # the recap, once it is over
