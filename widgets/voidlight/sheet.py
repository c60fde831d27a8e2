"""The Voidlight sheet, the Voidlight pool and the Encounter Pools, rendered as HTML from the state.

Projections only: every number comes from :class:`rules.voidlight.State`,
:func:`rules.voidlight.slot_boxes` and :func:`rules.voidlight.light_life`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.errors import LanternError
from rules.voidlight import ATTRIBUTES, SLOTS, Report, State, light_life, slot_boxes
from rules.voidlight.pools import FULL
from rules.voidlight.report import LOST
from widgets.parts.dice_view import FACES
from widgets.parts.theme import escape

__all__ = [
    "encounters_html",
    "enemies_html",
    "hp_bar",
    "light_html",
    "report_html",
    "sheet_html",
    "slots_html",
    "status_html",
]

#: The colour class of each outcome a roll can read (success, partial, failure and their kin).
OUTCOME_CLASS = {
    "success": "success", "partial": "partial", "failure": "failure",
    "endure": "success", "taken out": "failure", LOST: "failure",
    "yes": "success", "yes, but": "partial", "no, and": "failure",
    "approachable": "success", "hesitant": "partial", "hostile": "failure",
}  # fmt: skip


def hp_bar(hp: int, most: int) -> str:
    """A Hit Points bar (HTML), marked low at a third or less."""
    width = 100 * hp // most if most else 0
    low = " lantern-hp-low" if hp * 3 <= most else ""
    return (
        f'<div class="lantern-hp-bar{low}" title="{hp} of {most} Hit Points">'
        f'<div style="width:{width}%"></div></div>'
    )


def slots_html(state: State, who: str = "") -> str:
    """The 10 Slots of ``who`` (blank: the only one) as boxes: an item or condition fills as
    many boxes as it takes; small items (0 slots) are listed after them."""
    sheet = state.member(who)
    conditions = {c.name for c in sheet.conditions}
    sizes = {item.label: item.size for item in sheet.items}
    boxes = []
    for index, label in enumerate(slot_boxes(state, who)):
        if not label:
            boxes.append(f'<div class="lantern-slot lantern-slot-empty">{index + 1}</div>')
            continue
        if label in conditions:
            kind, tip = "condition", f"Condition {label}"
        else:
            kind, tip = "item", f"{label}: a {sizes.get(label, 'normal')} item"
        boxes.append(
            f'<div class="lantern-slot lantern-slot-{kind}" title="{escape(tip)}">'
            f"{escape(label)}</div>"
        )
    small = [item.label for item in sheet.items if not item.slots]
    extra = (
        f'<div class="lantern-muted">Small items (no slot): {escape(", ".join(small))}</div>'
        if small
        else ""
    )
    used = sheet.used_slots
    return (
        f'<div class="lantern-slots-head">Slots <b>{used}/{SLOTS}</b></div>'
        f'<div class="lantern-slots">{"".join(boxes)}</div>{extra}'
    )


def sheet_html(state: State, who: str = "") -> str:
    """Name, pronouns, Hit Points (a bar), Credits, the four Attributes and the 10 Slots of
    ``who`` (blank: the only character)."""
    if state.character is None:
        return '<div class="lantern-sheet lantern-muted">No character yet: create one below.</div>'
    sheet = state.member(who)
    pronouns = (
        f' <span class="lantern-muted">({escape(sheet.pronouns)})</span>'
        if sheet.pronouns.strip()
        else ""
    )
    scores = []
    for name in ATTRIBUTES:
        penalty = sheet.penalty(name)
        note = (
            f' <span class="lantern-failure" title="a cost: -{penalty} for a while">'
            f"(−{penalty})</span>"
            if penalty
            else ""
        )
        scores.append(f"{name.title()} <b>{sheet.score(name)}</b>{note}")
    status = {"dying": " · <b class='lantern-dead'>taken out and dying</b>",
              "lost": " · <b class='lantern-dead'>lost to the dark</b>"}.get(sheet.status, "")  # fmt: skip
    return (
        '<div class="lantern-sheet">'
        f'<div class="lantern-sheet-name">{escape(sheet.name)}{pronouns}</div>'
        f'<div class="lantern-hp">Hit Points <b>{sheet.hp}/{sheet.max_hp}</b>{status}</div>'
        f"{hp_bar(sheet.hp, sheet.max_hp)}"
        f'<div>Credits <b class="lantern-credits">{sheet.credits}</b></div>'
        f'<div class="lantern-attributes">{" · ".join(scores)}</div>'
        f"{slots_html(state, who)}</div>"
    )


def _dice(count: int, total: int, extra: str = "") -> str:
    dice = "".join(
        f'<span class="lantern-pool-die{extra if i < count else " lantern-pool-gone"}"></span>'
        for i in range(total)
    )
    return f'<span class="lantern-pool" title="{count} of {total} dice">{dice}</span>'


def light_html(state: State) -> str:
    """The Voidlight: its dice, its beam, and the battery's expected remaining life."""
    light, clock = state.light, state.clock
    life = light_life(state)
    if light.dead:
        life_text = '<b class="lantern-dead">The battery is spent: the Voidlight is dead.</b>'
    else:
        minutes = (
            f", about <b>{float(life.minutes):.0f} minutes</b> at one roll {clock.every}"
            if life.minutes is not None
            else " (rolled between scenes)"
        )
        life_text = (
            f'<span title="exactly {life.rolls} rolls">Expected life: '
            f"<b>{float(life.rolls):.1f} rolls</b>{minutes}</span>"
        )
    timer = clock.every if clock.timer == "interval" else "between scenes"
    return (
        f'<div class="lantern-light"><div>Voidlight <b>P{light.dice}</b>/{FULL} · '
        f"<b>{escape(light.beam)}</b> beam · rolled {timer} · expedition minute {clock.minute}"
        f"</div><div>{_dice(light.dice, FULL)}</div><div>{life_text}</div></div>"
    )


def encounters_html(state: State) -> str:
    """The Encounter Pools in play, each with its dice (HTML)."""
    if not state.encounters:
        return '<div class="lantern-muted">No Encounter Pool.</div>'
    rows = [
        f'<div class="lantern-encounter" data-pool="{escape(pool.name)}"><b>{escape(pool.name)}</b> '
        f"P{pool.dice} {_dice(pool.dice, pool.dice, ' lantern-encounter-die')}</div>"
        for pool in state.encounters
    ]
    return "".join(rows)


def enemies_html(state: State) -> str:
    """The enemies met, with their Hit Points (HTML)."""
    foes = [
        f'<div class="lantern-enemy"><b>{escape(f.name)}</b> ({escape(f.tier)}) '
        f"{f.hp}/{f.max_hp} HP{' · defeated' if f.hp <= 0 else ''}</div>"
        for f in state.enemies
    ]
    return "".join(foes)


def status_html(state: State, minute: bool = True) -> str:
    """The header's line: the character's Hit Points (a crew: how many stand), the light, the
    minute (not on a seat when the GM hides the timer: ``minute`` False)."""
    if state.character is None:
        return ""
    sheet = state.sheet
    light = (
        '<b class="lantern-dead">Voidlight dead</b>'
        if state.light.dead
        else f"Voidlight <b>P{state.light.dice}</b> ({escape(state.light.beam)})"
    )
    crew = state.crew
    standing = sum(c.status == "standing" for c in crew)
    first = (
        f"HP <b>{sheet.hp}/{sheet.max_hp}</b>"
        if len(crew) == 1
        else f"crew of {len(crew)}: <b>{standing}</b> standing"
    )
    parts = [first, light, *([f"minute {state.clock.minute}"] if minute else [])]
    if state.status != "standing":
        parts.append(f'<b class="lantern-dead">{escape(state.status)}</b>')
    return f'<div class="lantern-status">{" · ".join(parts)}</div>'


def _pushed_dice(report: Report, state: State | None) -> str:
    """A Push rerolls only the Misses: its dice row shows the whole Check after it, the dice kept
    and then the rerolled ones ("" when the state no longer holds that Check)."""
    if state is None or report.title != "Push" or not state.crew:
        return ""
    try:
        last = state.member(report.who).last_check
    except LanternError:
        return ""
    new = len(report.dice)
    if last is None or not last.pushed or tuple(last.faces[len(last.faces) - new :]) != report.dice:
        return ""
    kept = last.faces[: len(last.faces) - new]
    shown = [
        f'<span class="lantern-die lantern-die-kept" title="kept">{FACES[f]}</span>' for f in kept
    ]
    shown += [f'<span class="lantern-die" title="rerolled">{FACES[f]}</span>' for f in report.dice]
    return f"The Check after the push: {' '.join(shown)} (kept, then rerolled)"


def report_html(reports: Sequence[Report], state: State | None = None) -> str:
    """The last action and what followed it: its dice, its outcome, the changes in words;
    ``state`` (the state after them) lets a Push show the whole Check's dice."""
    if not reports:
        return '<div class="lantern-muted">Nothing played yet.</div>'
    parts = []
    for report in reports:
        dice = _pushed_dice(report, state) or " ".join(
            f'<span class="lantern-die">{FACES[f]}</span>' for f in report.dice
        )
        outcome = ""
        said = report.said_outcome
        if said is not None:
            css = OUTCOME_CLASS.get(said, "")
            outcome = f' → <b class="lantern-result lantern-{css}">{escape(said)}</b>'
        hits = f" {report.hits} Hits" if report.hits is not None else ""
        items = "".join(f"<li>{escape(line)}</li>" for line in report.own_lines)
        parts.append(
            f'<div class="lantern-report"><div><b>{escape(report.heading)}</b>{hits}{outcome}</div>'
            f'<div class="lantern-dice">{dice}</div><ul class="lantern-changes">{items}</ul></div>'
        )
    return "".join(parts)
