"""``manage.py import_games``: good, bad and duplicate records, folders, exit status, messages."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.archive import imports
from games.engines import catalogues
from games.models import Fixture, Game, GameStats

from .conftest import make_league
from .organisers_helpers import random_record, write

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    return make_league("quick-baseball", {"innings": 1}, teams=("Giants", "Yankees", "Mets"))


def run(path, *args, league="quick-baseball-league", season="2026"):
    """Run the command; returns (exit status, stdout, stderr)."""
    out, err = StringIO(), StringIO()
    try:
        call_command(
            "import_games", str(path), "--league", league, "--season", season, *args,
            stdout=out, stderr=err,
        )  # fmt: skip
    except SystemExit as exc:
        return exc.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_a_record_naming_two_teams_becomes_a_finished_fixture(tmp_path, league):
    _, season, (giants, yankees, _) = league
    record = random_record(sides=["Giants", "yankees"], seed=1)
    path = write(tmp_path, "one.json", record)
    status, out, err = run(path)
    assert status == 0 and err == ""
    game = Game.objects.get()
    assert f"imported {path}: game {game.pk}, fixture: Giants v yankees" in out
    assert "1 imported, 0 already imported, 0 bad" in out
    assert game.is_final and game.finished_at is not None and game.season == season
    assert game.sides == ["Giants", "yankees"]
    # The record names no catalogue: it was played with the default, which the game keeps.
    assert game.options == {
        "innings": 1,
        "catalogue": catalogues.reference("quick-baseball", "one-border"),
    }
    assert [p.payload for p in game.plays.order_by("seq")] == record["plays"]
    assert game.record_hash and len(game.record_hash) == 64
    fixture = Fixture.objects.get()
    assert (fixture.season, fixture.away, fixture.home, fixture.game) == (
        season,
        giants,
        yankees,
        game,
    )
    rows = GameStats.objects.filter(game=game).order_by("side")
    assert [r.team for r in rows] == [giants, yankees]
    assert [r.runs_for for r in rows] == game.summary["score"]


def test_an_imported_game_takes_its_unplayed_fixture(tmp_path, league):
    _, season, (giants, yankees, mets) = league
    Fixture.objects.create(season=season, away=yankees, home=giants)
    waiting = Fixture.objects.create(season=season, away=giants, home=yankees)
    run(write(tmp_path, "g.json", random_record(sides=["Giants", "Yankees"])))
    waiting.refresh_from_db()
    assert waiting.game == Game.objects.get() and season.fixtures.count() == 2


def test_a_record_of_other_sides_is_a_friendly_of_the_season(tmp_path, league):
    _, season, _ = league
    status, out, _ = run(write(tmp_path, "f.json", random_record(sides=["Giants", "Pirates"])))
    game = Game.objects.get()
    assert status == 0 and "friendly: Giants v Pirates" in out
    assert game.season == season and not Fixture.objects.exists()
    assert all(row.team is None for row in GameStats.objects.filter(game=game))


def test_the_same_record_is_not_imported_twice(tmp_path, league):
    record = random_record(sides=["Giants", "Yankees"])
    first = write(tmp_path, "a.json", record)
    run(first)
    game = Game.objects.get()
    # The same record again, and re-formatted under another name with its defaults spelt out.
    again = write(tmp_path, "b.json", json.dumps(record, indent=4))
    for path in (first, again):
        status, out, err = run(path)
        assert status == 0 and err == ""
        assert f"skipped {path}: already imported as game {game.pk}" in out
        assert "0 imported, 1 already imported, 0 bad" in out
    assert Game.objects.count() == 1 and Fixture.objects.count() == 1
    assert GameStats.objects.count() == 2


def _variants(record: dict) -> dict[str, str]:
    """The same game written other ways: sides in other capitals, keys in another order,
    other spacing, a note on a play, the options' defaults left out."""
    upper = {**record, "sides": [side.upper() for side in record["sides"]]}
    reordered = {
        "plays": [dict(reversed(list(play.items()))) for play in record["plays"]],
        "sides": [f"  {side.lower()} " for side in record["sides"]],
        "options": record["options"],
        "game": record["game"],
    }
    noted = json.loads(json.dumps(record))
    noted["plays"][0]["note"] = "first pitch"
    return {
        "capitals.json": json.dumps(upper),
        "reordered.json": json.dumps(reordered, indent=3, separators=(" ,", " :  ")),
        "noted.json": json.dumps(noted),
    }


def test_the_same_game_in_other_capitals_spacing_or_key_order_is_not_imported_twice(
    tmp_path, league
):
    from games.leagues.standings import season_standings

    _, season, _ = league
    record = random_record(sides=["Giants", "Yankees"], seed=5)
    run(write(tmp_path, "a.json", record))
    game = Game.objects.get()
    table = [row.as_dict() for row in season_standings(season=season).rows]
    for name, text in _variants(record).items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        status, out, err = run(path)
        assert (status, err) == (0, ""), name
        assert f"skipped {path}: already imported as game {game.pk}" in out, name
    assert Game.objects.count() == 1 and GameStats.objects.count() == 2
    assert [row.as_dict() for row in season_standings(season=season).rows] == table


def test_a_game_imported_before_its_key_was_kept_is_still_found(tmp_path, league):
    """The migration that added ``Game.game_key`` gave games imported before it their key
    from their stored log, the same key an import computes, so a variant is recognised."""
    import importlib

    from django.apps import apps

    from games.archive import game_keys
    from games.engines import catalogues

    migration = importlib.import_module("games.migrations.0013_game_key")
    record = random_record(sides=["Giants", "Yankees"], seed=6)
    run(write(tmp_path, "a.json", record))
    game = Game.objects.get()
    key = game.game_key
    Game.objects.filter(pk=game.pk).update(game_key=None)
    migration.fill_game_keys(apps, None)
    game.refresh_from_db()
    assert (
        game.game_key
        == key
        == game_keys.game_key(
            "quick-baseball",
            {"innings": 1, "catalogue": catalogues.reference("quick-baseball", "one-border")},
            ["GIANTS", " yankees"],
            record["plays"],
        )
    )
    status, out, _ = run(write(tmp_path, "b.json", {**record, "sides": ["GIANTS", "yankees"]}))
    assert status == 0 and f"already imported as game {game.pk}" in out
    assert Game.objects.count() == 1


BAD = {
    "not-json.json": ("{ this is not json", "not a JSON file: "),
    "unknown-game.json": (
        {"game": "quick-croquet", "sides": ["A", "B"], "plays": []},
        "unknown game 'quick-croquet'",
    ),
    "wrong-game.json": (
        {"game": "quick-cricket", "options": {}, "sides": ["A", "B"], "plays": []},
        "the record is a Quick Cricket game, but quick-baseball league plays Quick Baseball",
    ),
    "other-options.json": (
        {"game": "quick-baseball", "options": {"innings": 3}, "sides": ["A", "B"], "plays": []},
        "the record's options differ from the league's: innings 3 (league: 1)",
    ),
    "unfinished.json": (
        random_record(finish=False, plays=4),
        "the game is not finished (4 plays)",
    ),
    "bad-sides.json": (
        {"game": "quick-baseball", "options": {"innings": 1}, "sides": "AB"},
        "'sides' must be a list of 2 team names",
    ),
    "array.json": ("[1, 2, 3]", "the record must be a JSON object"),
}


def with_illegal_play(number):
    record = random_record(seed=3)
    record["plays"][number - 1] = {"pitch": "NOT-A-CARD", "bat": "B4"}
    return record


def test_each_bad_file_is_reported_with_its_reason(tmp_path, league):
    for name, (content, _) in BAD.items():
        write(tmp_path, name, content)
    write(tmp_path, "illegal.json", with_illegal_play(3))
    status, out, err = run(tmp_path)
    assert status == 1
    for name, (_, reason) in BAD.items():
        assert f"bad {tmp_path / name}: " in err and reason in err, name
    assert f"bad {tmp_path / 'illegal.json'}: play 3: " in err
    assert "NOT-A-CARD" in err
    assert "Traceback" not in err
    assert "0 imported, 0 already imported, 8 bad" in out
    assert not Game.objects.exists()


def test_a_play_after_the_end_names_its_number(tmp_path, league):
    record = random_record(seed=4)
    record["plays"].append(record["plays"][-1])
    status, _, err = run(write(tmp_path, "late.json", record))
    assert status == 1 and f"play {len(record['plays'])}: " in err
    assert not Game.objects.exists()


def test_a_folder_imports_the_good_files_in_name_order_despite_bad_ones(tmp_path, league):
    _, season, _ = league
    write(tmp_path, "2-yankees-giants.json", random_record(sides=["Yankees", "Giants"], seed=2))
    write(tmp_path, "1-giants-mets.json", random_record(sides=["Giants", "Mets"], seed=1))
    write(tmp_path, "3-broken.json", "{")
    write(tmp_path, "notes.txt", "not a record")
    (tmp_path / "sub").mkdir()
    status, out, err = run(tmp_path)
    assert status == 1
    assert out.index("1-giants-mets.json") < out.index("2-yankees-giants.json")
    assert "notes.txt" not in out + err
    assert "2 imported, 0 already imported, 1 bad, into quick-baseball league 2026." in out
    games = list(Game.objects.order_by("finished_at", "pk"))
    assert [g.sides for g in games] == [["Giants", "Mets"], ["Yankees", "Giants"]]
    assert season.fixtures.filter(game__isnull=False).count() == 2
    status, out, _ = run(tmp_path)
    assert "0 imported, 2 already imported, 1 bad" in out and Game.objects.count() == 2


def test_imported_fixtures_feed_the_standings_and_friendlies_do_not(tmp_path, league):
    from games.leagues.standings import season_standings

    _, season, _ = league
    write(tmp_path, "1.json", random_record(sides=["Giants", "Mets"], seed=1))
    write(tmp_path, "2.json", random_record(sides=["Mets", "Yankees"], seed=2))
    write(tmp_path, "3.json", random_record(sides=["Mets", "Pirates"], seed=3))
    assert run(tmp_path)[0] == 0
    table = season_standings(season=season)
    assert table.games_counted == 2
    played = {row.team.name: row.as_dict() for row in table.rows}
    assert sum(r["w"] + r["l"] + r["t"] for r in played.values()) == 4
    assert played["Mets"]["w"] + played["Mets"]["l"] + played["Mets"]["t"] == 2


def test_cricket_and_solitaire_records(tmp_path):
    _, season, (owls, kestrels) = make_league(
        "quick-cricket", {"overs": 1}, teams=("Owls", "Kestrels")
    )
    record = random_record("quick-cricket", {"overs": 1}, ["Kestrels", "Owls"], seed=5)
    status, out, err = run(write(tmp_path, "c.json", record), league="quick-cricket-league")
    assert status == 0, err
    fixture = Fixture.objects.get(season=season)
    assert (fixture.away, fixture.home) == (kestrels, owls)
    assert GameStats.objects.filter(game=fixture.game).count() == 2

    _, season, (ann,) = make_league("solitaire-baseball", {"innings": 1}, teams=("Ann",))
    record = random_record("solitaire-baseball", {"innings": 1}, ["Ann"], seed=6)
    status, _, err = run(write(tmp_path, "s.json", record), league="Solitaire-Baseball league")
    assert status == 0, err
    fixture = Fixture.objects.get(season=season)
    assert fixture.away == ann and fixture.home is None
    assert GameStats.objects.get(game=fixture.game).team == ann


def test_unknown_league_season_user_or_path_is_a_clear_error(tmp_path, league):
    path = write(tmp_path, "g.json", random_record())
    with pytest.raises(CommandError, match="no league called 'nope'"):
        run(path, league="nope")
    with pytest.raises(CommandError, match="no season of quick-baseball league called '1999'"):
        run(path, season="1999")
    with pytest.raises(CommandError, match="no user called 'ghost'"):
        run(path, "--user", "ghost")
    with pytest.raises(CommandError, match="no such file or folder"):
        run(tmp_path / "missing.json")
    assert not Game.objects.exists()


def test_an_empty_folder_imports_nothing(tmp_path, league):
    status, out, _ = run(tmp_path)
    assert status == 0 and "nothing to import" in out


def test_the_games_are_created_by_the_chosen_user(tmp_path, league, django_user_model):
    keeper = django_user_model.objects.create_user("keeper")
    run(write(tmp_path, "a.json", random_record(seed=1)), "--user", "keeper")
    assert Game.objects.get().created_by == keeper
    run(write(tmp_path, "b.json", random_record(seed=2)))
    made = Game.objects.exclude(created_by=keeper).get()
    assert made.created_by.username == "import" and not made.created_by.has_usable_password()
    boss = django_user_model.objects.create_superuser("boss")
    run(write(tmp_path, "c.json", random_record(seed=9)))
    assert Game.objects.order_by("-pk").first().created_by == boss


def test_the_progress_bar_is_drawn_on_stderr_when_asked(tmp_path, league):
    for n in range(3):
        write(tmp_path, f"{n}.json", random_record(seed=n))
    write(tmp_path, "9-bad.json", "nope")
    status, out, err = run(tmp_path, "--progress")
    assert status == 1
    assert "\r[" in err and "] 4/4 9-bad.json" in err and err.endswith("\n")
    assert "#" * imports_bar_width() in err
    assert "\r" not in out
    # Without --progress (and not a terminal) there is no bar.
    _, _, err = run(tmp_path)
    assert "\r" not in err


def imports_bar_width():
    from games.management.commands.import_games import BAR_WIDTH

    return BAR_WIDTH


def test_import_text_is_the_service_under_the_command(league):
    _, season, _ = league
    user = imports.import_user()
    text = json.dumps(random_record(sides=["Mets", "Giants"], seed=7))
    game, created = imports.import_text(text=text, season=season, user=user)
    assert created and game.fixture.home.name == "Giants"
    assert imports.import_text(text=text, season=season, user=user) == (game, False)
    with pytest.raises(imports.BadRecord, match="not a JSON file"):
        imports.import_text(text="", season=season, user=user)


# Friendlies: said so, with the closest team names, and refused with --strict


def test_a_typo_in_a_side_is_named_with_the_closest_team(tmp_path, league):
    path = write(tmp_path, "typo.json", random_record(sides=["Giants", "yankes"], seed=2))
    status, out, err = run(path)
    game = Game.objects.get()
    assert status == 0 and err == ""
    reason = "unknown side 'yankes' (did you mean 'Yankees'?)"
    assert f"imported {path}: game {game.pk}, friendly: Giants v yankes" in out
    assert f"({reason})" in out.splitlines()[0]
    assert "1 imported, 0 already imported, 0 bad, into" in out
    assert "1 of them imported as friendlies, not in the standings" in out
    assert f"  typo.json: {reason}" in out
    assert not Fixture.objects.exists()


def test_a_side_like_no_team_and_a_team_on_both_sides_are_said_so(league):
    _, season, _ = league
    assert imports.friendly_reasons(["Rovers", "GIANS"], season) == [
        "unknown side 'Rovers'",
        "unknown side 'GIANS' (did you mean 'Giants'?)",
    ]
    assert imports.friendly_reasons(["mets", "Mets"], season) == ["'Mets' on both sides"]
    assert imports.friendly_reasons(["Mets", "Giants"], season) == []


def test_strict_refuses_the_friendlies_imports_the_rest_and_exits_1(tmp_path, league):
    write(tmp_path, "a.json", random_record(sides=["Giants", "Mets"], seed=3))
    write(tmp_path, "b.json", random_record(sides=["Cardnals", "Mets"], seed=4))
    write(tmp_path, "c.json", random_record(sides=["Yankees", "Giants"], seed=5))
    status, out, err = run(tmp_path, "--strict")
    assert status == 1
    assert err.strip() == (
        f"refused {tmp_path / 'b.json'}: a friendly, not imported (--strict): "
        "unknown side 'Cardnals'"
    )
    assert "2 imported, 0 already imported, 0 bad, 1 refused (friendlies), into" in out
    assert "as friendlies" not in out
    assert Game.objects.count() == 2 and Fixture.objects.filter(game__isnull=False).count() == 2
    assert all("Cardnals" not in game.sides for game in Game.objects.all())


def test_an_import_never_takes_a_fixture_recorded_as_no_result(tmp_path, league):
    _, season, (giants, yankees, _) = league
    rained = Fixture.objects.create(
        season=season, away=giants, home=yankees, outcome="no_result", outcome_reason="rain"
    )
    run(write(tmp_path, "g.json", random_record(sides=["Giants", "Yankees"])))
    rained.refresh_from_db()
    assert rained.game is None and season.fixtures.count() == 2
