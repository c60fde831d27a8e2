"""The GM's secrets stay with the GM, and whose result is whose.

"The GM rolls the Voidlight Pool every 10 real-time minutes [...] using a timer hidden from the
players": in group play no widget model of a seat (what its page is sent: every descendant's
``get_state()``) holds the countdown, the timer's interval or the minute of the next roll, in
its Voidlight, header, result box or log; the seat shows each roll when it lands. And a result
lands under the controls of the one who clicked: what another kernel played is told in one line
("just now: ...") and in the log. No browser."""

from __future__ import annotations

from pathlib import Path

import pytest
from seat_helpers import gm_table, models_text, seat_for

from rules.book import FOLDER_ENV
from rules.voidlight import Elapse
from widgets.parts.theme import escape
from widgets.voidlight.seat import GM_TIMER


@pytest.fixture(autouse=True)
def journeys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder


def test_no_model_of_a_seat_holds_the_gms_hidden_timer() -> None:
    gm = gm_table(play="group")  # the countdown hidden from the players' seats
    seat = seat_for(gm)
    gm.timer.minutes.value = 7
    gm.timer.set_button.click()  # "the Voidlight is rolled every 7 minutes: next at minute 7"
    assert not gm.messages.is_error, gm.messages.text
    gm.timer.resume()
    assert "until the Voidlight is rolled" in gm.timer.countdown.value
    seat.poll()
    text = models_text(seat)
    for secret in ("every 7 minutes", "next at minute", "until the Voidlight", "data-seconds",
                   "minute 0", "7 minutes"):  # fmt: skip
        assert secret not in text, secret
    assert escape(GM_TIMER) in seat.light.value and "the GM sets the Voidlight" in text
    gm.timer.pause()
    gm.act(Elapse(7), table=False)  # what the live timer plays when the roll falls due
    seat.poll()
    text = models_text(seat)
    for secret in ("minute 7", "7 minutes", "every 7", "next at minute", "minutes owed"):
        assert secret not in text, secret
    assert "on the GM&#x27;s timer: the Voidlight Pool rolls" in text or (
        "on the GM's timer: the Voidlight Pool rolls" in text
    )
    # the GM's own log and journal keep every word
    assert "minute 7: the Voidlight Pool rolls" in gm.book.log()[-1].text
    assert "minute 7" in gm.header.value or "minute 7" in gm.light.value


def test_a_seat_shows_the_timer_when_the_gm_does_not_hide_it() -> None:
    gm = gm_table(timer="interval", interval=10)
    seat = seat_for(gm)
    assert "every 10 minutes" in seat.light.value and "minute 0" in seat.header.value


def test_the_gms_checkbox_says_what_it_hides() -> None:
    gm = gm_table(play="group")
    assert gm.timer.hide_box.description == "hide the countdown on this screen too"
    assert "players' seats never see it" in gm.timer.hide_box.tooltip
    gm.timer.minutes.value = 7
    gm.timer.set_button.click()
    assert "hidden from the players' seats (you see it here" in gm.timer.countdown.value


def test_what_a_seat_plays_lands_in_the_gms_log_and_one_line_not_under_the_gms_controls() -> None:
    gm = gm_table()
    seat = seat_for(gm, "Kai")
    gm.open_sheet("Vex")
    seat.table_input.value = "1 1"
    seat.checks.check_buttons["operate"].click()  # a failure: Kai's cost is due
    seat.checks.skip_button.click()
    assert not seat.messages.is_error, seat.messages.text
    assert "Skip the cost" in seat.report.value  # the seat's own click: under its controls
    before = gm.report.value
    gm.poll()
    assert gm.report.value == before and "Skip the cost" not in gm.report.value
    assert "just now:</span> Kai, from Kai&#x27;s seat — Skip the cost" in gm.just_now.value
    assert "Kai, from Kai" in models_text(gm.log_view)


def test_what_the_gm_plays_reaches_a_seat_in_one_line_not_in_its_result_box() -> None:
    gm = gm_table()
    seat = seat_for(gm, "Kai")
    gm.open_sheet("Vex")
    gm.table_input.value = "6 6"
    gm.checks.check_buttons["vigor"].click()
    seat.poll()
    assert "Vigor" not in seat.report.value
    assert "just now:</span> Vex (GM) — Check: success" in seat.just_now.value
    seat.table_input.value = "6 5"
    seat.checks.check_buttons["operate"].click()
    assert "Operate" in seat.report.value  # its own click lands under its controls
