"""What an action did and what the next one may do, as HTML: the report and the odds line.

Projections of :class:`rules.firelights.Report` and :func:`rules.firelights.odds`; the classes
``lantern-light`` / ``-shade`` / ``-darkness`` colour the results in every Lantern view.
"""

from __future__ import annotations

from typing import Any

from rules.firelights import Report, Result, State, odds
from widgets.parts.card_view import cards_html
from widgets.parts.dice_view import FACES
from widgets.parts.theme import chance_html, escape

__all__ = ["RESULT_CLASS", "odds_line_html", "report_html"]

#: The CSS class that colours each result.
RESULT_CLASS = {Result.LIGHT: "light", Result.SHADE: "shade", Result.DARKNESS: "darkness"}


def odds_line_html(state: State, action: Any) -> str:
    """``Light 42% · Shade 31% · Darkness 27%`` for ``action``, from the cards left; each exact
    fraction is in its tooltip."""
    dist = odds(state, action)
    parts = [chance_html(r.value, dist[r], f"lantern-{RESULT_CLASS[r]}") for r in Result]
    return " · ".join(parts)


def report_html(reports: list[Report], asked: str | None = None) -> str:
    """The last roll and what followed it (a choice): cards, dice, score, result, changes.

    ``asked`` is the prompt of the choice still pending, left out of the last report's lines
    because the choice row shows it beside its buttons (once is enough)."""
    if not reports:
        return '<div class="lantern-muted">Nothing played yet.</div>'
    last = len(reports) - 1
    return "".join(
        _one_report_html(report, asked if i == last else None) for i, report in enumerate(reports)
    )


def _one_report_html(report: Report, asked: str | None = None) -> str:
    parts = [f'<div class="lantern-report-title"><b>{escape(report.title)}</b></div>']
    if report.result is not None:
        dice = " ".join(f'<span class="lantern-die">{FACES[face]}</span>' for face in report.dice)
        sums = "+".join(map(str, report.dice))
        outcome = (
            f' <span class="lantern-outcome">({escape(report.outcome)})</span>'
            if report.outcome
            else ""
        )
        parts.append(
            '<div class="lantern-roll-row">'
            f"{cards_html(report.cards)}"
            f'<div class="lantern-dice">{dice}</div>'
            f'<div class="lantern-score">{sums} {report.modifier:+d} = <b>{report.score}</b> → '
            f'<b class="lantern-result lantern-{RESULT_CLASS[report.result]}">'
            f"{report.result.value}</b>{outcome}</div></div>"
        )
    items = "".join(f"<li>{escape(line)}</li>" for line in report.lines if line != asked)
    parts.append(f'<ul class="lantern-changes">{items}</ul>')
    return f'<div class="lantern-report">{"".join(parts)}</div>'
