"""Quick Cricket's cards on the cards form (``games/kinds/catalogue_forms.py``): the runs
charts (by wickets down) and the Path cards as tables, and as ``_cards.html`` draws them."""

from __future__ import annotations

import copy
from typing import Any

from games.engines.quick_cricket.catalogue import QUADRANTS, from_data
from games.kinds.card_tables import Column, Row, Table, whole
from games.kinds.quick_cricket.screen import path_card_label

RUNS = (0, 99)
TABLES = (
    Table(
        "chart",
        "Runs charts",
        "runs chart",
        (
            Column("from", "Wickets from", number=(0, 9)),
            Column("to", "to", number=(0, 9)),
            *(Column(q, q, number=RUNS) for q in QUADRANTS),
        ),
        blank=1,
    ),
    Table(
        "path",
        "Path cards",
        "Path card",
        (Column("id", "Card"), Column("runs", "Runs", number=RUNS)),
        blank=0,
    ),
)


def rows(data: Any) -> dict[str, list[Row]]:
    if not isinstance(data, dict):
        return {}
    charts = []
    for chart in data.get("runs_charts") or []:
        if not isinstance(chart, dict):
            continue
        wickets = chart.get("wickets") if isinstance(chart.get("wickets"), list) else []
        runs = chart.get("runs") if isinstance(chart.get("runs"), dict) else {}
        charts.append(
            {
                "from": str(wickets[0]) if wickets else "",
                "to": str(wickets[-1]) if wickets else "",
                **{q: str(runs.get(q, "")) for q in QUADRANTS},
            }
        )
    paths = [
        {"id": str(card.get("id", "")), "runs": str(card.get("runs", ""))}
        for card in data.get("path_cards") or []
        if isinstance(card, dict)
    ]
    return {"chart": charts, "path": paths}


def merge(data: Any, sent: dict[str, list[Row]]) -> tuple[Any, list[str]]:
    """``data`` with its charts and Path cards made of the rows of the tables in ``sent``, or
    the messages naming each refused chart or card and field."""
    errors: list[str] = []
    chart_table, path_table = TABLES
    charts = []
    for position, row in enumerate(sent.get("chart", []), 1):
        where = f"runs chart in row {position}"
        values = {c.name: whole(row, c, where, errors) for c in chart_table.columns}
        charts.append(
            {
                "wickets": [values["from"], values["to"]],
                "runs": {q: values[q] for q in QUADRANTS},
            }
        )
    paths = []
    for position, row in enumerate(sent.get("path", []), 1):
        where = f"Path card {row.get('id') or f'in row {position}'}"
        paths.append(
            {"id": row.get("id", ""), "runs": whole(row, path_table.columns[1], where, errors)}
        )
    if errors:
        return data, errors
    merged = copy.deepcopy(data) if isinstance(data, dict) else {}
    for table, key, cards in (("chart", "runs_charts", charts), ("path", "path_cards", paths)):
        if table in sent:  # only the tables sent replace their part
            merged[key] = cards
    return merged, []


def view(data: Any) -> dict[str, Any]:
    """The runs charts and the Path cards as the screen shows them; nothing when refused."""
    try:
        catalogue = from_data(data)
    except ValueError:
        return {}
    return {
        "quadrants": QUADRANTS,
        "charts": [
            (f"{low}" if low == high else f"{low}-{high}", [dict(runs)[q] for q in QUADRANTS])
            for low, high, runs in catalogue.charts
        ],
        "path_cards": [
            (cid, runs, path_card_label(cid, runs, True)) for cid, runs in catalogue.path_cards
        ],
    }
