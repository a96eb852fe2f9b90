"""Cups, group stages, seeds and byes in an archive and back: the restored brackets, results
and fixtures are the ones exported, a restored cup plays on, an archive written before
competitions restores as before, and wrong competition data refuses the restore."""

from __future__ import annotations

import json
import re
from datetime import time
from typing import Any

import pytest

from games.archive.backups import ArchiveError, export_archive, restore_archive
from games.engines.players import play_out
from games.leagues import services as league_services
from games.leagues.cups import services as cups
from games.leagues.cups.export import bracket_document
from games.leagues.standings import season_standings
from games.models import Competition, Fixture, GameStats, League, Season, Tie
from games.scoring import services
from tests.cups.helpers import make_league
from tests.leagues.conftest import make_league as make_plain_league
from tests.leagues.conftest import play_fixture

from .conftest import wipe

pytestmark = pytest.mark.django_db


def record(game, plays, user) -> None:
    for seq, raw in enumerate(plays, start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=user)


def play(fixture: Fixture, user, seed: int, limit: int | None = None):
    """Start the fixture's game and play it (its first ``limit`` plays) by plausible players."""
    game = cups.tie_start(fixture=fixture, user=user)
    played = play_out(game.kind, game.options, seed)
    record(game, played.plays[:limit], user)
    return game


def open_fixtures(competition: Competition) -> list[Fixture]:
    return list(
        competition.fixtures.filter(game__isnull=True)
        .exclude(outcome__gt="")
        .order_by("tie__round", "tie__third_place", "tie__slot", "group", "leg", "id")
    )


def play_all(competition: Competition, user, seed: int) -> None:
    while fixtures := open_fixtures(competition):
        play(fixtures[0], user, seed)
        seed += 1


def level_legs(kind: str, options: dict) -> tuple[tuple, tuple]:
    """Two games' plays whose aggregate is level over two legs (the sides swap between them)."""
    games = [play_out(kind, options, seed) for seed in range(200)]
    for first in games:
        for second in games:
            one, two = first.summary["score"], second.summary["score"]
            if one[0] + two[1] == one[1] + two[0]:
                return first.plays, second.plays
    raise AssertionError("no level aggregate in 200 games")


@pytest.fixture
def site(users):
    """A finished baseball cup (three teams: a bye), a two-legged tie settled by a decider,
    a cricket cup in progress (byes, a walkover, a game being played) and a tennis group
    stage with its knockout drawn."""
    organiser, _ = users
    _league, season, teams = make_league(count=3, organiser=organiser, options={"innings": 1})
    finished = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    first = open_fixtures(finished)[0]
    first.scheduled_time = time(19, 30)
    first.save(update_fields=["scheduled_time"])
    play_all(finished, organiser, seed=10)

    shield = cups.cup_create(
        season=season, user=organiser, name="Shield", teams=teams[1:], two_legs=True
    )
    leg_one, leg_two = level_legs("quick-baseball", {"innings": 1})
    fixtures = open_fixtures(shield)
    record(cups.tie_start(fixture=fixtures[0], user=organiser), leg_one, organiser)
    record(cups.tie_start(fixture=fixtures[1], user=organiser), leg_two, organiser)
    deciders = open_fixtures(shield)
    assert len(deciders) == 1 and deciders[0].decider
    play_all(shield, organiser, seed=40)

    _league, cricket, sides = make_league(
        "quick-cricket", count=6, organiser=organiser, options={"overs": 1}
    )
    running = cups.cup_create(
        season=cricket, user=organiser, name="Knockout", teams=sides, third_place=True
    )
    ties = Tie.objects.filter(competition=running, round=1, bye=False).order_by("slot")
    walkover = ties[0]
    cups.tie_walkover(
        tie=walkover, user=organiser, team=walkover.second.team, reason="could not raise a side"
    )
    play(ties[1].fixtures.get(), organiser, seed=60)
    play(open_fixtures(running)[0], organiser, seed=61, limit=5)

    _league, tennis, players = make_league(
        "quick-tennis", count=4, organiser=organiser, options={"sets": 3}
    )
    groups = cups.groups_create(
        season=tennis, user=organiser, name="Groups", teams=players, groups=2, per_group=1
    )
    play_all(groups, organiser, seed=80)
    groups.refresh_from_db()
    assert groups.knockout_drawn
    return {"finished": finished, "shield": shield, "running": running, "groups": groups}


def _without_game_ids(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_game_ids(v) for k, v in value.items() if k != "game_id"}
    if isinstance(value, list):
        return [_without_game_ids(item) for item in value]
    return value


def snapshot() -> dict[str, Any]:
    """Every competition's bracket document (without game ids), every fixture, and how many
    stats rows count for a competition and for the league tables."""
    fixtures = Fixture.objects.select_related("competition", "tie", "away", "home", "game")
    return {
        "brackets": [
            _without_game_ids(bracket_document(c))
            for c in Competition.objects.order_by("season__league__slug", "slug")
        ],
        "fixtures": [
            (
                f.season.league.slug,
                f.competition.slug if f.competition else None,
                f.group,
                (f.tie.round, f.tie.slot, f.tie.third_place) if f.tie else None,
                f.leg,
                f.decider,
                f.away.slug,
                f.home.slug if f.home else None,
                f.scheduled_time,
                f.game.summary if f.game else None,
            )
            for f in fixtures.order_by("pk")
        ],
        "entrants": [
            sorted(c.entrants.values_list("team__slug", "seed", "group", "knockout_seed"))
            for c in Competition.objects.order_by("season__league__slug", "slug")
        ],
        "cup_stats": GameStats.objects.filter(competition__isnull=False).count(),
        "league_stats": GameStats.objects.filter(competition__isnull=True).count(),
    }


def test_cups_groups_seeds_and_byes_round_trip(tmp_path, site):
    before = snapshot()
    shield = before["brackets"][[b["slug"] for b in before["brackets"]].index("shield")]
    assert shield["ties"][0]["decided_by"] == "decider"
    assert len(shield["ties"][0]["games"]) == 3
    counts = export_archive(directory=tmp_path)
    assert counts["competitions"] == 4
    meta = json.loads((tmp_path / "leagues.json").read_text())
    cup = next(c for c in meta["competitions"] if c["slug"] == "knockout")
    assert cup["third_place"] and any(t["bye"] for t in cup["ties"])
    walkover = next(t for t in cup["ties"] if t["decided_by"] == "walkover")
    assert walkover["walkover_reason"] == "could not raise a side"
    assert "19:30:00" in {f["scheduled_time"] for f in meta["fixtures"]}
    wipe()
    report = restore_archive(directory=tmp_path)
    assert not report.problems
    assert report.counts["competitions"] == 4
    assert snapshot() == before
    groups = Competition.objects.get(slug="groups")
    assert groups.knockout_drawn and groups.format == Competition.GROUPS


def test_a_restored_cup_plays_on(tmp_path, site, users):
    organiser, _ = users
    export_archive(directory=tmp_path)
    wipe()
    restore_archive(directory=tmp_path)
    running = Competition.objects.get(slug="knockout")
    live = running.fixtures.get(game__summary__status="in_progress")
    game = live.game
    played = play_out(game.kind, game.options, 61)
    for seq, raw in enumerate(played.plays[5:], start=6):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=organiser)
    tie = live.tie
    tie.refresh_from_db()
    assert tie.winner is not None and tie.decided_by == "game"
    following = Tie.objects.get(
        competition=running, round=tie.round + 1, slot=tie.slot // 2, third_place=False
    )
    assert tie.winner_id in (following.first_id, following.second_id)
    # The walkover and the other ties are as they were.
    assert running.ties.filter(decided_by="walkover").count() == 1


def test_an_archive_from_before_competitions_restores(tmp_path, users):
    organiser, _ = users
    _league, season, (owls, kestrels) = make_plain_league(
        "quick-cricket", {"overs": 1}, teams=("Owls", "Kestrels")
    )
    play_fixture(season, owls, kestrels, organiser, seed=5)
    Fixture.objects.create(season=season, away=kestrels, home=owls)
    export_archive(directory=tmp_path)
    meta = json.loads((tmp_path / "leagues.json").read_text())
    del meta["competitions"]
    for row in meta["fixtures"]:
        for key in ("competition", "group", "tie", "leg", "decider", "scheduled_time"):
            del row[key]
    (tmp_path / "leagues.json").write_text(json.dumps(meta))
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    manifest["version"] = 2
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    wipe()
    report = restore_archive(directory=tmp_path)
    assert report.counts["competitions"] == 0 and report.counts["fixtures"] == 2
    assert set(Fixture.objects.values_list("competition", "group", "tie", "leg", "decider")) == {
        (None, "", None, 1, False)
    }
    assert season_standings(season=Season.objects.get()).games_counted == 1


@pytest.fixture
def small_cup(tmp_path, users):
    """An archive of a three-team cup (a bye) and a league fixture, in ``tmp_path``."""
    organiser, _ = users
    _league, season, teams = make_league(count=3, organiser=organiser, options={"innings": 1})
    league_fixture = Fixture.objects.create(season=season, away=teams[0], home=teams[1])
    league_services.fixture_start(fixture=league_fixture, user=organiser)
    cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    export_archive(directory=tmp_path)
    meta = json.loads((tmp_path / "leagues.json").read_text())
    wipe()
    return meta


def _cup_fixture(meta: dict) -> int:
    return next(i for i, f in enumerate(meta["fixtures"]) if f["competition"])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda m: m["fixtures"][_cup_fixture(m)].update(competition="plate"),
            "fixtures[1]: no competition 'plate' in season '2026'",
        ),
        (
            lambda m: m["fixtures"][_cup_fixture(m)].update(tie={"round": 3, "slot": 0}),
            "fixtures[1]: 'cup' has no tie in round 3, slot 0",
        ),
        (
            lambda m: m["fixtures"][0].update(tie={"round": 1, "slot": 0}),
            "fixtures[0]: a tie, but no competition",
        ),
        (
            lambda m: m["competitions"][0]["ties"][0].update(first=9),
            "competitions[0].ties[0]: 'first' is seed 9, not an entrant of the competition",
        ),
        (
            lambda m: m["competitions"][0]["ties"][0].update(winner=3),
            "competitions[0].ties[0]: the winner (seed 3) is not in the tie",
        ),
        (
            lambda m: m["competitions"][0]["entrants"][2].update(seed=1),
            "competitions[0].entrants[2]: seed 1 is given twice",
        ),
        (
            lambda m: m["competitions"][0]["entrants"][2].update(team="team-1"),
            "competitions[0].entrants[2]: 'team-1' is entered twice",
        ),
        (
            lambda m: m["competitions"][0]["entrants"][1].update(team="team-9"),
            "competitions[0].entrants[1]: names a team the archive does not hold",
        ),
        (
            lambda m: m["competitions"][0]["entrants"][1].update(group="A"),
            "competitions[0].entrants[1]: 'group' must be null (no groups), not 'A'",
        ),
        (
            lambda m: m["competitions"][0].update(format="league"),
            "competitions[0]: 'format' must be one of 'cup', 'groups', not 'league'",
        ),
        (
            lambda m: m["competitions"][0].update(draw="coin"),
            "competitions[0]: 'draw' must be one of 'seeded', 'random', not 'coin'",
        ),
        (
            lambda m: m["competitions"][0].update(draw_seed=-1),
            "competitions[0]: 'draw_seed' must be a whole number from 0 to 999999",
        ),
        (
            lambda m: m["competitions"][0].update(two_legs="yes"),
            "competitions[0]: 'two_legs' must be true or false, not 'yes'",
        ),
        (
            lambda m: m["competitions"].append(dict(m["competitions"][0])),
            "competitions[1]: quick-baseball cup league 2026 has two competitions 'cup'",
        ),
        (
            lambda m: m["competitions"][0]["ties"][1].update(decided_by="coin toss"),
            "competitions[0].ties[1]: 'decided_by' must be one of 'game', 'aggregate'",
        ),
        (
            lambda m: m["fixtures"][_cup_fixture(m)].update(scheduled_time="25:00"),
            "fixtures[1]: not a time of day: '25:00'",
        ),
        (
            lambda m: m["fixtures"][_cup_fixture(m)].update(leg=0),
            "fixtures[1]: 'leg' must be a whole number from 1",
        ),
    ],
)
def test_wrong_competition_data_refuses_the_restore(tmp_path, small_cup, change, message):
    change(small_cup)
    (tmp_path / "leagues.json").write_text(json.dumps(small_cup))
    with pytest.raises(ArchiveError, match="^" + re.escape(f"leagues.json: {message}")):
        restore_archive(directory=tmp_path)
    assert not League.objects.exists() and not Competition.objects.exists()


def test_the_random_draw_and_its_seed_come_back(tmp_path, users):
    organiser, _ = users
    _league, season, teams = make_league(count=5, organiser=organiser)
    cups.cup_create(
        season=season,
        user=organiser,
        name="Plate",
        teams=teams,
        draw_kind=Competition.RANDOM,
        draw_seed=4242,
    )
    before = snapshot()
    export_archive(directory=tmp_path)
    wipe()
    restore_archive(directory=tmp_path)
    assert snapshot() == before
    assert Competition.objects.get().draw == Competition.RANDOM


def test_a_two_legged_tie_before_a_walkover_restores_as_it_was(tmp_path, users):
    """The bracket does not settle itself during the restore: the semi-final's first leg
    alone would take its winner out of the final and undo the final's walkover."""
    organiser, _ = users
    _league, season, teams = make_league(count=3, organiser=organiser, options={"innings": 1})
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams, two_legs=True)
    semi = Tie.objects.get(competition=cup, round=1, slot=1)
    seed = 20
    while semi.winner_id is None:
        play(semi.fixtures.filter(game__isnull=True).order_by("decider", "leg")[0], organiser, seed)
        seed += 1
        semi.refresh_from_db()
    final = Tie.objects.get(competition=cup, round=2)
    cups.tie_walkover(tie=final, user=organiser, team=final.first.team, reason="injuries")
    before = snapshot()
    export_archive(directory=tmp_path)
    wipe()
    restore_archive(directory=tmp_path)
    assert snapshot() == before
    final = Tie.objects.get(round=2)
    assert final.decided_by == "walkover" and not final.fixtures.exists()
