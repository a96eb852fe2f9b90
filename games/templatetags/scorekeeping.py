"""Small helpers for drawing scoreboards and cards."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import mark_safe

from games.kinds import GameKind
from games.kinds import kind as declared_kind

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
def game_kind(kind: str) -> GameKind:
    """What the game ``kind`` declares (``games.kinds``), for ``{% with %}``:
    ``{% with declared=league.kind|game_kind %}{% if declared.league_points %}``."""
    return declared_kind(kind)


@register.filter
def score_text(summary: dict, kind: str) -> str:
    """The score after a play, as the game ``kind`` words it ("45/3", "6–4 2–1 30–15",
    "3–2"): ``{{ line.summary|score_text:game.kind }}``."""
    return declared_kind(kind).score_text(summary)


@register.filter
def progress_text(summary: dict, kind: str) -> str:
    """Where a live game of ``kind`` stands, for lists ("Top 3rd", "Innings 2: 45/3 (6.2 ov)"):
    ``{{ game.summary|progress_text:game.kind }}``."""
    return declared_kind(kind).progress_text(summary)


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
    """Is ``value`` chosen for the field ``name`` in ``selection`` (see games.scoring.screens)?"""
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
