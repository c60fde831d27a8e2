"""The journey record: it round-trips through JSON, replays to the same state, and plays on.

rules.record.journey: "Replaying the entries from the start, feeding back the recorded outcomes, rebuilds
the state exactly", and ":meth:`play` is atomic: when the rules refuse an action, neither the
state, the record nor the generator moves."

The game here is a tiny fake defined in this file, so these tests need no real game module.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest

from rules.errors import IllegalAction, InvalidInput
from rules.record import games
from rules.record.journey import RECORD_FORMAT, RECORD_VERSION, Entry, Journey
from rules.table.cards import Card, Deck
from rules.table.chance import Source
from rules.table.dice import Roll


@dataclass(frozen=True)
class TallyState:
    deck: Deck
    held: tuple[Card, ...] = ()
    faces: tuple[int, ...] = ()


@dataclass(frozen=True)
class TallyAction:
    """``roll`` n dice; ``draw`` n cards; ``both``: draw n cards, then roll n dice; ``stumble``:
    roll n dice, then the rules refuse."""

    kind: str
    amount: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "amount": self.amount}


class Tally:
    """A fake game: roll dice and keep the faces, draw cards and hold them."""

    name = "tally"

    def initial(self, options: Mapping[str, Any]) -> TallyState:
        return TallyState(Deck.full())

    def apply(
        self, state: TallyState, action: TallyAction, chance: Source
    ) -> tuple[TallyState, str]:
        if action.kind == "roll":
            if action.amount > 3:
                raise IllegalAction(f"at most 3 dice, got {action.amount!r}")
            faces = chance.resolve(Roll(action.amount))
            return replace(state, faces=state.faces + faces), f"rolled {faces}"
        if action.kind == "draw":
            cards, deck = state.deck.draw(action.amount, chance)
            return replace(state, deck=deck, held=state.held + cards), f"drew {cards}"
        if action.kind == "both":
            cards, deck = state.deck.draw(action.amount, chance)
            faces = chance.resolve(Roll(action.amount))
            return replace(state, deck=deck, held=state.held + cards, faces=state.faces + faces), (
                f"drew {cards}, rolled {faces}"
            )
        if action.kind == "stumble":
            chance.resolve(Roll(action.amount))
            raise IllegalAction("stumbled after rolling")
        raise InvalidInput(f"no action {action.kind!r}")

    def parse_action(self, data: Mapping[str, Any]) -> TallyAction:
        return TallyAction(str(data["kind"]), int(data["amount"]))


FAKE = Tally()
ACTIONS = [
    TallyAction("roll", 2),
    TallyAction("draw", 3),
    TallyAction("roll", 1),
    TallyAction("draw", 1),
    TallyAction("roll", 3),
]


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games are found by name in the registry: the fake one is entered by module path for the
    test only (register_game would keep it for the session)."""
    monkeypatch.setitem(games._REGISTRY._games, "tally", f"{__name__}:FAKE")


def played(seed: int = 5, actions: list[TallyAction] = ACTIONS) -> Journey[TallyState, str]:
    journey: Journey[TallyState, str] = Journey(FAKE, seed)
    for action in actions:
        journey.play(action)
    return journey


def snapshot(journey: Journey[Any, Any]) -> tuple[object, ...]:
    return (journey.state, list(journey.entries), journey.chance.steps)


def assert_refused(error: type[Exception], fragment: str, call: Callable[[], object]) -> None:
    """``call()`` raises exactly ``error`` (no subclass); the message contains ``fragment``."""
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    assert fragment in str(caught.value)


# --- the record ----------------------------------------------------------------------------------


def test_the_record_is_plain_json_and_round_trips() -> None:
    """The record: game name, options, seed, and every action with the chance outcomes it met."""
    journey = played()
    record = journey.to_json()
    assert json.loads(json.dumps(record)) == record
    assert record["format"] == RECORD_FORMAT
    assert record["version"] == RECORD_VERSION
    assert record["game"] == "tally"
    assert record["seed"] == 5
    assert [entry["action"] for entry in record["entries"]] == [a.to_json() for a in ACTIONS]
    assert [len(entry["chance"]) for entry in record["entries"]] == [1] * len(ACTIONS)


def test_replaying_the_record_rebuilds_the_same_state() -> None:
    journey = played()
    again = Journey.from_json(json.loads(json.dumps(journey.to_json())))
    assert again.game is FAKE
    assert snapshot(again) == snapshot(journey)
    assert again.to_json() == journey.to_json()


def test_a_journey_built_from_its_entries_replays_them() -> None:
    journey = played()
    assert snapshot(Journey(FAKE, 5, {}, list(journey.entries))) == snapshot(journey)


def test_the_same_seed_and_actions_give_the_same_journey() -> None:
    assert played(seed=5).to_json() == played(seed=5).to_json()
    assert played(seed=5).state != played(seed=6).state


def test_continuing_after_a_replay_gives_the_same_outcomes_as_never_stopping() -> None:
    """The generator of step k is seeded from (seed, k): a replayed journey goes on as before."""
    whole = played(actions=ACTIONS + ACTIONS)
    half = played(actions=ACTIONS)
    resumed = Journey.from_json(json.loads(json.dumps(half.to_json())))
    for action in ACTIONS:
        resumed.play(action)
    assert snapshot(resumed) == snapshot(whole)


def test_supplied_outcomes_are_recorded_and_later_steps_do_not_move() -> None:
    """An outcome rolled at the table takes its step's place: the steps after it are the same
    whether it was supplied or sampled."""
    sampled = Journey(FAKE, 9)
    sampled.play(TallyAction("roll", 2))
    sampled.play(TallyAction("draw", 2))
    supplied = Journey(FAKE, 9)
    supplied.play(TallyAction("roll", 2), [[6, 6]])
    supplied.play(TallyAction("draw", 2))
    assert supplied.entries[0].chance == ([6, 6],)
    assert supplied.state.faces == (6, 6)
    assert supplied.entries[1] == sampled.entries[1]
    assert supplied.state.held == sampled.state.held
    replayed = Journey.from_json(supplied.to_json())
    assert snapshot(replayed) == snapshot(supplied)


# --- too few outcomes typed at the table -----------------------------------------------------------


def test_too_few_outcomes_typed_are_refused_naming_what_was_typed_and_what_is_missing() -> None:
    """rules.record.journey.Journey.play: "Too few for the action are refused (IllegalAction, saying
    what was typed and what is missing) unless ``draw_rest``"."""
    journey = played()
    assert_refused(
        IllegalAction,
        "both needs 2 cards and 2 dice; you typed 2: AS 2S. Missing: 2 dice; type them too, or "
        "let Lantern draw and roll the rest",
        lambda: journey.play(TallyAction("both", 2), [["AS", "2S"]]),
    )
    assert snapshot(journey) == snapshot(played())


def test_a_draw_typed_short_is_refused_saying_what_the_action_needs() -> None:
    """One card typed for a draw of two: the step's own complaint, after what the action needs
    (Lantern draws only whole steps: a draw is typed whole or not at all)."""
    journey = played()
    assert_refused(
        InvalidInput,
        "both needs 3 cards and 3 dice; you typed 1: AS — expected 3 card codes, got ['AS']",
        lambda: journey.play(TallyAction("both", 3), [["AS"]]),
    )
    assert_refused(
        InvalidInput,
        "you typed 4: AS 2S 3S 6 — expected 3 d6 faces, got [6]",
        lambda: journey.play(TallyAction("both", 3), [["AS", "2S", "3S"], [6]], draw_rest=True),
    )
    assert snapshot(journey) == snapshot(played())


def test_with_draw_rest_lantern_rolls_what_was_not_typed_and_the_entry_says_which() -> None:
    """Entry.typed and Entry.drawn split the outcomes: the first the player typed, the rest
    Lantern drew or rolled; the steps after go on as if nothing had been typed."""
    journey = played()
    journey.play(TallyAction("both", 2), [["AS", "2S"]], draw_rest=True)
    entry = journey.entries[-1]
    assert entry.supplied == 1 and entry.typed == (["AS", "2S"],)
    assert len(entry.drawn) == 1 and Roll(2).check(entry.drawn[0])
    sampled = played(actions=[*ACTIONS, TallyAction("both", 2)])
    assert entry.drawn == sampled.entries[-1].chance[1:]  # the roll step's own generator
    assert snapshot(Journey.from_json(journey.to_json())) == snapshot(journey)
    untyped = sampled.entries[-1]
    assert untyped.typed == () and untyped.drawn == untyped.chance


def test_nothing_typed_means_lantern_draws_and_rolls_everything() -> None:
    journey = played()
    journey.play(TallyAction("both", 2), [])
    assert journey.entries[-1].supplied == 0 and len(journey.entries[-1].drawn) == 2


# --- refused actions change nothing --------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "supplied"),
    [
        (TallyAction("roll", 4), None),  # refused before any chance step
        (TallyAction("stumble", 2), None),  # refused after a chance step was sampled
        (TallyAction("draw", 60), None),  # the deck holds fewer cards
        (TallyAction("roll", 1), [[7]]),  # a supplied outcome the step cannot produce
        (TallyAction("roll", 1), [[2], [3]]),  # more outcomes supplied than the action used
        (TallyAction("both", 2), [["AS", "2S"]]),  # fewer outcomes than the action needs
        (TallyAction("both", 2), [["AS"]]),  # one card typed for a draw of two
    ],
    ids=[
        "too-many-dice",
        "fails-after-rolling",
        "deck-too-small",
        "bad-face",
        "unused-outcome",
        "too-few",
        "short-draw",
    ],
)
def test_a_refused_action_changes_neither_the_state_the_record_nor_the_generator(
    action: TallyAction, supplied: list[object] | None
) -> None:
    journey = played()
    before = snapshot(journey)
    last = journey.last
    with pytest.raises((IllegalAction, InvalidInput)):
        journey.play(action, supplied)
    assert snapshot(journey) == before
    assert journey.last == last
    # ... and the journey goes on exactly as if the refused action had never been tried.
    journey.play(TallyAction("roll", 2))
    assert snapshot(journey) == snapshot(played(actions=[*ACTIONS, TallyAction("roll", 2)]))


# --- records Lantern cannot read -----------------------------------------------------------------


def test_a_record_of_a_newer_version_is_refused_by_version() -> None:
    record = played().to_json() | {"version": RECORD_VERSION + 1}
    assert_refused(InvalidInput, repr(RECORD_VERSION + 1), lambda: Journey.from_json(record))


@pytest.mark.parametrize("version", [0, "1", None, True])
def test_a_record_version_must_be_a_known_int(version: object) -> None:
    record = played().to_json() | {"version": version}
    assert_refused(InvalidInput, repr(version), lambda: Journey.from_json(record))


def test_a_record_of_another_format_is_refused_by_format() -> None:
    record = played().to_json() | {"format": "someone.else"}
    assert_refused(InvalidInput, "'someone.else'", lambda: Journey.from_json(record))
    assert_refused(InvalidInput, repr(RECORD_FORMAT), lambda: Journey.from_json(record))
    assert_refused(InvalidInput, "[1, 2]", lambda: Journey.from_json([1, 2]))


def test_a_record_of_an_unknown_game_is_refused_by_name() -> None:
    record = played().to_json() | {"game": "chess"}
    assert_refused(InvalidInput, "'chess'", lambda: Journey.from_json(record))


def test_a_record_with_a_bad_seed_is_refused() -> None:
    record = played().to_json() | {"seed": "5"}
    assert_refused(InvalidInput, "'5'", lambda: Journey.from_json(record))


def test_a_record_whose_outcomes_were_tampered_with_does_not_replay() -> None:
    record = played().to_json()
    record["entries"][0]["chance"] = [[9, 1]]
    assert_refused(InvalidInput, "entry 1", lambda: Journey.from_json(record))
    record["entries"][0]["chance"] = [[1, 1], [2, 2]]
    assert_refused(InvalidInput, "entry 1", lambda: Journey.from_json(record))


def test_a_malformed_entry_is_refused() -> None:
    assert_refused(InvalidInput, "'oops'", lambda: Entry.from_json("oops"))
    assert_refused(
        InvalidInput, "'many'", lambda: Entry.from_json({"action": {}, "chance": "many"})
    )


def test_a_superseded_entry_is_kept_and_its_steps_skipped() -> None:
    """A superseded entry stays in the record; replay skips its outcomes without applying it."""
    journey = played(actions=ACTIONS[:2])
    record = journey.to_json()
    record["entries"][0]["superseded"] = True
    replayed = Journey.from_json(record)
    assert replayed.entries[0].superseded
    assert replayed.state.faces == ()
    assert replayed.state.held == journey.state.held
    assert replayed.chance.steps == journey.chance.steps == 2


@pytest.mark.parametrize(
    ("field", "value"),
    [("options", ["push_on"]), ("options", "fast"), ("entries", {"0": {}}), ("entries", 7)],
)
def test_a_record_with_bad_options_or_entries_names_the_bad_value(
    field: str, value: object
) -> None:
    record = played().to_json() | {field: value}
    assert_refused(InvalidInput, f"'{field}'", lambda: Journey.from_json(record))
    assert_refused(InvalidInput, repr(value), lambda: Journey.from_json(record))


def test_a_very_long_bad_value_is_named_but_cut_short() -> None:
    record = played().to_json() | {"entries": "x" * 5000}
    with pytest.raises(InvalidInput) as caught:
        Journey.from_json(record)
    assert "'xxxxxxxx" in str(caught.value) and len(str(caught.value)) < 200
