"""Where a Voidlight expedition stands, in Markdown, for the exported Journey Book."""

from __future__ import annotations

from rules.record.markdown import escape
from rules.voidlight.character import ATTRIBUTES, SLOTS, Character
from rules.voidlight.moves import light_life
from rules.voidlight.pools import FULL
from rules.voidlight.state import State

__all__ = ["slot_boxes", "summary"]


def slot_boxes(state: State, who: str | None = None) -> tuple[str, ...]:
    """The 10 Slots of ``who`` (blank: the only character), one label each: an item or
    condition fills as many boxes as it takes (small items take none and are listed after),
    empty ones are ""."""
    sheet = state.member(who)
    boxes: list[str] = []
    for item in sheet.items:
        boxes += [item.label] * item.slots
    for condition in sheet.conditions:
        boxes += [condition.name] * condition.slots
    return tuple(boxes + [""] * (SLOTS - len(boxes)))


def summary(state: State) -> str:
    """Where the expedition stands, in Markdown: each sheet, the Voidlight and the clock."""
    if state.character is None:
        return "No character yet."
    parts: list[str] = []
    for sheet in state.crew:
        parts += _sheet(state, sheet)
    if len(state.crew) > 1:
        parts.append(f"The crew: {len(state.crew)} · {state.status}")
    light, clock = state.light, state.clock
    life = light_life(state)
    minutes = f", about {float(life.minutes):.0f} minutes" if life.minutes is not None else ""
    timer = clock.every if clock.timer == "interval" else "between scenes"
    parts.append(
        f"Voidlight P{light.dice}/{FULL}, {light.beam} beam, rolled {timer} · expected life "
        f"{float(life.rolls):.1f} rolls{minutes} · minute {clock.minute}"
    )
    if state.encounters:
        pools = " · ".join(f"{escape(p.name)} P{p.dice}" for p in state.encounters)
        parts.append(f"Encounter Pools: {pools}")
    foes = [f"{escape(f.name)} ({f.tier}) {f.hp}/{f.max_hp}" for f in state.enemies if f.hp > 0]
    if foes:
        parts.append("Enemies: " + " · ".join(foes))
    return "\n\n".join(parts)


def _sheet(state: State, sheet: Character) -> list[str]:
    """One character's lines: name, scores, Hit Points, Credits, slots and where they stand."""
    pronouns = f" ({escape(sheet.pronouns)})" if sheet.pronouns.strip() else ""
    scores = " · ".join(
        f"{name.title()} {sheet.score(name)}"
        + (f" (−{sheet.penalty(name)})" if sheet.penalty(name) else "")
        for name in ATTRIBUTES
    )
    small = [escape(item.label) for item in sheet.items if not item.slots]
    slots = ", ".join(escape(box) or "·" for box in slot_boxes(state, sheet.name))
    return [
        f"**{escape(sheet.name)}**{pronouns} · {scores}",
        f"Hit Points {sheet.hp}/{sheet.max_hp} · Credits {sheet.credits} · "
        f"Slots {sheet.used_slots}/{SLOTS} · {sheet.status if len(state.crew) > 1 else state.status}",
        f"Slots: {slots}" + (f"; small: {', '.join(small)}" if small else ""),
    ]
