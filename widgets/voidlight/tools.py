"""The Voidlight's controls and the solo tools: beam modes and battery swap, Encounter Pools,
Fortune and Reaction Rolls, the enemy guide and the theme / action oracle. Odds come from
:func:`rules.voidlight.odds`; every click builds one rules action for the panel to play."""

from __future__ import annotations

import ipywidgets as widgets

from rules.voidlight import (
    ATTRIBUTES,
    ENEMY_HP,
    FORTUNE_DICE,
    Beam,
    EndEncounter,
    Fortune,
    HurtEnemy,
    Inspire,
    React,
    RollEncounter,
    RollEnemy,
    RollLight,
    StartEncounter,
    State,
    SwapBattery,
    available,
    odds,
    why_not,
)
from widgets.parts.theme import escape
from widgets.voidlight.controls import Act, Who, beam_words, button, gate, odds_html, set_options

__all__ = ["LightBar", "SoloBar"]

#: Each beam button's tooltip.
BEAM_TIPS = {
    "high": "High Beam: Good Position for the crew's checks (house rule: one step up); up to 3 "
    "dice lost per roll",
    "standard": "Standard beam: no change; up to 2 dice lost per roll",
    "low": "Low Beam: Bad Position for the crew's checks (house rule: one step down); at most 1 "
    "die lost per roll",
}
#: Each solo tool's button tooltip: the rule, and the house rules Lantern plays by.
TIPS = {
    "swap_battery": "Slot a new Battery: the Voidlight is P6 again. House rule: a Battery is an "
    "item you carry, named 'Battery' (any size); slotting it uses it up",
    "roll_light": "Roll the Voidlight Pool now: 1 die lost per Miss (5 or 6 a Hit)",
    "encounter": "P2 something close, P4 a growing threat, P6 distant danger",
    "roll_encounter": "Roll it when you rest, search, make noise or linger; empty: the encounter arrives",
    "end_encounter": "Set the pool aside: the danger is left behind",
    "fortune": "2+ Hits yes (extra Hits amplify), 1 yes with a twist, 0 no with a twist",
    "react": "2D by default: 2+ Hits approachable, 1 hesitant, 0 hostile",
    "enemy": "House rule (the text does not say how): 1D: 1-3 a lesser foe (6-8 HP), 4-5 "
    "hardened (10-14), 6 deadly (14-20); its Hit Points rolled in the range",
    "hurt_enemy": "Take Hit Points off an enemy",
    "inspire": "Roll d66 on both columns of the table at once",
}


class LightBar:
    """Beam mode switch, battery swap and a manual roll (between scenes): the crew's light; the
    Battery slotted is the one ``who()`` (the open sheet) carries."""

    def __init__(self, act: Act, who: Who = lambda: "") -> None:
        self._act = act
        self._who = who
        self.beam_buttons = {
            mode: button(beam_words(mode), f"beam-{mode}", BEAM_TIPS[mode])
            for mode in ("high", "standard", "low")
        }
        for mode, each in self.beam_buttons.items():
            each.on_click(lambda _b, mode=mode: self._act(Beam(mode), table=False))
        self.swap_button = button("Slot a new Battery", "swap_battery", TIPS["swap_battery"])
        self.swap_button.on_click(lambda _b: self._act(SwapBattery(self._who()), table=False))
        self.roll_button = button("Roll the Voidlight", "roll_light", TIPS["roll_light"])
        self.roll_button.on_click(lambda _b: self._act(RollLight()))
        self.odds = widgets.HTML()

    def widgets(self) -> list[widgets.Widget]:
        """The bar's rows: the beams and the Battery, then the roll and its odds."""
        return [
            widgets.HBox([*self.beam_buttons.values(), self.swap_button]),
            widgets.HBox([self.roll_button, self.odds]),
        ]

    def render(self, state: State) -> None:
        """Show what ``state`` offers: the beam in use marked, each button enabled or saying why
        not."""
        who = (self._who() if state.crew else "") or None
        offered = available(state, who)
        why = why_not(state, "beam")
        for mode, each in self.beam_buttons.items():
            gate(each, offered, "beam", BEAM_TIPS[mode], why)
            each.button_style = "info" if state.light.beam == mode else ""
        gate(
            self.swap_button,
            offered,
            "swap_battery",
            TIPS["swap_battery"],
            why_not(state, "swap_battery", who),
        )
        gate(
            self.roll_button,
            offered,
            "roll_light",
            TIPS["roll_light"],
            why_not(state, "roll_light"),
        )
        dist = odds(state, RollLight()) if "roll_light" in offered else None
        self.odds.value = odds_html(
            None if dist is None else dist.map(lambda k: f"{k} lost"), "Dice lost"
        )


class SoloBar:
    """Encounter Pools, Fortune and Reaction Rolls, the enemy guide, the oracle: the crew's
    tools; a Fortune Roll by Attribute rolls ``who()``'s (the open sheet's)."""

    def __init__(self, act: Act, who: Who = lambda: "") -> None:
        self._act = act
        self._who = who
        self.pool_name = widgets.Text(placeholder="what stalks you", layout={"width": "14em"})
        self.pool_name.add_class("lantern-pool-name")
        self.pool_size = widgets.Dropdown(
            options=[("P2 close", 2), ("P4 growing", 4), ("P6 distant", 6)],
            value=4,
            layout={"width": "9em"},
        )
        self.pool_pick = widgets.Dropdown(options=[], layout={"width": "14em"})
        self.pool_pick.add_class("lantern-pool-pick")
        self.pool_odds = widgets.HTML()
        self.likelihood = widgets.Dropdown(
            options=[(f"{k} ({v}D)", k) for k, v in FORTUNE_DICE.items()], value="even",
            description="Likely?", layout={"width": "15em"},
        )  # fmt: skip
        self.fortune_attribute = widgets.Dropdown(
            options=[("by likelihood", ""), *((a.title(), a) for a in ATTRIBUTES)],
            description="or roll", layout={"width": "17em"},
        )  # fmt: skip
        self.question = widgets.Text(placeholder="a yes/no question", layout={"width": "16em"})
        self.question.add_class("lantern-question")
        self.fortune_odds = widgets.HTML()
        self.react_dice = widgets.BoundedIntText(
            value=2,
            min=0,
            max=6,
            description="Reaction dice",
            layout={"width": "12em"},
            style={"description_width": "initial"},
        )
        self.react_who = widgets.Text(placeholder="who you meet", layout={"width": "12em"})
        self.react_odds = widgets.HTML()
        self.enemy_name = widgets.Text(placeholder="the enemy's name", layout={"width": "14em"})
        self.enemy_pick = widgets.Dropdown(options=[], layout={"width": "12em"})
        self.enemy_damage = widgets.BoundedIntText(value=1, min=1, max=99, layout={"width": "5em"})
        self.oracle = widgets.Dropdown(
            options=[("theme and action", "both"), ("theme", "theme"), ("action", "action")],
            layout={"width": "12em"},
        )
        self.buttons = {
            "encounter": button("Start pool", "encounter", TIPS["encounter"]),
            "roll_encounter": button("Roll pool", "roll_encounter", TIPS["roll_encounter"]),
            "end_encounter": button("End pool", "end_encounter", TIPS["end_encounter"]),
            "fortune": button("Fortune Roll", "fortune", TIPS["fortune"]),
            "react": button("Reaction Roll", "react", TIPS["react"]),
            "enemy": button("Roll for an enemy", "enemy", TIPS["enemy"]),
            "hurt_enemy": button("Damage enemy", "hurt_enemy", TIPS["hurt_enemy"]),
            "inspire": button("Ask the oracle", "inspire", TIPS["inspire"]),
        }
        handlers = {
            "encounter": lambda: self._act(lambda: StartEncounter(self.pool_name.value.strip(), self.pool_size.value), table=False),
            "roll_encounter": lambda: self._act(RollEncounter(self.pool_pick.value or "")),
            "end_encounter": lambda: self._act(EndEncounter(self.pool_pick.value or ""), table=False),
            "fortune": self._fortune,
            "react": lambda: self._act(lambda: React(self.react_dice.value, self.react_who.value.strip())),
            "enemy": lambda: self._act(lambda: RollEnemy(self.enemy_name.value.strip())),
            "hurt_enemy": lambda: self._act(HurtEnemy(self.enemy_pick.value or "", self.enemy_damage.value), table=False),
            "inspire": lambda: self._act(Inspire(self.oracle.value), table=False),
        }  # fmt: skip
        for kind, each in self.buttons.items():
            each.on_click(lambda _b, run=handlers[kind]: run())
        for control in (self.likelihood, self.fortune_attribute, self.react_dice, self.pool_pick):
            control.observe(lambda _c: self._refresh(), "value")
        self._state: State | None = None

    def _fortune(self) -> None:
        likelihood, attribute = self.likelihood.value, self.fortune_attribute.value
        question = self.question.value.strip()
        who = self._who() if attribute else ""
        if self._act(lambda: Fortune(likelihood, attribute, question=question, who=who)):
            self.question.value = ""

    def sections(self) -> list[tuple[str, list[widgets.Widget]]]:
        """Each tool with its inputs and odds, a short titled group of its own (the result of a
        click shows at the bottom of the group clicked)."""
        b = self.buttons
        tiers = ", ".join(f"{tier} {low}-{high} HP" for tier, (low, high) in ENEMY_HP.items())
        return [
            ("Encounter Pools", [
                widgets.HBox([self.pool_name, self.pool_size, b["encounter"]]),
                widgets.HBox([self.pool_pick, b["roll_encounter"], b["end_encounter"]]),
                self.pool_odds,
            ]),
            ("Fortune and Reaction", [
                widgets.HBox([self.likelihood, self.fortune_attribute]),
                widgets.HBox([self.question, b["fortune"]]),
                self.fortune_odds,
                widgets.HBox([self.react_dice, self.react_who, b["react"]]),
                self.react_odds,
            ]),
            ("Enemies", [
                widgets.HTML(f'<span class="lantern-house" title="{escape(TIPS["enemy"])}">'
                             f"Enemy guide (house rule): {tiers}</span>"),
                widgets.HBox([self.enemy_name, b["enemy"]]),
                widgets.HBox([self.enemy_pick, self.enemy_damage, b["hurt_enemy"]]),
            ]),
            ("Oracle", [widgets.HBox([self.oracle, b["inspire"]])]),
        ]  # fmt: skip

    def widgets(self) -> list[widgets.Widget]:
        """The bar's rows, section after section."""
        return [row for _title, rows in self.sections() for row in rows]

    def render(self, state: State) -> None:
        """Show what ``state`` offers, and the pools and enemies to pick from."""
        self._state = state
        offered = available(state)
        for kind, each in self.buttons.items():
            gate(each, offered, kind, TIPS[kind], why_not(state, kind))
        set_options(self.pool_pick, [(f"{p.name} (P{p.dice})", p.name) for p in state.encounters])
        set_options(self.enemy_pick, [(f.name, f.name) for f in state.enemies if f.hp > 0])
        self._refresh()

    def _refresh(self) -> None:
        state = self._state
        if state is None:
            return
        offered = available(state)
        pool = self.pool_pick.value
        self.pool_odds.value = (
            odds_html(odds(state, RollEncounter(pool)), f"Rolling {pool}")
            if pool and "roll_encounter" in offered
            else ""
        )
        attribute = self.fortune_attribute.value
        if attribute and state.character is None:
            self.fortune_odds.value = ""
        else:
            who = self._who() if attribute else ""
            action = Fortune(self.likelihood.value, attribute, who=who)
            self.fortune_odds.value = odds_html(odds(state, action), "Fortune")
        self.react_odds.value = odds_html(odds(state, React(self.react_dice.value)), "Reaction")
