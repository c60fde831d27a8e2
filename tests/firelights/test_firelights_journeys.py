"""Whole journeys: a scripted player to the end, random legal playouts, refusals, records.

As OpenSpiel tests its games: "seeded random playouts that check the API's promises on every step,
clone/replay equals original". The promises checked on every step:

- every one of the 52 cards is in exactly one place (rules.firelights.locations);
- an action of a kind available() offers is never refused, unless its own arguments are bad;
- a kind available() does not offer is refused with IllegalAction saying why;
- a refused action changes nothing: the state, the record and the chance steps;
- the record, through JSON, replays to an equal state.

Measured with tests/firelights/player.py (300 seeds, random_seeds(300), after beacons came to be
found by Discover a Region only): the sensible player completes every journey (300/300, at most
112 actions, about 55 on average); the same player pushing on whenever its Fatigue is full
(``bold``) completes 4 in 5 (240/300) and its light goes out in the others.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from firelights_helpers import assert_refused, begun, frozen
from player import SensiblePlayer, journey_steps, play_journey, random_seeds

from rules.errors import IllegalAction, InvalidInput, LanternError
from rules.firelights import (
    APPROACHES,
    LIKELIHOODS,
    Ask,
    Begin,
    BuyInformation,
    Choose,
    Confront,
    Consult,
    Discover,
    Evade,
    Fight,
    Flee,
    Rest,
    Search,
    Slip,
    State,
    Travel,
    apply,
    available,
    locations,
)
from rules.firelights.moves import ROLLING
from rules.record.journey import Journey
from rules.table.cards import Deck
from rules.table.chance import Chance

SEEDS = random_seeds(20)
MAX_STEPS = 2000
KINDS = (*ROLLING, "begin", "choose", "travel", "rest", "flee", "consult", "slip")
COLUMNS = ("region", "theme", "event", "story")


def round_trip(journey: Journey[Any, Any]) -> Journey[Any, Any]:
    return Journey.from_json(json.loads(json.dumps(journey.to_json())))


# --- the scripted player ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sensible_journeys() -> dict[int, Journey[Any, Any]]:
    """The sensible player's journeys for 20 seeds, locations() checked each step."""
    return {seed: play_journey(seed, max_steps=MAX_STEPS, check=True) for seed in SEEDS}


def test_every_sensible_journey_ends(sensible_journeys: dict[int, Journey[Any, Any]]) -> None:
    """ "re-ignite the six beacons" or "risk extinguishing your light": each seeded journey played
    by the sensible player ends (complete or extinguished) within a bounded number of actions."""
    for seed, journey in sensible_journeys.items():
        assert journey.state.over, f"seed {seed} did not end in {MAX_STEPS} actions"
        assert journey.state.status in ("complete", "extinguished")
        assert len(journey.entries) < MAX_STEPS


def test_the_sensible_player_completes_journeys(
    sensible_journeys: dict[int, Journey[Any, Any]],
) -> None:
    """ "only you have the ability to re-ignite the six beacons": with the sensible strategy every
    one of these seeded journeys is completed (deterministic; 300/300 over 300 seeds)."""
    statuses = Counter(j.state.status for j in sensible_journeys.values())
    assert statuses == Counter({"complete": len(SEEDS)})
    for journey in sensible_journeys.values():
        if journey.state.status == "complete":
            assert journey.state.beacons_lit == 6
            assert all(region.lit for region in journey.state.world.beacons)


def test_the_sensible_player_meets_every_action(
    sensible_journeys: dict[int, Journey[Any, Any]],
) -> None:
    """The strategy is not a straight line: across the seeds the player begins, discovers,
    travels, ignites, reveals, searches, buys information, fights, evades and rests (it flees
    rarely: about one journey in ten)."""
    kinds = Counter(e.action["kind"] for j in sensible_journeys.values() for e in j.entries)
    purposes = Counter(
        e.action["purpose"]
        for j in sensible_journeys.values()
        for e in j.entries
        if e.action["kind"] == "confront"
    )
    assert {"begin", "discover", "travel", "confront", "search", "buy", "fight", "evade",
            "choose", "rest"} <= set(kinds)  # fmt: skip
    assert {"ignite", "reveal"} <= set(purposes)


def test_sensible_journeys_round_trip_through_json(
    sensible_journeys: dict[int, Journey[Any, Any]],
) -> None:
    """rules.record.journey: "Replaying the entries from the start, feeding back the recorded outcomes,
    rebuilds the state exactly" — through json.dumps/loads and Journey.from_json."""
    for journey in sensible_journeys.values():
        again = round_trip(journey)
        assert again.state == journey.state
        assert again.last == journey.last
        assert again.to_json() == journey.to_json()
        assert again.chance.steps == journey.chance.steps


def test_a_seeded_journey_is_the_same_journey_every_time() -> None:
    """All randomness comes from the recorded seed: the same seed and player give the same record."""
    seed = SEEDS[0]
    assert play_journey(seed).to_json() == play_journey(seed).to_json()


def test_a_reloaded_journey_plays_on_as_if_never_stopped() -> None:
    """rules.table.chance: "Replaying a journey and going on gives the same next outcomes as never
    having stopped." Stop half way, reload from JSON, and finish: the same journey."""
    seed, player = SEEDS[1], SensiblePlayer()
    whole = play_journey(seed)
    half = Journey.start("firelights", seed)
    for _ in journey_steps(half, player, len(whole.entries) // 2):
        pass
    resumed = round_trip(half)
    for _ in journey_steps(resumed, player, MAX_STEPS):
        locations(resumed.state)
    assert resumed.to_json() == whole.to_json()
    assert resumed.state == whole.state


def test_a_bold_player_pushing_on_ends_too() -> None:
    """ "or risk extinguishing your light": RULES-NOTES "Fatigue marked while it is already full
    extinguishes the light". A player who pushes on whenever its Fatigue is full still ends every
    journey, either complete or with its light out; the record replays either way."""
    statuses: Counter[str] = Counter()
    for seed in SEEDS[:10]:
        journey = play_journey(seed, player=SensiblePlayer(bold=True), max_steps=MAX_STEPS)
        assert journey.state.over
        statuses[journey.state.status] += 1
        if journey.state.status == "extinguished":
            assert round_trip(journey).state == journey.state
    assert set(statuses) <= {"complete", "extinguished"}


# --- random legal playouts -------------------------------------------------------------------------


def well_formed(state: State, kind: str, rng: random.Random) -> list[Any]:
    """Actions of ``kind`` with good arguments for ``state`` (each must be accepted if offered)."""
    approach = rng.choice(APPROACHES)
    hidden = [r.at for r in state.world.regions if not r.face_up]
    if kind == "begin":
        return [Begin("Wick", "she/her", *rng.sample((2, 1, 0), 3))]
    if kind == "confront":
        actions = [Confront(approach)]
        if state.world.token is not None:
            here = state.world.current
            if here.beacon and not here.lit:
                actions.append(Confront(approach, "ignite"))
        actions += [Confront(approach, "reveal", cell) for cell in hidden[:1]]
        return actions
    if kind == "search":
        return [Search(approach)]
    if kind == "buy":
        spend = rng.randint(1, state.treasures)
        return [BuyInformation(spend)] + [BuyInformation(spend, cell) for cell in hidden[:1]]
    if kind == "discover":
        return [Discover(approach)]
    if kind == "fight":
        curse = state.facing or rng.choice(state.living_curses)
        return [Fight(approach, curse)]
    if kind == "evade":
        return [Evade(approach)]
    if kind == "ask":
        return [Ask(rng.choice(list(LIKELIHOODS)), "Is it safe?")]
    if kind == "choose":
        assert state.pending is not None
        return [Choose(option) for option in state.pending.options]
    if kind == "travel":
        return [Travel(r.at) for r in state.world.neighbours() if r.face_up]
    if kind == "rest":
        return [Rest("a night by the fire")]
    if kind == "flee":
        return [Flee()]
    if kind == "consult":
        return [Consult(rng.choice(COLUMNS))]
    if kind == "slip":
        return [Slip("a cairn of grey stones")]
    raise AssertionError(kind)


def ill_formed(state: State, rng: random.Random) -> Callable[[], Any]:
    """An action with bad arguments of its own (never valid, whatever the state), to build:
    some are refused when built (rules.record.action checks each field), others when played."""
    return rng.choice(
        [
            lambda: Confront("sneaky"),
            lambda: Confront("forceful", "dance"),
            lambda: Search("loud"),
            lambda: Discover(""),
            lambda: Evade("slow"),
            lambda: Ask("certain"),
            lambda: Fight("forceful", "Wyrm"),
            lambda: BuyInformation(0),
            lambda: BuyInformation(state.treasures + 1),
            lambda: Travel((99, 99)),
            lambda: Choose("nothing"),
            lambda: Consult("weather"),
            lambda: Begin("", "", 2, 2, 2),
        ]
    )


def check_step(journey: Journey[Any, Any], rng: random.Random) -> None:
    """The promises of available(), checked on one state without changing the journey."""
    state = journey.state
    offered = available(state)
    assert len(set(offered)) == len(offered)
    for kind in KINDS:
        actions = well_formed(state, kind, rng) if kind in offered else []
        for action in actions:
            chance = Chance(journey.seed, journey.chance.steps)
            apply(state, action, chance)  # must not raise: offered and well-formed
        if kind not in offered and kind != "choose" and kind != "begin":
            action = (
                well_formed(state, kind, rng)[0]
                if kind in ("rest", "flee", "consult", "ask")
                else None
            )
            if action is not None:
                with pytest.raises(IllegalAction, match="is not possible now"):
                    apply(state, action, Chance(journey.seed, journey.chance.steps))
    before = frozen(journey)
    bad = ill_formed(state, rng)
    with pytest.raises(LanternError):
        journey.play(bad())
    assert frozen(journey) == before


@pytest.mark.parametrize("seed", random_seeds(16, seed=7))
def test_random_legal_playouts_keep_every_promise(seed: int) -> None:
    """Random playouts (like OpenSpiel's random sim tests): at every step every action offered by
    available() is accepted when well-formed, anything not offered is refused saying so, a bad
    argument is refused without changing anything, and every card is in exactly one place. The
    record replays to the same state at the end."""
    rng = random.Random(seed)
    journey = Journey.start("firelights", seed)
    for _ in range(200):
        locations(journey.state)
        check_step(journey, rng)
        offered = available(journey.state)
        if journey.state.over:
            assert set(offered) <= {"consult", "slip"}
            break
        kinds = [k for k in offered if k not in ("consult", "slip") or rng.random() < 0.05]
        kind = rng.choice(kinds or list(offered))
        journey.play(rng.choice(well_formed(journey.state, kind, rng)))
    locations(journey.state)
    assert round_trip(journey).state == journey.state


# --- every card in exactly one place ---------------------------------------------------------------


def test_locations_finds_each_of_the_52_cards_in_one_place() -> None:
    """ "A standard deck of cards without any jokers": after Begin, 51 cards are in the draw pile
    and one is on the map."""
    places = locations(begun("5C").state)
    assert len(places) == 52
    assert Counter(places.values()) == {"draw pile": 51, "map": 1}


def test_locations_refuses_a_card_in_two_places_or_a_lost_card() -> None:
    """The invariant checker itself: a card held twice, or a card gone missing, is reported."""
    state = begun("5C").state
    twice = replace(state, in_play=(state.deck.draw_pile[0],))
    assert_refused(
        IllegalAction, "AC is both in the draw pile and the cards in play", lambda: locations(twice)
    )
    lost = replace(state, deck=Deck(state.deck.draw_pile[1:]))
    assert_refused(IllegalAction, "cards lost: ['AC']", lambda: locations(lost))


# --- refusals change nothing -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "needle", "action", "supplied"),
    [
        (IllegalAction, "no treasures", BuyInformation(1), None),
        (InvalidInput, "'sly'", Discover("sly"), None),
        (IllegalAction, "5C is not in the draw pile", Discover("forceful"), [["5C", "6C"], [3, 3]]),
        (InvalidInput, "drawn twice", Discover("forceful"), [["6C", "6C"], [3, 3]]),
        (InvalidInput, "got 7", Discover("forceful"), [["6C", "7C"], [3, 7]]),
        (InvalidInput, "expected 2 d6 faces", Discover("forceful"), [["6C", "7C"], [3]]),
        (
            IllegalAction,
            "used 2 of the supplied",
            Discover("forceful"),
            [["6C", "7C"], [3, 3], [1, 1]],
        ),
        (IllegalAction, "holds no unlit beacon", Confront("forceful", "ignite"), None),
        (IllegalAction, "not possible now", Choose("random"), None),
        (IllegalAction, "you are already there: (0, 0) is 5♣", Travel((0, 0)), None),
    ],
)
def test_a_refused_action_changes_nothing(
    error: type[Exception], needle: str, action: Any, supplied: list[Any] | None
) -> None:
    """rules.record.journey: ":meth:`play` is atomic: when the rules refuse an action, neither the state,
    the record nor the generator moves." The next seeded action then draws exactly what it would
    have drawn had the refused one never been tried."""
    journey, twin = begun("5C", seed=3), begun("5C", seed=3)
    journey.play(Discover("forceful"), [["9C", "2D"], [6, 6]])
    twin.play(Discover("forceful"), [["9C", "2D"], [6, 6]])
    before = frozen(journey)
    assert_refused(error, needle, lambda: journey.play(action, supplied))
    assert frozen(journey) == before
    assert journey.play(Search("quick")) == twin.play(Search("quick"))
    assert frozen(journey) == frozen(twin)


def test_the_pending_choice_is_kept_through_a_refusal() -> None:
    """A refused answer to a pending choice leaves the choice pending, the cards still in play."""
    journey = begun("5C")
    journey.play(Discover("forceful"), [["7H", "QS"], [4, 5]])
    before = frozen(journey)
    assert_refused(InvalidInput, "'KD'", lambda: journey.play(Choose("KD")))
    assert_refused(IllegalAction, "choose which card", lambda: journey.play(Rest()))
    assert frozen(journey) == before
    assert journey.state.in_play != ()
