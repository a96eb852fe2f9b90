"""replay and import_games with garbage files: a line naming the problem, never a traceback."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.leagues.conftest import make_league

pytestmark = pytest.mark.django_db

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
records = st.fixed_dictionaries(
    {},
    optional={
        "format": st.sampled_from(["scorekeeper-record", "x"]) | json_values,
        "version": json_values,
        "kind": st.sampled_from(["quick-baseball", "quick-cricket", "nope"]) | json_values,
        "options": json_values,
        "sides": json_values,
        "plays": st.lists(json_values, max_size=5) | json_values,
    },
).map(json.dumps)
contents = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    json_values.map(lambda v: json.dumps(v).encode()),
    records.map(str.encode),
)


def _run(name: str, *args: str, **options) -> str:
    out, err = StringIO(), StringIO()
    try:
        call_command(name, *args, stdout=out, stderr=err, **options)
    except CommandError as exc:
        message = str(exc)
        assert message and "\n" not in message.strip()
        return message
    except SystemExit as exc:
        assert exc.code == 1
        lines = err.getvalue().strip().splitlines()
        assert lines, "a failing command names the problem"
        assert all(line.startswith("bad ") for line in lines) or len(lines) == 1, lines
    text = out.getvalue() + err.getvalue()
    assert "Traceback" not in text
    return text


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(content=contents)
def test_replay_and_import_never_raise(tmp_path, content) -> None:
    if not _league_exists():
        make_league("quick-baseball", {"innings": 1})
    path = tmp_path / "garbage.json"
    path.write_bytes(content)
    _run("replay", str(path))
    _run("import_games", str(path), league="quick-baseball-league", season="2026")


def _league_exists() -> bool:
    from games.models import League

    return League.objects.filter(slug="quick-baseball-league").exists()


def test_missing_file_and_unknown_league_are_one_line(tmp_path) -> None:
    assert "cannot read the record" in _run("replay", str(tmp_path / "garbage.json"))
    assert "no league called 'nope'" in _run(
        "import_games", str(tmp_path), league="nope", season="nope"
    )
