"""The shared worked cases (``tests/examples/*.json``) through ``manage.py replay``, and
replay's contract (``games/engines/README.md``).

Cases are checked exactly as ``shared/examples/check.py`` checks them: the expected summary
must be contained in the printed one, and an ``error_play`` case must exit 1 with nothing on
standard output and name the play on standard error. Only cases whose game is registered
are collected.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engines import all_engines
from games.engines.record import dumps, from_json, loads, replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tests" / "examples"
REGISTERED = {engine.id for engine in all_engines()}


def load_cases() -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for path in sorted(EXAMPLES.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if case["record"].get("game") in REGISTERED:
            cases.append((path.name, case))
    return cases


CASES = load_cases()


def run_replay(stdin: str | None = None, *, file: str = "-") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "replay", file],
        cwd=ROOT,
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        timeout=60,
    )


def subset(expect: Any, got: Any, path: str = "") -> list[str]:
    """Mismatches where ``expect`` is not contained in ``got`` (as in check.py)."""
    out: list[str] = []
    if isinstance(expect, dict):
        if not isinstance(got, dict):
            return [f"{path}: expected an object, got {got!r}"]
        for k, v in expect.items():
            if k not in got:
                out.append(f"{path}.{k}: missing")
            else:
                out += subset(v, got[k], f"{path}.{k}")
    elif isinstance(expect, list) and expect and isinstance(expect[0], dict):
        if not isinstance(got, list) or len(got) < len(expect):
            return [f"{path}: expected {len(expect)} items, got {got!r}"]
        for i, v in enumerate(expect):
            out += subset(v, got[i], f"{path}[{i}]")
    elif expect != got:
        out.append(f"{path}: expected {expect!r}, got {got!r}")
    return out


def test_quick_baseball_cases_are_collected():
    names = {name for name, _ in CASES}
    assert "quick-baseball-first-pitches.json" in names
    assert "quick-baseball-error.json" in names


def test_example_files_are_unchanged_copies():
    shared = Path("/work/shared/examples")
    if not shared.is_dir():
        pytest.skip("the shared examples folder is not here")
    for path in sorted(shared.glob("*.json")):
        assert (EXAMPLES / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize(("name", "case"), CASES, ids=[name for name, _ in CASES])
def test_example_case(name: str, case: dict[str, Any]):
    result = run_replay(json.dumps(case["record"]))
    if "error_play" in case:
        n = case["error_play"]
        assert result.returncode == 1, result.stderr
        assert not result.stdout.strip()
        assert f"play {n}" in result.stderr
        assert result.stderr.strip().startswith(f"play {n}:")
        return
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    assert not subset(case["expect"], got)


@pytest.mark.parametrize(("name", "case"), CASES, ids=[name for name, _ in CASES])
def test_example_case_in_process(name: str, case: dict[str, Any]):
    """The same case through games.engines.record, without Django."""
    record = from_json(case["record"])
    if "error_play" in case:
        with pytest.raises(ValueError) as info:
            replay(record)
        assert info.value.number == case["error_play"]  # type: ignore[attr-defined]
        return
    assert not subset(case["expect"], replay(record).summary())


# --- replay's contract ----------------------------------------------------------------------

RECORD = {
    "game": "quick-baseball",
    "options": {"innings": 3},
    "sides": ["Giants", "Yankees"],
    "plays": [{"pitch": "SO1", "bat": "B4"}, {"pitch": "PO", "call": "steal"}],
}


def assert_one_line_error(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 1
    assert result.stdout == ""
    message = result.stderr.strip()
    assert message
    assert len(message.splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return message


def test_replay_prints_the_summary():
    result = run_replay(json.dumps(RECORD))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary == replay(from_json(RECORD)).summary()
    assert summary["outs"] == 1
    assert summary["bases"] == [False, False, False]
    assert summary["batter"] == 2
    for key in ("game", "status", "winner", "score", "inning", "half", "outs", "bases"):
        assert key in summary
    for key in ("line_score", "batter", "balls", "relief"):
        assert key in summary


def test_replay_reads_a_file_as_well_as_standard_input(tmp_path: Path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD), encoding="utf-8")
    from_file = run_replay(file=str(path))
    from_stdin = run_replay(json.dumps(RECORD))
    assert from_file.returncode == 0, from_file.stderr
    assert json.loads(from_file.stdout) == json.loads(from_stdin.stdout)


@pytest.mark.parametrize("text", ["{not json", "", "quick-baseball", '{"game": '])
def test_replay_rejects_text_that_is_not_json(text: str):
    message = assert_one_line_error(run_replay(text))
    assert "JSON" in message


@pytest.mark.parametrize("text", ["[]", "42", '"quick-baseball"', "{}"])
def test_replay_rejects_json_that_is_not_a_record(text: str):
    assert_one_line_error(run_replay(text))


def test_replay_rejects_an_unknown_game():
    message = assert_one_line_error(run_replay(json.dumps({"game": "tiddlywinks", "plays": []})))
    assert "tiddlywinks" in message


def test_replay_rejects_an_unknown_option():
    record = {"game": "quick-baseball", "options": {"overs": 16}, "plays": []}
    message = assert_one_line_error(run_replay(json.dumps(record)))
    assert "overs" in message


def test_replay_rejects_a_bad_option_value():
    record = {"game": "quick-baseball", "options": {"innings": 0}, "plays": []}
    message = assert_one_line_error(run_replay(json.dumps(record)))
    assert "innings" in message


@pytest.mark.parametrize(
    ("plays", "line"),
    [
        (
            [{"pitch": "SO2", "call": "leave"}, {"pitch": "SO2", "bat": "B1"}],
            "play 2: card SO2 is not in the pitcher's hand",
        ),
        ([{"pitch": "SO1", "bat": "B4"}, {"pitch": "SO2", "bat": "B4"}], "play 2: "),
        ([{"pitch": "SO1", "call": "steal"}], "play 1: "),
        ([{"pitch": "SO1", "bat": "B4"}, {"pitch": "SO9", "bat": "B1"}], "play 2: "),
        ([{"pitch": "SO1", "bat": "B4"}, {"pitch": "PO", "call": "leave"}, "SO1"], "play 3: "),
        ([{"refresh": ["pitcher"]}], "play 1: "),
    ],
)
def test_replay_names_the_bad_play_on_one_line(plays: list, line: str):
    record = {"game": "quick-baseball", "plays": plays}
    message = assert_one_line_error(run_replay(json.dumps(record)))
    assert message.startswith(line)


def test_replay_rejects_a_play_after_the_game_is_final():
    ks = [{"pitch": p, "call": "leave"} for p in ("SO1", "SO2", "RUN")]
    walk = [{"pitch": "PO", "call": "leave"}] * 4
    plays = [*ks, *(walk * 4), {"pitch": "SO1", "bat": "B1"}]
    options = {"innings": 1, "catalogue": "first-reconstruction"}  # SO2 has a blue border
    record = {"game": "quick-baseball", "options": options, "plays": plays}
    done = run_replay(json.dumps({**record, "plays": plays[:-1]}))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "final"
    message = assert_one_line_error(run_replay(json.dumps(record)))
    assert message.startswith(f"play {len(plays)}: ")


def test_replay_of_a_missing_file_fails(tmp_path: Path):
    assert_one_line_error(run_replay(file=str(tmp_path / "no-such-record.json")))


# --- export and import ------------------------------------------------------------------------


def test_record_keeps_extra_keys_on_plays():
    plays = [{"pitch": "SO1", "bat": "B4", "note": "first pitch"}]
    record = from_json({"game": "quick-baseball", "plays": plays})
    assert json.loads(dumps(record))["plays"] == plays


@pytest.mark.parametrize(
    "data",
    [
        {"game": "quick-baseball", "plays": []},
        {"game": "quick-baseball", "options": {}, "plays": []},
        RECORD,
    ],
)
def test_exported_record_can_be_imported_and_replayed(data: dict[str, Any]):
    """One format for import, export and replay: what ``dumps`` writes, ``loads`` reads."""
    record = from_json(data)
    again = loads(dumps(record))
    assert again == record
    assert replay(again).summary() == replay(record).summary()


def test_exported_record_replays_through_manage_py():
    result = run_replay(dumps(from_json(RECORD)))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == replay(from_json(RECORD)).summary()
