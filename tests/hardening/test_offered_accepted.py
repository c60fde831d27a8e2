"""Offered means accepted: from random played-out states of all three games, every action
the rules list (the game's ``legal``, with its arguments) is accepted when played, and every control a Voidlight
panel enables plays a move the rules accept (but a Check or rest clicked while a cost is owed:
enabled on purpose, its click says the cost is still due). Voidlight journeys start near the cap of max Hit
Points too, where an Advancement used to be offered and then refused.

Hypothesis draws the journey (its seed, its options, how far it is played); ``max_examples`` is
modest so the file stays fast (``make fuzz`` plays at scale)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from rules import embers, voidlight
from rules.record.action import check_action
from rules.record.journey import Journey, game
from rules.table.chance import Chance
from rules.voidlight.moves import KINDS
from rules.voidlight.owed import passed_by

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stateful_play import DRIVERS, voidlight_crew

from widgets.voidlight import VoidlightPanel
from widgets.voidlight.controls import seat_of

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Voidlight's starting max Hit Points: the house rule's 10, and next to the cap of 999.
HIT_POINTS = st.sampled_from([10, 995, 997, 998, 999])


def played_out(name: str, seed: int, steps: int, options: dict[str, Any]) -> Journey[Any, Any]:
    """A journey of ``name`` played ``steps`` random legal moves (fewer if it ends)."""
    driver, rng = DRIVERS[name], random.Random(seed)
    journey = Journey.start(name, seed, options)
    for action in voidlight_crew(rng.randrange(4)) if name == "voidlight" else []:
        journey.play(action)
    for _ in range(steps):
        if journey.state.over:
            break
        journey.play(driver.pick(journey.state, rng))
    return journey


def offered(name: str, state: Any) -> list[Any]:
    """Every action the rules list now: the game's ``legal``, with its arguments."""
    return list(game(name).legal(state))


def assert_all_accepted(name: str, journey: Journey[Any, Any], seed: int) -> None:
    state = journey.state
    for action in offered(name, state):
        check_action(journey.game, action)
        try:
            journey.game.apply(state, action, Chance(seed))
        except Exception as error:
            raise AssertionError(f"{action!r} is offered, then refused: {error}") from error


@FAST
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 60))
def test_every_firelights_move_offered_is_accepted(seed: int, steps: int) -> None:
    assert_all_accepted("firelights", played_out("firelights", seed, steps, {}), seed)


@FAST
@given(
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 60),
    difficulty=st.sampled_from(embers.DIFFICULTIES),
)
def test_every_embers_move_offered_is_accepted(seed: int, steps: int, difficulty: str) -> None:
    journey = played_out("embers", seed, steps, {"difficulty": difficulty})
    assert_all_accepted("embers", journey, seed)


@FAST
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 60), hit_points=HIT_POINTS)
def test_every_voidlight_move_offered_is_accepted(seed: int, steps: int, hit_points: int) -> None:
    journey = played_out("voidlight", seed, steps, {"hit_points": hit_points})
    assert_all_accepted("voidlight", journey, seed)


def test_no_advancement_is_offered_when_it_would_pass_the_cap_of_max_hit_points() -> None:
    """ "Advancement: +2 max Hit Points": at 998 of 999 it is not offered, and refused in words."""
    journey = Journey.start("voidlight", 1, {"hit_points": 998})
    journey.play(voidlight.Create("Kai", "they", 2, 1, 1, 1))
    assert ("advance", "Kai") not in voidlight.open_moves(journey.state)
    assert voidlight.why_not(journey.state, "advance") == (
        "max Hit Points are 998: an Advancement's +2 would pass 999, the most a character has"
    )


# --- the Voidlight panel -----------------------------------------------------------------------

#: What a control that needs typed words is given before it is clicked.
TYPED = {
    ("gear", "item_name"): "Rope",
    ("gear", "condition_name"): "Sick",
    ("solo", "pool_name"): "Stalkers",
    ("solo", "enemy_name"): "Drone",
    ("crew", "join_name"): "Ada",
}


def _shown(root: widgets.Widget) -> list[widgets.Widget]:
    """The widgets under ``root`` the page shows (a hidden box hides all it holds)."""
    stack, found = [root], []
    while stack:
        widget = stack.pop()
        layout = getattr(widget, "layout", None)
        if layout is not None and layout.display == "none":
            continue
        found.append(widget)
        stack.extend(getattr(widget, "children", ()))
    return found


def _enabled(panel: VoidlightPanel) -> list[tuple[str, widgets.Button]]:
    """The panel's shown, enabled controls that play a move, with the move's kind."""
    found = []
    for each in _shown(panel):
        if isinstance(each, widgets.Button) and not each.disabled:
            kinds = [
                c[len("lantern-act-") :] for c in each._dom_classes if c.startswith("lantern-act-")
            ]
            found += [(kind, each) for kind in kinds if kind in KINDS]
    return found


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a panel a try: shrinking takes minutes
)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 40), hit_points=HIT_POINTS)
# Every slot full and Take offered (a small item still fits): the click on Take for a normal
# item was refused. Take is now off unless the size picked fits.
@example(seed=813592, steps=38, hit_points=10)
def test_every_control_the_voidlight_panel_enables_plays_a_move_the_rules_accept(
    seed: int, steps: int, hit_points: int
) -> None:
    journey = played_out("voidlight", seed, steps, {"hit_points": hit_points})
    panel = VoidlightPanel(journey, clock=lambda: 0.0)
    try:
        for (bar, field), text in TYPED.items():
            getattr(getattr(panel, bar), field).value = text
        panel.name_input.value = "Vex"  # what a player types before Create (a name is required)
        for kind, control in _enabled(panel):
            before = len(journey.entries)
            control.click()
            if len(journey.entries) == before:
                shown = panel.messages.text
                # By design a Check or rest clicked while a cost is owed says why it waits.
                waits = passed_by(journey.state, kind, seat_of(journey.state, panel.who()))
                assert waits is not None and "still due" in shown, (kind, shown)
                continue
            journey.undo()
            panel.render()
    finally:
        panel.close()
