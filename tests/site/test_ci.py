from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEST_COMMAND = (
    "python3 -m venv .venv && .venv/bin/pip install -q -r requirements.txt"
    " && .venv/bin/python -m pytest"
)


def test_ci_runs_exactly_the_readme_test_command_then_postgresql() -> None:
    readme_lines = (ROOT / "README.md").read_text().splitlines()
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert TEST_COMMAND in readme_lines
    assert ci_lines.count(TEST_COMMAND) == 1
    # After the README's command, the database-dependent tests run again on PostgreSQL.
    after = ci_lines[ci_lines.index(TEST_COMMAND) + 1 :]
    assert "apt-get install -y postgresql" in "\n".join(ci_lines)
    assert 'export DATABASE_URL="$PG_URL"' in [line.strip() for line in after]
    assert after[-1].startswith(
        ".venv/bin/python -m pytest tests/web tests/win tests/leagues tests/cups tests/concurrency"
    )


def test_ci_script_is_executable_and_strict() -> None:
    script = ROOT / ".ci" / "run"
    assert script.stat().st_mode & 0o111
    assert "set -euo pipefail" in script.read_text()
