"""Hostile files fed to ``import_games``, ``import_leagues`` and ``replay``: deep nesting, a
file far too large, symbolic links (to ``/dev/zero``, to a file elsewhere), a FIFO, names
reaching outside the archive, wrong types, NaN, text that is not UTF-8. Each gets one line
saying why, the documented exit status, and the database holds exactly the good part."""

import io
import json
import os
import shutil
import signal
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from games.archive import imports
from games.archive.backups import export_archive
from games.models import Fixture, Game, League, Play, Season, Team
from games.plumbing import untrusted_files
from tests.backups.conftest import wipe
from tests.leagues.conftest import make_league
from tests.leagues.organisers_helpers import random_record, write

pytestmark = pytest.mark.django_db

MIB = 1024 * 1024
LEAGUE, SEASON = "quick-baseball-league", "2026"
MODELS = (Game, Play, League, Season, Team, Fixture)
NOTHING = {model.__name__: 0 for model in MODELS}
ONE = {"innings": 1}


@pytest.fixture(autouse=True)
def no_hang():
    """A FIFO or a device read by mistake would block or read forever: fail instead."""

    def stop(signum, frame):
        raise TimeoutError("the command hung")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture(autouse=True)
def before() -> dict[str, int]:
    """The league records are imported into; returns what the database holds then."""
    make_league("quick-baseball", ONE, teams=("Giants", "Yankees", "Mets"))
    return counts()


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


def run(name: str, *args: str, **options) -> tuple[int | str, str, str]:
    """(exit status, stdout, stderr); a ``CommandError`` is status ``"error"`` with its
    message as stderr."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(name, *args, stdout=out, stderr=err, **options)
    except SystemExit as exc:
        return exc.code, out.getvalue(), err.getvalue()
    except CommandError as exc:
        return "error", out.getvalue(), str(exc)
    return 0, out.getvalue(), err.getvalue()


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


# Hostile files: each maker writes one at ``path``; the words its report must hold. --------


def deep(path: Path) -> None:
    path.write_text("[" * 100_000)


def sparse(size: int):
    """A JSON string of ``size`` bytes, written sparsely (instant, no disk used)."""

    def make(path: Path) -> None:
        with path.open("wb") as handle:
            handle.write(b'"')
            handle.seek(size - 1)
            handle.write(b'"')

    return make


def link_to_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def link_outside(path: Path) -> None:
    """A link to a good record kept outside: it must not be read either."""
    outside = path.parent.parent / f"outside-{path.name}"
    outside.write_text(json.dumps(random_record(sides=["Giants", "Mets"], seed=9)))
    path.symlink_to(outside)


def fifo(path: Path) -> None:
    os.mkfifo(path)


def text(content: str | bytes):
    def make(path: Path) -> None:
        path.write_bytes(content if isinstance(content, bytes) else content.encode())

    return make


NAN = '{"game": "quick-baseball", "options": {"innings": NaN}, "plays": []}'
INFINITY = '{"game": "quick-baseball", "plays": [{"pitch": -Infinity}]}'

HOSTILE = {
    "deep": (deep, "nested too deeply"),
    "50 MB": (sparse(50 * MIB), "larger than the 8 MiB size limit (52,428,800 bytes)"),
    "link to /dev/zero": (link_to_zero, "a symbolic link, not followed"),
    "link outside": (link_outside, "a symbolic link, not followed"),
    "fifo": (fifo, "a FIFO, not a regular file"),
    "NaN": (text(NAN), "NaN is not a number JSON allows"),
    "Infinity": (text(INFINITY), "-Infinity is not a number JSON allows"),
    "not UTF-8": (text(b'{"game": "quick-baseball", "sides": ["\xff", "B"]}'), "not UTF-8 text"),
}

WRONG_TYPES = {
    "game a list": ({"game": ["quick-baseball"], "options": ONE}, "unknown game"),
    "game a number": ({"game": 7}, "unknown game 7"),
    "sides an object": ({"game": "quick-baseball", "sides": {"a": 1}}, "'sides' must be a list"),
    "sides numbers": ({"game": "quick-baseball", "sides": [1, 2]}, "'sides' must be a list"),
    "plays a string": ({"game": "quick-baseball", "plays": "SO1"}, "'plays' must be a list"),
    "a play a number": ({"game": "quick-baseball", "options": ONE, "plays": [7]}, "play 1: "),
    "a huge card": (
        {"game": "quick-baseball", "options": ONE, "plays": [{"pitch": 10**30, "bat": "B4"}]},
        "play 1: ",
    ),
    "innings text": ({"game": "quick-baseball", "options": {"innings": "9"}}, "option 'innings'"),
    "a list": ([], "must be a JSON object"),
    "a huge number": (10**30, "must be a JSON object"),
}
for _name, (_record, _words) in WRONG_TYPES.items():
    HOSTILE[_name] = (text(json.dumps(_record)), _words)


# import_games -----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", HOSTILE)
def test_import_games_reports_a_hostile_file_and_imports_the_rest(tmp_path, before, kind):
    make, words = HOSTILE[kind]
    folder = tmp_path / "records"
    folder.mkdir()
    write(folder, "1-good.json", random_record(sides=["Giants", "Yankees"], seed=1))
    make(folder / "2-hostile.json")
    status, out, err = run("import_games", str(folder), league=LEAGUE, season=SEASON)
    assert status == 1
    line = one_line(err)
    assert line.startswith(f"bad {folder / '2-hostile.json'}: ") and words in line, line
    assert "1 imported, 0 already imported, 1 bad" in out
    game = Game.objects.get()
    assert game.sides == ["Giants", "Yankees"]
    assert counts() == {**before, "Game": 1, "Play": game.plays.count(), "Fixture": 1}


def named(make):
    """A maker for one file named on the command line: the path to name."""

    def made(path: Path) -> Path:
        make(path)
        return path

    return made


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (named(link_to_zero), "a symbolic link, not followed"),
        (named(link_outside), "a symbolic link, not followed"),
        (named(fifo), "a FIFO, not a regular file"),
        (lambda path: Path("/dev/zero"), "a character device, not a regular file"),
    ],
    ids=["link to /dev/zero", "link outside", "fifo", "/dev/zero"],
)
def test_import_games_of_one_named_file_that_is_not_a_regular_file(
    tmp_path, before, make, words
) -> None:
    path = make(tmp_path / "record.json")
    status, out, err = run("import_games", str(path), league=LEAGUE, season=SEASON)
    assert status == 1
    assert one_line(err) == f"bad {path}: {words}"
    assert counts() == before


# replay -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", HOSTILE)
def test_replay_reports_a_hostile_file_on_one_line(tmp_path, kind) -> None:
    make, words = HOSTILE[kind]
    path = tmp_path / "record.json"
    make(path)
    status, out, err = run("replay", str(path))
    assert status == 1 and out == ""
    assert words in one_line(err), err


def test_replay_refuses_a_device_named_directly() -> None:
    status, out, err = run("replay", "/dev/zero")
    assert status == 1 and out == ""
    assert one_line(err) == "cannot read the record: a character device, not a regular file"


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b" " * (untrusted_files.RECORD_LIMIT + 1), "larger than the 8 MiB size limit"),
        (b"[" * 100_000, "nested too deeply"),
        (NAN.encode(), "NaN is not a number JSON allows"),
        (b'{"game": "\xff"}', "not UTF-8 text"),
        (json.dumps({"game": "quick-baseball", "sides": [1, 2]}).encode(), "'sides' must be"),
    ],
    ids=["over the limit", "deep", "NaN", "not UTF-8", "wrong type"],
)
def test_replay_of_standard_input_is_bounded_and_checked_the_same(
    monkeypatch, content, words
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(content), encoding="utf-8"))
    status, out, err = run("replay", "-")
    assert status == 1 and out == ""
    assert words in one_line(err), err


def test_a_record_of_exactly_the_size_limit_is_read(tmp_path) -> None:
    record = json.dumps(random_record(seed=1)).encode()
    path = tmp_path / "record.json"
    path.write_bytes(record + b" " * (untrusted_files.RECORD_LIMIT - len(record)))
    status, out, err = run("replay", str(path))
    assert status == 0, err
    assert json.loads(out)["status"] == "final"


def test_json_up_to_the_depth_limit_parses_and_one_deeper_does_not() -> None:
    depth = untrusted_files.MAX_DEPTH
    assert untrusted_files.parse_json("[" * depth + "]" * depth) is not None
    with pytest.raises(untrusted_files.UntrustedFileError, match="nested too deeply"):
        untrusted_files.parse_json("[" * (depth + 1) + "]" * (depth + 1))


# import_leagues ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def exported(tmp_path_factory, django_db_setup, django_db_blocker) -> tuple[Path, dict]:
    """An exported site, made once and rolled back: (folder, what a full restore gives).
    The league has two fixture games, a friendly of the season and an unplayed fixture."""
    folder = tmp_path_factory.mktemp("exported") / "archive"
    with django_db_blocker.unblock(), transaction.atomic():
        _, season, (_, yankees, _) = make_league("quick-baseball", ONE)
        user = imports.import_user()
        for seed, sides in ((1, ["Giants", "Yankees"]), (2, ["Mets", "Giants"]), (3, ["A", "B"])):
            record = json.dumps(random_record(sides=sides, seed=seed))
            imports.import_text(text=record, season=season, user=user)
        Fixture.objects.create(season=season, away=yankees)
        export_archive(directory=folder)
        full = counts()
        transaction.set_rollback(True)
    return folder, full


@pytest.fixture
def archive(exported, tmp_path) -> tuple[Path, dict]:
    """A copy of the exported archive, on a database without leagues or games."""
    folder, full = exported
    copy = tmp_path / "archive"
    shutil.copytree(folder, copy, symlinks=True)
    wipe()
    return copy, full


def leagues_json(folder: Path) -> dict:
    return json.loads((folder / "leagues.json").read_text())


def restore(folder: Path) -> tuple[int | str, str, str]:
    return run("import_leagues", str(folder))


def first_game(folder: Path) -> tuple[str, int]:
    """The first game's file name and how many plays it has."""
    name = leagues_json(folder)["games"][0]["file"]
    return name, len(json.loads((folder / name).read_text())["plays"])


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_game_file_is_left_out_and_the_rest_restored(archive, kind) -> None:
    folder, full = archive
    make, words = HOSTILE[kind]
    name, plays = first_game(folder)
    (folder / name).unlink()
    make(folder / name)
    status, out, err = restore(folder)
    assert status == 1
    line = one_line(err)
    assert line.startswith(f"bad {name}: ") and words in line, line
    restored = "Restored 1 leagues, 1 seasons, 3 teams, 0 competitions, 3 fixtures"
    assert f"{restored}, {full['Game'] - 1} games" in out
    assert counts() == {**full, "Game": full["Game"] - 1, "Play": full["Play"] - plays}


MANIFEST_AND_LEAGUES = [
    (file, kind)
    for file in ("manifest.json", "leagues.json")
    for kind in HOSTILE
    if kind not in WRONG_TYPES
]


@pytest.mark.parametrize(("file", "kind"), MANIFEST_AND_LEAGUES)
def test_a_hostile_manifest_or_leagues_json_refuses_the_restore(archive, file, kind) -> None:
    folder, _ = archive
    make, words = HOSTILE[kind]
    if kind == "50 MB" and file == "leagues.json":
        make = sparse(untrusted_files.LEAGUES_LIMIT + 1)
        words = "larger than the 64 MiB size limit (67,108,865 bytes)"
    (folder / file).unlink()
    make(folder / file)
    status, _, err = restore(folder)
    assert status == "error"
    line = one_line(err)
    assert line.startswith(f"{folder / file}: ") and words in line, line
    assert counts() == NOTHING


@pytest.mark.parametrize(
    "name",
    [
        "../../etc/passwd",
        "../leagues.json",
        "games/../leagues.json",
        "games/../../outside.json",
        "/etc/passwd",
        "games/x.json\x00",
        "games/sub/1.json",
        "games",
        "games/",
        "leagues.json",
    ],
)
def test_a_game_file_name_outside_the_games_folder_is_refused(archive, name) -> None:
    folder, full = archive
    (folder.parent / "outside.json").write_text(json.dumps(random_record(seed=9)))
    data = leagues_json(folder)
    first, plays = first_game(folder)
    data["games"][0]["file"] = name
    (folder / "leagues.json").write_text(json.dumps(data))
    status, _, err = restore(folder)
    assert status == 1
    line = one_line(err)
    assert "not a game file of the archive" in line and "\x00" not in line, line
    assert counts() == {**full, "Game": full["Game"] - 1, "Play": full["Play"] - plays}


def test_an_absolute_name_of_the_archives_own_game_file_is_refused(archive) -> None:
    folder, full = archive
    data = leagues_json(folder)
    first, plays = first_game(folder)
    data["games"][0]["file"] = str(folder / first)
    (folder / "leagues.json").write_text(json.dumps(data))
    status, _, err = restore(folder)
    assert status == 1 and "not a game file of the archive" in one_line(err)
    assert counts() == {**full, "Game": full["Game"] - 1, "Play": full["Play"] - plays}


def test_a_game_file_linked_to_another_game_of_the_archive_is_refused(archive) -> None:
    folder, full = archive
    data = leagues_json(folder)
    first, plays = first_game(folder)
    (folder / first).unlink()
    (folder / first).symlink_to(folder / data["games"][1]["file"])
    status, _, err = restore(folder)
    assert status == 1
    assert one_line(err) == f"bad {first}: a symbolic link, not followed"
    assert counts() == {**full, "Game": full["Game"] - 1, "Play": full["Play"] - plays}


def test_a_games_folder_that_is_a_link_refuses_the_restore(archive, tmp_path) -> None:
    folder, _ = archive
    (folder / "games").rename(tmp_path / "elsewhere")
    (folder / "games").symlink_to(tmp_path / "elsewhere")
    status, _, err = restore(folder)
    assert status == "error"
    assert one_line(err) == f"{folder / 'games'} is a symbolic link, not followed"
    assert counts() == NOTHING


def _set(path: tuple, value):
    """A change to leagues.json: ``value`` put at ``path`` (keys and list indexes)."""

    def change(data: dict) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


WRONG_LEAGUES = {
    "name a list, slug an object": (
        lambda data: data["leagues"][0].update(name=["x"], slug={"a": 1}),
        "leagues.json: leagues[0]: 'name' must be text of at most 100 characters, not ['x']",
    ),
    "name a number": (_set(("leagues", 0, "name"), 7), "'name' must be text"),
    "name too long": (_set(("leagues", 0, "name"), "x" * 101), "at most 100 characters"),
    "slug an object": (_set(("leagues", 0, "slug"), {"a": 1}), "leagues[0]: 'slug' must be text"),
    "points text": (
        _set(("leagues", 0, "points"), {"win": "lots"}),
        "leagues[0]: points 'win' must be a whole number from 0 to 100, not 'lots'",
    ),
    "points huge": (_set(("leagues", 0, "points", "tie"), 10**30), "points 'tie' must be"),
    "points negative": (_set(("leagues", 0, "points", "loss"), -1), "points 'loss' must be"),
    "points a float": (_set(("leagues", 0, "points", "win"), 2.5), "points 'win' must be"),
    "points a string": (_set(("leagues", 0, "points"), "lots"), "'points' must be an object"),
    "organisers a string": (
        _set(("leagues", 0, "organisers"), "organiser"),
        "'organisers' must be a list of names",
    ),
    "options a string": (_set(("leagues", 0, "options"), "x"), "'options' must be an object"),
    "options wrong": (_set(("leagues", 0, "options"), {"innings": "9"}), "option 'innings'"),
    "unknown game": (_set(("leagues", 0, "kind"), "nope"), "unknown game 'nope'"),
    "created_at a number": (_set(("leagues", 0, "created_at"), 5), "not a date and time: 5"),
    "starts_on a number": (_set(("seasons", 0, "starts_on"), 20260401), "not a date"),
    "starts_on impossible": (_set(("seasons", 0, "starts_on"), "2026-13-45"), "not a date"),
    "team name a list": (_set(("teams", 0, "name"), ["Giants"]), "teams[0]: 'name' must be"),
    "fixture away a number": (_set(("fixtures", 0, "away"), 5), "fixtures[0]: 'away' must be"),
    "fixture of no team": (_set(("fixtures", 0, "home"), "nobody"), "team it does not hold"),
    "game file a number": (_set(("games", 0, "file"), 5), "games[0]: 'file' must be text"),
    "game league a list": (_set(("games", 0, "league"), ["x"]), "games[0]: 'league' must be"),
    "scorers a string": (_set(("games", 0, "scorers"), "scorer"), "'scorers' must be a list"),
    "record_hash an object": (
        _set(("games", 0, "record_hash"), {"x": 1}),
        "'record_hash' must be text",
    ),
    "leagues a string": (_set(("leagues",), "abc"), "'leagues' must be a list of objects"),
    "teams of numbers": (_set(("teams",), [1, 2]), "'teams' must be a list of objects"),
}


@pytest.mark.parametrize("kind", WRONG_LEAGUES)
def test_a_wrong_type_in_leagues_json_refuses_the_restore(archive, kind) -> None:
    folder, _ = archive
    change, words = WRONG_LEAGUES[kind]
    data = leagues_json(folder)
    change(data)
    (folder / "leagues.json").write_text(json.dumps(data))
    status, _, err = restore(folder)
    assert status == "error"
    assert words in one_line(err), err
    assert counts() == NOTHING


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("[1, 2]", "leagues.json must hold a JSON object"),
        ('{"leagues": [], "games": NaN}', "NaN is not a number JSON allows"),
    ],
)
def test_leagues_json_of_the_wrong_shape_refuses_the_restore(archive, content, words) -> None:
    folder, _ = archive
    (folder / "leagues.json").write_text(content)
    status, _, err = restore(folder)
    assert status == "error" and words in one_line(err)
    assert counts() == NOTHING


def test_a_manifest_of_a_huge_version_is_one_line(archive) -> None:
    folder, _ = archive
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["version"] = 10**100
    (folder / "manifest.json").write_text(json.dumps(manifest))
    status, _, err = restore(folder)
    assert status == "error" and "this site reads 1, 2, 3 and 4" in one_line(err)
    assert counts() == NOTHING
