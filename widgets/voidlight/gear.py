"""What the character carries and suffers, and how they recover: items, Credits, harm,
conditions, rests and advancement. Each control builds one rules action for the panel to play."""

from __future__ import annotations

import ipywidgets as widgets

from rules.voidlight import (
    ATTRIBUTES,
    Advance,
    Credits,
    Damage,
    GainCondition,
    LongRest,
    ShortRest,
    State,
    Treat,
    available,
    why_not,
)
from rules.voidlight.character import MAX_SCORE
from rules.voidlight.recovery import restorable
from rules.voidlight.turn import Turn
from widgets.voidlight.controls import Act, Who, button, gate, seat_of, set_options, waits_for_cost
from widgets.voidlight.items import ITEM_TIPS, ItemRows

__all__ = ["NONE_TO_RESTORE", "TIPS", "GearBar"]

#: Each gear, harm and rest button's tooltip: the rule, and the house rules Lantern plays by.
TIPS = {
    **ITEM_TIPS,
    "credits": "Gain (positive) or spend (negative) Credits",
    "damage": "A threat harms you: lose Hit Points (never below 0); at 0, a Critical Save. House "
    "rule: a dying character makes no further save for damage or conditions (the dark's still)",
    "condition": "A new Condition fills its slots (house rule: 1 unless its entry says 2); no "
    "slot free: drop an item; every slot a Condition: a Critical Save. House rule: with no item "
    "left to drop, it fills the slots that are free",
    "treat": "Clear a condition by an action that addresses it (Bleeding and Chem Burn stop worsening)",
    "short_rest": "About 10 minutes: recover 1D Hit Points; every Encounter Pool is rolled. House "
    "rule: rests take no time on the expedition clock",
    "long_rest": "About 8 hours: all Hit Points and 1 point restored to an Attribute; a dying "
    "character helped in time wakes; every Encounter Pool is rolled. House rules: the point "
    "restored brings an Attribute back toward its full score, never above; the rest also ends "
    "timed penalties and clears Fatigued; it takes no time on the expedition clock",
    "advance": "Advancement: +2 max Hit Points and +1 to an Attribute (to a maximum of 6). House "
    "rule: the 2 new Hit Points come filled",
}
#: The Attribute dropdowns' choices, as (label, value).
ATTRIBUTE_OPTIONS = [(name.title(), name) for name in ATTRIBUTES]
#: The Long Rest's choice when no Attribute is below its full score.
NONE_TO_RESTORE = ("none below its full score", "")


class GearBar:
    """Items, Credits, harm, conditions, rests and advancement of ``who()``, the character whose
    sheet is open."""

    def __init__(self, act: Act, who: Who = lambda: "") -> None:
        self._act = act
        self._who = who
        self.items = ItemRows(act, who)
        self.item_name, self.item_size = self.items.item_name, self.items.item_size
        self.item_drop = self.items.item_drop
        self.credits = widgets.IntText(value=0, description="Credits ±", layout={"width": "11em"})
        self.credits.add_class("lantern-credits-change")
        self.damage = widgets.BoundedIntText(
            value=1, min=1, max=99, description="Damage", layout={"width": "10em"}
        )
        self.condition_name = widgets.Text(
            placeholder="a condition (Bleeding...)", layout={"width": "14em"}
        )
        self.condition_slots = widgets.Dropdown(
            options=[("1 slot", 1), ("2 slots", 2)], layout={"width": "7em"}
        )
        self.condition_lasting = widgets.Checkbox(
            description="lasting", indent=False, layout={"width": "auto"}
        )
        self.treat_input = widgets.Dropdown(options=[], layout={"width": "14em"})
        self.rest_attribute = widgets.Dropdown(options=[NONE_TO_RESTORE], layout={"width": "14em"})
        self.rest_attribute.add_class("lantern-rest-attribute")
        self.advance_attribute = widgets.Dropdown(
            options=ATTRIBUTE_OPTIONS, layout={"width": "10em"}
        )
        labels = {
            "credits": "Credits", "damage": "Take damage",
            "condition": "Gain condition", "treat": "Treat", "short_rest": "Short Rest",
            "long_rest": "Long Rest", "advance": "Advancement",
        }  # fmt: skip
        own = {kind: button(label, kind, TIPS[kind]) for kind, label in labels.items()}
        #: Every button of the bar by its action's kind, Take and Drop (the item rows') first.
        self.buttons = {**self.items.buttons, **own}
        w = self._who
        handlers = {
            "credits": lambda: self._act(lambda: Credits(self.credits.value, w())),
            "damage": lambda: self._act(lambda: Damage(self.damage.value, w())),
            "condition": self._condition,
            "treat": lambda: self._act(lambda: Treat(self.treat_input.value or "", w())),
            "short_rest": lambda: self._act(ShortRest(w())),
            "long_rest": lambda: self._act(lambda: LongRest(self.rest_attribute.value, w())),
            "advance": lambda: self._act(lambda: Advance(self.advance_attribute.value, w())),
        }  # fmt: skip
        for kind, each in own.items():
            each.on_click(lambda _b, run=handlers[kind]: run())

    def _condition(self) -> None:
        name = self.condition_name.value.strip()
        slots, lasting = self.condition_slots.value, self.condition_lasting.value
        if self._act(lambda: GainCondition(name, slots, lasting, self._who())) is not None:
            self.condition_name.value = ""

    def sections(self) -> list[tuple[str, list[widgets.Widget]]]:
        """The controls in short titled groups, each input on the row of the action it feeds."""
        b = self.buttons
        return [
            ("Gear and Credits", [
                *self.items.rows(),
                widgets.HBox([self.credits, b["credits"]]),
            ]),
            ("Harm and conditions", [
                widgets.HBox([self.damage, b["damage"]]),
                widgets.HBox([self.condition_name, self.condition_slots,
                              self.condition_lasting, b["condition"]]),
                widgets.HBox([self.treat_input, b["treat"]]),
            ]),
            ("Rest and advancement", [
                widgets.HBox([b["short_rest"], _words("recover 1D Hit Points")]),
                widgets.HBox([b["long_rest"], _words("all Hit Points, and 1 point to"),
                              self.rest_attribute]),
                widgets.HBox([b["advance"], _words("+2 max Hit Points, and +1 to"),
                              self.advance_attribute]),
            ]),
        ]  # fmt: skip

    def widgets(self) -> list[widgets.Widget]:
        """The bar's rows, section after section."""
        return [row for _title, rows in self.sections() for row in rows]

    def render(self, state: State) -> None:
        """Show what ``state`` offers the open sheet: each button enabled or saying why not, and the
        item and condition choices it holds."""
        who = self._who() if state.crew else ""
        seat = seat_of(state, who)
        offered = available(state, who or None)
        self.items.render(state)
        for kind, each in self.buttons.items():  # a rest the cost holds up says why, when clicked
            if kind in self.items.buttons:
                continue
            waiting = kind in ("short_rest", "long_rest") and waits_for_cost(state, kind, who)
            why = why_not(state, kind, who or None)
            gate(each, (kind,) if waiting else offered, kind, TIPS[kind], why)
        sheet = state.crew[seat] if state.crew else None
        open_ = () if sheet is None else restorable(Turn(state, who=seat))
        set_options(
            self.rest_attribute,
            [(name.title(), name) for name in open_] if open_ else [NONE_TO_RESTORE],
        )
        raisable = (
            [] if sheet is None else [o for o in ATTRIBUTE_OPTIONS if sheet.score(o[1]) < MAX_SCORE]
        )
        set_options(self.advance_attribute, raisable or ATTRIBUTE_OPTIONS)  # only what can rise
        treatable = (
            [] if sheet is None else [(c.name, c.name) for c in sheet.conditions if not c.lasting]
        )
        set_options(self.treat_input, treatable)


def _words(text: str) -> widgets.HTML:
    return widgets.HTML(f'<span class="lantern-subtle">{text}</span>')
