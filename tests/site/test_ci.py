from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEST_COMMAND = (
    "python3 -m venv .venv && .venv/bin/pip install -q -r requirements.txt"
    " && .venv/bin/python -m pytest"
)


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme_lines = (ROOT / "README.md").read_text().splitlines()
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert TEST_COMMAND in readme_lines
    assert ci_lines[-1] == TEST_COMMAND


def test_ci_script_is_executable_and_strict() -> None:
    script = ROOT / ".ci" / "run"
    assert script.stat().st_mode & 0o111
    assert "set -euo pipefail" in script.read_text()
