"""Small helpers for drawing scoreboards and cards."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import mark_safe

register = template.Library()

CARD_BORDER_PX = 7


@register.simple_tag
def border_style(borders: tuple[str, ...], inner: tuple[str, ...], inner_active: bool) -> str:
    """Concentric card borders as box-shadows: outer colours outside, inner ones inset."""
    shadows = [
        f"0 0 0 {CARD_BORDER_PX * (i + 1)}px var(--card-{colour}, {colour})"
        for i, colour in enumerate(borders)
    ]
    # An inner border not yet in play is drawn faded, so the card's colours stay readable.
    shadows += [
        f"inset 0 0 0 {CARD_BORDER_PX}px "
        + (
            f"var(--card-{colour}, {colour})"
            if inner_active
            else f"color-mix(in srgb, var(--card-{colour}, {colour}) 35%, transparent)"
        )
        for colour in inner
    ]
    margin = CARD_BORDER_PX * len(borders)
    return f"box-shadow: {', '.join(shadows) or 'none'}; margin: {margin}px;"


@register.filter
def times(count: int) -> range:
    """``3|times`` → 1, 2, 3."""
    return range(1, int(count) + 1)


@register.filter
def score_text(summary: dict) -> str:
    """The score after a play: runs/wickets of the innings for cricket, sets, games and points
    for tennis ("6–4 2–1 30–15"), else runs–runs."""
    innings = summary.get("innings")
    if innings:
        last = innings[-1]
        return f"{last['runs']}/{last['wickets']}"
    if "sets" in summary and "games" in summary:
        return _tennis_score(summary)
    return "–".join(str(runs) for runs in summary.get("score", []))


@register.filter
def progress_text(summary: dict) -> str:
    """Where a live game stands, for lists: "Top 3rd" or "Innings 2: 45/3 (6.2 ov)"."""
    innings = summary.get("innings")
    if innings:
        last = innings[-1]
        return f"Innings {len(innings)}: {last['runs']}/{last['wickets']} ({last['overs']} ov)"
    if "sets" in summary and "games" in summary:
        return f"Set {summary['set']}: {_tennis_score({**summary, 'sets': []})}"
    if len(summary.get("line_score", ())) == 1:  # one side: solitaire
        return f"Inning {summary['inning']}"
    if "half" in summary:
        return f"{summary['half'].title()} {summary['inning']}"
    return ""


def _tennis_score(summary: dict) -> str:
    """Finished sets, then the games and points of the set being played (side 0 first)."""
    parts = [f"{a}–{b}" for a, b in summary["sets"]]
    if summary.get("status") != "final":
        parts.append("–".join(str(games) for games in summary["games"]))
        parts.append("–".join(summary["points"]))
    return " ".join(parts)


@register.filter
def play_chips(payload: dict) -> list[str]:
    """The values a play object names, flattened for the play-by-play ("curve", "LF", …)."""
    chips: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key not in ("note",):
                    walk(inner)
        elif isinstance(value, list | tuple):
            chips.append("+".join(str(v) for v in value))
        elif value is not None and value is not False:
            chips.append("✓" if value is True else str(value))

    walk(payload)
    return chips


def _chosen(selection: Any, name: str, value: Any) -> bool:
    """Is ``value`` chosen for the field ``name`` in ``selection`` (see games.screens)?"""
    if not isinstance(selection, dict) or not name:
        return False
    return str(value) in selection.get(name, ())


@register.simple_tag
def checked(selection: Any, name: str, value: Any) -> str:
    """`` checked`` on an input the selection chose (a refused tap's, a corrected play's);
    ``data-selected`` tells scoring.js it is the scorer's choice, not the form's default."""
    return mark_safe(" checked data-selected") if _chosen(selection, name, value) else ""


@register.simple_tag
def chosen(selection: Any, name: str, value: Any) -> bool:
    """Whether the selection chose ``value`` for ``name``: ``{% chosen ... as lead %}``."""
    return _chosen(selection, name, value)


@register.simple_tag
def pressed(selection: Any, name: str, value: Any) -> str:
    """Marks a button the selection chose (a button posts at once: it cannot stay ticked)."""
    return mark_safe(' aria-pressed="true"') if _chosen(selection, name, value) else ""
