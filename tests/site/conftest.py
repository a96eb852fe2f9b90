"""Helpers for tests that run the project in a subprocess with a chosen environment."""

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

RunPython = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def clean_env() -> dict[str, str]:
    """The current environment minus anything that configures the project."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "SCOREKEEPER_"))
    }
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@pytest.fixture
def run_python(clean_env: dict[str, str]) -> RunPython:
    """Run `python <args>` from the project root with extra environment variables."""

    def run(*args: str, timeout: float = 120, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *args],
            cwd=ROOT,
            env={**clean_env, **env},
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    return run
