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
    passed_by,
    save_odds,
    why_not,
)
from rules.voidlight.owed import cost_due
from rules.voidlight.report import LOST
from widgets.parts.theme import escape
from widgets.voidlight.controls import (
    Act,
    Who,
    button,
    check_words,
    gate,
    odds_html,
    seat_of,
    waits_for_cost,
)

__all__ = ["POSITIONS", "CheckBar"]

#: The Position dropdown's choices, as (label, value), the Hit each needs in the label.
POSITIONS = [
    ("Good (4+)", "good"),
    ("Standard (5+)", "standard"),
    ("Bad (6 only)", "bad"),
    ("Absolute", "absolute"),
    ("Impossible", "impossible"),
]
#: The Position dropdown's tooltip: the rule, and the house rules that move it.
POSITION_TIP = (
    "The Position the fiction sets: a die is a Hit on 4+ (Good), 5+ (Standard) or 6 (Bad); "
    "Absolute succeeds and Impossible fails with no roll. House rule: the beam then moves a "
    "Check one step (High Beam up, Low Beam down), and Frozen makes a Vigor check Bad."
)
#: A Check button's tooltip.
CHECK_TIP = (
    "2+ Hits success, 1 partial or at a cost, 0 failure with a cost; 0 dice: one die, Hit on 6"
)
#: The Push button's tooltip.
PUSH_TIP = (
    "Reroll every Miss once, then a Fatigued condition fills a slot (no slot free: drop an item)"
)
#: The cost button's tooltip: the rule, and how Lantern reads the table's entries (house rules).
COST_TIP = (
    "On 1 or 0 Hits: roll 2D on the Check Costs table. House rule: the dice in an entry "
    "(1D-1 DMG, DRAINS BY 1D+1, ROLL 2D...) are rolled by Lantern when you apply it; damage "
    "never goes below 0; a Hit on 'A HIT STARTS AN ENCOUNTER POOL' starts a P6; equipment that "
    "falls or breaks is yours to pick (the preference named): a fallen item leaves your slots, a "
    "broken one stays in them, marked broken; WOUNDED OR HARMED: you pick the word"
)
#: The tooltip of the dropdown that picks a cost entry instead of rolling it.
PICK_TIP = "Pick the entry instead of rolling (the text allows either)"
#: The tooltip of the button that takes no cost.
SKIP_TIP = (
    "Take no cost from the table: the text rolls one 'when you need a cost'; a reduced effect or "
    "wasted time, narrated, will do. House rule: another Check or a rest waits until the cost is "
    "taken or skipped"
)
#: The Critical Save button's tooltip.
SAVE_TIP = (
    "1+ Hits endures, 0 taken out and dying; then the Attribute loses 1 per Miss, at most 2, "
    "never below 0"
)


def _cost_entries() -> list[tuple[str, int]]:
    codes = [tens * 10 + units for tens in range(1, 7) for units in range(1, 7)]
    return [(f"{code} {entry_text(code)}", code) for code in codes]


class CheckBar:
    """The Position, the Attribute buttons and their odds, Push, the cost, the Critical Save.

    Each acts for ``who()``, the character whose sheet is open; a Critical Save for the one it
    is asked of (the dark asks the crew one after another: the rest wait, listed)."""

    def __init__(self, act: Act, who: Who = lambda: "") -> None:
        self._act = act
        self._who = who
        self._asked = ""  # the character the pending save is asked of ("" solo)
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
            each.on_click(
                lambda _b, name=name: self._act(Check(name, self.position.value, self._who()))
            )
        self.check_odds = widgets.HTML()
        self.push_button = button("Push", "push", PUSH_TIP, "warning")
        self.push_button.on_click(lambda _b: self._act(Push(self._who())))
        self.push_odds = widgets.HTML()
        self.cost_button = button("Roll the cost", "cost", COST_TIP)
        self.cost_button.on_click(lambda _b: self._act(Cost(who=self._who())))
        self.cost_pick = widgets.Dropdown(
            options=_cost_entries(), description="or pick", layout={"width": "26em"}
        )
        self.cost_pick.add_class("lantern-cost-pick")
        self.cost_pick_button = button("Take this cost", "cost-pick", PICK_TIP)
        self.cost_pick_button.on_click(
            lambda _b: self._act(Cost(self.cost_pick.value, self._who()))
        )
        self.skip_button = button("Skip the cost", "skip_cost", SKIP_TIP)
        self.skip_button.on_click(lambda _b: self._act(SkipCost(self._who()), table=False))
        self.cost_due = widgets.HTML()
        self.cost_due.add_class("lantern-due-view")
        self.save_due = widgets.HTML('<b class="lantern-prompt">Critical Save</b>')
        self.save_queue = widgets.HTML()
        self.save_queue.add_class("lantern-save-queue")
        self.save_position = widgets.Dropdown(
            options=POSITIONS, value="standard", description="Position", layout={"width": "16em"}
        )
        self.save_buttons = {
            name: button(f"Save with {name.title()}", f"save-{name}", SAVE_TIP, "danger")
            for name in ATTRIBUTES
        }
        for name, each in self.save_buttons.items():
            each.on_click(
                lambda _b, name=name: self._act(Save(name, self.save_position.value, self._asked))
            )
        self.save_odds = widgets.HTML()
        self.save_box = widgets.VBox(
            [
                self.save_due,
                self.save_queue,
                self.save_position,
                widgets.HBox(list(self.save_buttons.values())),
                self.save_odds,
            ]
        )
        self.save_box.add_class("lantern-save-box")
        self.save_box.layout.display = "none"

    def widgets(self) -> list[widgets.Widget]:
        """The bar's widgets, in the order the panel shows them: the save, the Position, the Checks
        and their odds, the push and the cost."""
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
        """Show what ``state`` offers the character whose sheet is open: each button enabled or
        saying why not, with its odds."""
        who = self._who() if state.crew else ""
        seat = seat_of(state, who)
        offered = available(state, who or None)
        sheet = state.crew[seat] if state.crew else None
        waiting = waits_for_cost(state, "check", who)  # a click says why it waits, beside the cost
        checks = (*offered, "check") if waiting else offered
        for name, each in self.check_buttons.items():
            if sheet is not None:
                each.description = check_words(state, name, who)
            gate(each, checks, "check", CHECK_TIP, why_not(state, "check", who or None))
        for each, kind, tip in ((self.push_button, "push", PUSH_TIP),
                                (self.cost_button, "cost", COST_TIP),
                                (self.cost_pick_button, "cost", PICK_TIP),
                                (self.skip_button, "skip_cost", SKIP_TIP)):  # fmt: skip
            gate(each, offered, kind, tip, why_not(state, kind, who or None))
        self._render_due(state, who, offered)
        self._render_check_odds(state, who, "check" in offered)
        self.push_odds.value = (
            odds_html(odds(state, Push(who)), "If you push") if "push" in offered else ""
        )
        self._render_save(state)

    def _render_due(self, state: State, who: str, offered: tuple[str, ...]) -> None:
        """The cost owed, said beside the controls that take it (or skip it)."""
        seat = seat_of(state, who)
        cost = cost_due(state, seat)
        last = state.crew[seat].last_check if state.crew else None
        if cost is None or last is None or "cost" not in offered:
            self.cost_due.value = ""
            self.skip_button.layout.display = "none"
            return
        hits = f"{last.hits} Hit{'s' * (last.hits != 1)}"
        waits = " Another Check or a rest waits for it." if passed_by(state, "check", seat) else ""
        self.cost_due.value = (
            f'<div class="lantern-due"><b>Due:</b> {escape(cost.text)} ({escape(last.outcome)}, '
            f"{hits}): roll it or pick it on the table, or skip it.{waits}</div>"
        )
        self.skip_button.layout.display = ""

    def _render_check_odds(self, state: State, who: str, offered: bool) -> None:
        if not offered or state.character is None:
            self.check_odds.value = self.position_note.value = ""
            return
        sheet = state.member(who)
        chosen = self.position.value
        lines = []
        moved = []
        for name in ATTRIBUTES:
            where = check_position(state, name, chosen, who).value
            if where != chosen:
                moved.append(f"{name.title()} rolls {where}")
            label = f"{name.title()} {sheet.effective(name)} ({where})"
            lines.append(odds_html(odds(state, Check(name, chosen, who)), label))
        self.check_odds.value = "".join(lines)
        why = []
        if state.light.beam != "standard" and not state.light.dead:
            step = "up" if state.light.beam == "high" else "down"
            why.append(f"the {state.light.beam} beam moves a Check one step {step}")
        if any(c.name.casefold() == "frozen" for c in sheet.conditions):
            why.append("Frozen makes a Vigor check Bad")
        self.position_note.value = (
            f'<div class="lantern-house" title="{escape(POSITION_TIP)}">House rule: '
            f"{escape(' and '.join(why))}: {escape(', '.join(moved))}.</div>"
            if moved
            else ""
        )

    def _render_save(self, state: State) -> None:
        """The save due, for the one it is asked of: their scores and odds; the rest of the
        dark's queue listed after it ("then: Kai, Rook")."""
        pending = state.pending
        asked = pending.who if pending is not None and pending.kind == "save" else ""
        due = pending is not None and "save" in available(state, asked or None)
        self.save_box.layout.display = "" if due else "none"
        if not due or pending is None:
            self.save_odds.value = self.save_queue.value = ""
            return
        self._asked = asked if len(state.crew) > 1 else ""
        self.save_due.value = f'<b class="lantern-prompt">Due: {escape(pending.prompt)}</b>'
        later = [escape(p.who) for p in state.queue if p.who]
        self.save_queue.value = (
            f'<div class="lantern-subtle">then: {", ".join(later)}</div>' if later else ""
        )
        sheet = state.member(self._asked)
        where = self.save_position.value
        lines = []
        for name, each in self.save_buttons.items():
            score = sheet.effective(name)
            each.description = f"Save with {name.title()} {score}"
            each.disabled = False
            loss = save_odds(score, where).expected_loss
            tail = f'<span title="exactly {loss}">expected loss {float(loss):.2f}</span>'
            action = Save(name, where, self._asked)
            found = odds(state, action)
            if found is not None and pending.reason == "dark":  # a failure here is lost, not dying
                found = found.map(lambda said: LOST if said == "taken out" else said)
            lines.append(odds_html(found, f"{name.title()} {score}", tail))
        self.save_odds.value = "".join(lines)
