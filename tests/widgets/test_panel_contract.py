"""The panel contract (widgets/frame/contract.py): the hooks a game panel hands the frame, required
and optional, stated once; every panel keeps it, one that names its game and leaves a required
hook out is refused when its class is defined, and the frame takes a game's Advice from the
panel's ``advice_hook``, never from a module found by the game's name."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import pytest
from lamplighter.panel import LamplighterAdvice, LamplighterPanel

from widgets.embers import EmbersPanel
from widgets.embers.advice import EmbersAdvice
from widgets.firelights import FirelightsPanel
from widgets.firelights.advice import FirelightsAdvice
from widgets.frame import GameFrame
from widgets.frame.advice import AdviceHook, hook_for
from widgets.frame.contract import OPTIONAL, REQUIRED, GamePanel, missing_hooks
from widgets.voidlight import VoidlightPanel
from widgets.voidlight.advice import VoidlightAdvice
from widgets.voidlight.seat import VoidlightSeat

PANELS = {
    EmbersPanel: EmbersAdvice,
    FirelightsPanel: FirelightsAdvice,
    VoidlightPanel: VoidlightAdvice,
    VoidlightSeat: VoidlightAdvice,
    LamplighterPanel: LamplighterAdvice,
}


def test_the_contract_names_each_hook_of_the_protocol_once() -> None:
    declared = {
        name for name in [*vars(GamePanel), *GamePanel.__annotations__] if not name.startswith("_")
    }
    assert set(REQUIRED) | set(OPTIONAL) == declared
    assert not set(REQUIRED) & set(OPTIONAL)
    assert all(hasattr(GameFrame, hook) for hook in OPTIONAL)  # each has the frame's default


@pytest.mark.parametrize("panel", list(PANELS), ids=lambda panel: panel.__name__)
def test_every_panel_keeps_the_contract_and_hands_its_advice(panel: type[GameFrame]) -> None:
    assert missing_hooks(panel, GameFrame) == []
    assert panel.advice_hook is PANELS[panel]
    for hook in REQUIRED + OPTIONAL:  # the same kind of member, and a method takes its words
        ours, declared = getattr(panel, hook), getattr(GamePanel, hook, None)
        if callable(declared) and not isinstance(declared, type):
            ours_words = list(inspect.signature(ours).parameters)
            assert ours_words == list(inspect.signature(declared).parameters), hook


def test_a_panel_without_a_required_hook_is_refused_when_defined() -> None:
    with pytest.raises(TypeError) as refused:

        class Halfway(GameFrame):
            game_name = "lamplighter"
            title = "Halfway"

            def build(self) -> None:
                pass

            def board(self) -> Sequence[widgets.Widget]:
                return ()

    assert str(refused.value) == (
        "Halfway is the panel of the game 'lamplighter' but does not define actions, "
        "render_board, render_actions, ending_html: a game panel defines every required hook "
        "of widgets.frame.contract.GamePanel (listed in REQUIRED there)"
    )


def test_a_panel_with_no_advice_hook_gets_the_frame_s_empty_one() -> None:
    """No lookup by the game's name: a panel that hands no hook has no Advice rows."""

    class Quiet(LamplighterPanel):
        advice_hook = None

    panel = Quiet(seed=2)
    hook: Any = hook_for(panel)
    assert type(hook) is AdviceHook and hook.advisor() is None
    panel.advice.toggle.value = True
    assert panel.advice.refresh(4) == []
    panel.close()


def test_the_frame_signature_is_its_own() -> None:
    """What the Reference shows for GameFrame (docs/_ext: a widget class's own __init__)."""
    words = inspect.signature(GameFrame).parameters
    assert list(words) == ["journey", "seed"]
    assert words["seed"].kind is inspect.Parameter.KEYWORD_ONLY
