"""The message area and ``guarded``, without a browser: a rule error shows in the panel as its
sentence and leaves the state as it was; an unexpected error is named, logged with its traceback,
and keeps no frames alive; a message area one panel shares with its parts stays where the panel
places it.
"""

from __future__ import annotations

import logging

import ipywidgets
import pytest

from rules.errors import IllegalAction, InvalidInput
from rules.table.chance import Supplied
from rules.table.tables import load
from widgets.parts.dice_view import PoolRoller
from widgets.parts.messages import MessageArea, guarded
from widgets.parts.table_lookup import TableLookup


def test_a_shared_message_area_is_used_but_left_for_the_panel_to_place() -> None:
    shared = MessageArea()
    roller = PoolRoller(Supplied([]), messages=shared)
    lookup = TableLookup(load("voidlight-costs"), Supplied([]), messages=shared)
    assert shared not in roller.children and shared not in lookup.children
    roller.roll()
    assert shared.is_error and "supplied" in shared.text
    lookup.pick(99)
    assert "got 99" in shared.text
    own = PoolRoller(Supplied([]))
    assert own.children[-1] is own.messages


# Messages -----------------------------------------------------------------------------------


def test_message_area_styles_each_kind_and_escapes_text() -> None:
    area = MessageArea()
    assert area.value == ""
    area.error("bad <input>")
    assert "lantern-message-error" in area.value and "bad &lt;input&gt;" in area.value
    area.info("hello")
    assert "lantern-message-info" in area.value
    area.success("done")
    assert "lantern-message-success" in area.value
    area.clear()
    assert area.value == "" and area.kind == "none"


def test_guarded_shows_a_rule_error_as_its_message() -> None:
    area = MessageArea()
    with guarded(area):
        raise InvalidInput("a d66 value is ..., got 17")
    assert area.is_error and area.text == "a d66 value is ..., got 17"


def test_guarded_names_an_unexpected_error_without_a_traceback() -> None:
    area = MessageArea()
    with guarded(area):
        _ = 1 / 0
    assert area.text == "Unexpected error: ZeroDivisionError: division by zero"
    assert "Traceback" not in area.value


def test_guarded_logs_an_unexpected_error_with_its_traceback_but_not_a_rule_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An unexpected error is a bug: its traceback goes to the log at ERROR for whoever fixes it."""
    area = MessageArea()
    with caplog.at_level(logging.DEBUG, logger="widgets.parts.messages"):
        with guarded(area):
            raise IllegalAction("the draw pile is empty")
        assert caplog.records == []
        with guarded(area):
            _ = 1 / 0
    (record,) = caplog.records
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert record.exc_info[0] is ZeroDivisionError
    assert "Traceback" in caplog.text and "Traceback" not in area.value


def test_the_last_exception_keeps_no_frames_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    """A traceback holds the frames it passed through, with their locals (a whole journey): the
    message area keeps the exception and its chain without theirs."""
    import gc
    import weakref

    from widgets.parts import messages as messages_module

    monkeypatch.setattr(messages_module.log, "exception", lambda *args, **kwargs: None)

    class Journey:
        pass

    alive: list[weakref.ref[Journey]] = []

    def handler() -> None:
        journey = Journey()
        alive.append(weakref.ref(journey))
        try:
            raise KeyError("region")
        except KeyError as error:
            raise ValueError("no such region") from error

    area = MessageArea()
    with guarded(area):
        handler()
    gc.collect()
    assert alive[0]() is None
    kept = area.last_exception
    assert isinstance(kept, ValueError) and str(kept) == "no such region"
    assert kept.__traceback__ is None and kept.__cause__ is not None
    assert kept.__cause__.__traceback__ is None


def test_guarded_clears_an_old_message_on_success_but_keeps_a_new_one() -> None:
    area = MessageArea()
    area.error("old")
    with guarded(area):
        pass
    assert area.kind == "none"
    area.error("old")
    with guarded(area):
        area.success("new")
    assert area.kind == "success" and area.text == "new"


def test_guarded_works_as_a_button_handler_decorator() -> None:
    area = MessageArea()
    button = ipywidgets.Button()

    @guarded(area)
    def handler(_button: ipywidgets.Button) -> None:
        raise IllegalAction("the draw pile is empty")

    button.on_click(handler)
    button.click()
    button.click()  # the decorator guards every call, not only the first
    assert area.text == "the draw pile is empty" and area.serial == 2
