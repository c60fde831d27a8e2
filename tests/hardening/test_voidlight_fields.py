"""The field check of rules.record.action holds for every game built on it, Voidlight
too (its package is not changed: the check comes from the shared base)."""

from __future__ import annotations

import pytest

from rules.errors import InvalidInput
from rules.record.action import TEXT_LIMIT
from rules.voidlight.actions import Elapse, SetTimer, parse


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "elapse", "minutes": "5"}, "Time passes: 'minutes' is an int, got '5'"),
        ({"kind": "elapse", "minutes": True}, "Time passes: 'minutes' is an int, got True"),
        (
            {"kind": "timer", "timer": "interval", "interval": 2.5},
            "Set the Voidlight timer: 'interval' is an int or None, got 2.5",
        ),
        (
            {"kind": "check", "attribute": ["vigor"]},
            "Check: 'attribute' is a str, got ['vigor']",
        ),
    ],
)
def test_voidlight_actions_refuse_a_field_of_the_wrong_type(
    data: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        parse(data)
    assert str(refused.value) == message


def test_voidlight_text_has_the_shared_limit() -> None:
    with pytest.raises(InvalidInput, match=f"at most {TEXT_LIMIT} characters"):
        parse({"kind": "fortune", "question": "x" * (TEXT_LIMIT + 1)})


def test_voidlight_actions_still_round_trip() -> None:
    for action in (Elapse(20), SetTimer("interval", 10), SetTimer("scenes")):
        assert parse(action.to_json()) == action
