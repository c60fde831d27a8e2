"""Checks, Push, the Check cost and the Critical Save: the rolls at the heart of Voidlight.

The four Attributes are "roll this" buttons under a Position selector; the exact odds of each
(:func:`rules.voidlight.odds`, in the Position :func:`rules.voidlight.check_position` rolls it
in) are shown before rolling. Push shows its odds once a Check can be pushed; the cost can be
rolled (2D on the table), picked or skipped, and while it is owed it says so beside them (a Check
clicked meanwhile is refused in a sentence: :func:`rules.voidlight.passed_by`); a due Critical
Save offers one button per Attribute.
"""

from __future__ import annotations

import ipywidgets as widgets

from rules.voidlight import (
    ATTRIBUTES,
    Check,
    Cost,
    Push,
    Save,
    SkipCost,
    State,
    available,
    check_position,
    entry_text,
    odds,
    owed,
    passed_by,
    save_odds,
    why_not,
)
from widgets.theme import escape
from widgets.voidlight.controls import Act, button, gate, odds_html

__all__ = ["POSITIONS", "CheckBar"]

POSITIONS = [
    ("Good (4+)", "good"),
    ("Standard (5+)", "standard"),
    ("Bad (6 only)", "bad"),
    ("Absolute", "absolute"),
    ("Impossible", "impossible"),
]
POSITION_TIP = (
    "The Position the fiction sets: a die is a Hit on 4+ (Good), 5+ (Standard) or 6 (Bad); "
    "Absolute succeeds and Impossible fails with no roll. House rule: the beam then moves a "
    "Check one step (High Beam up, Low Beam down), and Frozen makes a Vigor check Bad."
)
CHECK_TIP = (
    "2+ Hits success, 1 partial or at a cost, 0 failure with a cost; 0 dice: one die, Hit on 6"
)
PUSH_TIP = (
    "Reroll every Miss once, then a Fatigued condition fills a slot (no slot free: drop an item)"
)
COST_TIP = (
    "On 1 or 0 Hits: roll 2D on the Check Costs table. House rule: the dice in an entry "
    "(1D-1 DMG, DRAINS BY 1D+1, ROLL 2D...) are rolled by Lantern when you apply it; damage "
    "never goes below 0; a Hit on 'A HIT STARTS AN ENCOUNTER POOL' starts a P6; equipment that "
    "falls or breaks is yours to pick (the preference named): a fallen item leaves your slots, a "
    "broken one stays in them, marked broken; WOUNDED OR HARMED: you pick the word"
)
PICK_TIP = "Pick the entry instead of rolling (the text allows either)"
SKIP_TIP = (
    "Take no cost from the table: the text rolls one 'when you need a cost'; a reduced effect or "
    "wasted time, narrated, will do. House rule: another Check or a rest waits until the cost is "
    "taken or skipped"
)
SAVE_TIP = (
    "1+ Hits endures, 0 taken out and dying; then the Attribute loses 1 per Miss, at most 2, "
    "never below 0"
)


def _cost_entries() -> list[tuple[str, int]]:
    codes = [tens * 10 + units for tens in range(1, 7) for units in range(1, 7)]
    return [(f"{code} {entry_text(code)}", code) for code in codes]


class CheckBar:
    """The Position, the Attribute buttons and their odds, Push, the cost, the Critical Save."""

    def __init__(self, act: Act) -> None:
        self._act = act
        self.position = widgets.ToggleButtons(
            options=POSITIONS, value="standard", description="Position", tooltips=[POSITION_TIP] * 5
        )
        self.position.add_class("lantern-position")
        self.position_note = widgets.HTML()
        self.check_buttons = {
            name: button(f"Roll {name.title()}", f"check-{name}", CHECK_TIP, "primary")
            for name in ATTRIBUTES
        }
        for name, each in self.check_buttons.items():
            each.on_click(lambda _b, name=name: self._act(Check(name, self.position.value)))
        self.check_odds = widgets.HTML()
        self.push_button = button("Push", "push", PUSH_TIP, "warning")
        self.push_button.on_click(lambda _b: self._act(Push()))
        self.push_odds = widgets.HTML()
        self.cost_button = button("Roll the cost", "cost", COST_TIP)
        self.cost_button.on_click(lambda _b: self._act(Cost()))
        self.cost_pick = widgets.Dropdown(
            options=_cost_entries(), description="or pick", layout={"width": "26em"}
        )
        self.cost_pick.add_class("lantern-cost-pick")
        self.cost_pick_button = button("Take this cost", "cost-pick", PICK_TIP)
        self.cost_pick_button.on_click(lambda _b: self._act(Cost(self.cost_pick.value)))
        self.skip_button = button("Skip the cost", "skip_cost", SKIP_TIP)
        self.skip_button.on_click(lambda _b: self._act(SkipCost(), table=False))
        self.cost_due = widgets.HTML()
        self.cost_due.add_class("lantern-due-view")
        self.save_due = widgets.HTML('<b class="lantern-prompt">Critical Save</b>')
        self.save_position = widgets.Dropdown(
            options=POSITIONS, value="standard", description="Position", layout={"width": "16em"}
        )
        self.save_buttons = {
            name: button(f"Save with {name.title()}", f"save-{name}", SAVE_TIP, "danger")
            for name in ATTRIBUTES
        }
        for name, each in self.save_buttons.items():
            each.on_click(lambda _b, name=name: self._act(Save(name, self.save_position.value)))
        self.save_odds = widgets.HTML()
        self.save_box = widgets.VBox(
            [
                self.save_due,
                self.save_position,
                widgets.HBox(list(self.save_buttons.values())),
                self.save_odds,
            ]
        )
        self.save_box.add_class("lantern-save-box")
        self.save_box.layout.display = "none"

    def widgets(self) -> list[widgets.Widget]:
        return [
            self.save_box,
            self.position,
            self.position_note,
            widgets.HBox(list(self.check_buttons.values())),
            self.check_odds,
            widgets.HBox([self.push_button, self.push_odds]),
            self.cost_due,
            widgets.HBox([self.cost_button, self.skip_button]),
            widgets.HBox([self.cost_pick, self.cost_pick_button]),
        ]

    def render(self, state: State) -> None:
        offered = available(state)
        sheet = state.character
        waiting = passed_by(state, "check")  # a click says why it waits, beside the cost
        checks = (*offered, "check") if waiting is not None else offered
        for name, each in self.check_buttons.items():
            if sheet is not None:
                each.description = f"Roll {name.title()} {sheet.effective(name)}"
            gate(each, checks, "check", CHECK_TIP, why_not(state, "check"))
        gate(self.push_button, offered, "push", PUSH_TIP, why_not(state, "push"))
        gate(self.cost_button, offered, "cost", COST_TIP, why_not(state, "cost"))
        gate(self.cost_pick_button, offered, "cost", PICK_TIP, why_not(state, "cost"))
        gate(self.skip_button, offered, "skip_cost", SKIP_TIP, why_not(state, "skip_cost"))
        self._render_due(state)
        self._render_check_odds(state, "check" in offered)
        self.push_odds.value = (
            odds_html(odds(state, Push()), "If you push") if "push" in offered else ""
        )
        self._render_save(state, "save" in offered)

    def _render_due(self, state: State) -> None:
        """The cost owed, said beside the controls that take it (or skip it)."""
        cost = next((due for due in owed(state) if due.kind == "cost"), None)
        last = state.last_check
        if cost is None or last is None or "cost" not in available(state):
            self.cost_due.value = ""
            self.skip_button.layout.display = "none"
            return
        hits = f"{last.hits} Hit{'s' * (last.hits != 1)}"
        waits = " Another Check or a rest waits for it." if passed_by(state, "check") else ""
        self.cost_due.value = (
            f'<div class="lantern-due"><b>Due:</b> {escape(cost.text)} ({escape(last.outcome)}, '
            f"{hits}): roll it or pick it on the table, or skip it.{waits}</div>"
        )
        self.skip_button.layout.display = ""

    def _render_check_odds(self, state: State, offered: bool) -> None:
        if not offered or state.character is None:
            self.check_odds.value = self.position_note.value = ""
            return
        chosen = self.position.value
        lines = []
        moved = []
        for name in ATTRIBUTES:
            where = check_position(state, name, chosen).value
            if where != chosen:
                moved.append(f"{name.title()} rolls {where}")
            label = f"{name.title()} {state.sheet.effective(name)} ({where})"
            lines.append(odds_html(odds(state, Check(name, chosen)), label))
        self.check_odds.value = "".join(lines)
        why = []
        if state.light.beam != "standard" and not state.light.dead:
            step = "up" if state.light.beam == "high" else "down"
            why.append(f"the {state.light.beam} beam moves a Check one step {step}")
        if any(c.name.casefold() == "frozen" for c in state.sheet.conditions):
            why.append("Frozen makes a Vigor check Bad")
        self.position_note.value = (
            f'<div class="lantern-house" title="{escape(POSITION_TIP)}">House rule: '
            f"{escape(' and '.join(why))}: {escape(', '.join(moved))}.</div>"
            if moved
            else ""
        )

    def _render_save(self, state: State, due: bool) -> None:
        self.save_box.layout.display = "" if due else "none"
        if not due:
            self.save_odds.value = ""
            return
        prompt = state.pending.prompt if state.pending is not None else "a Critical Save"
        self.save_due.value = f'<b class="lantern-prompt">Due: {escape(prompt)}</b>'
        where = self.save_position.value
        lines = []
        for name, each in self.save_buttons.items():
            score = state.sheet.effective(name)
            each.description = f"Save with {name.title()} {score}"
            each.disabled = False
            loss = save_odds(score, where).expected_loss
            tail = f'<span title="exactly {loss}">expected loss {float(loss):.2f}</span>'
            lines.append(odds_html(odds(state, Save(name, where)), f"{name.title()} {score}", tail))
        self.save_odds.value = "".join(lines)
