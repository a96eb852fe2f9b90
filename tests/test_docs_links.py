"""Every relative link and image in the repository's Markdown files points at a file that exists.

Web addresses (``http:``, ``https:``) and ``mailto:`` are not checked, nor links to an anchor
of the same page (``#...``); a ``#fragment`` after a path is dropped before the path is checked.
Code (fenced blocks and inline spans) is not read for links.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
SKIPPED_DIRS = {"node_modules", "staticfiles", "test-artifacts", "test-results", "__pycache__"}
MUST_EXIST = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "docs"]

FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[^\n]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1", re.S)
# [text](target "title") and ![alt](target): the text may hold one level of brackets and span
# lines; the target may be <in angle brackets>.
INLINE = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(?P<target><[^>\n]*>|[^)\s]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)"
)
REFERENCE = re.compile(r"^[ ]{0,3}\[[^\]]+\]:\s*(?P<target><[^>\n]*>|\S+)", re.M)
NOT_CHECKED = re.compile(r"^(https?:|mailto:|#)", re.I)


def markdown_files() -> list[Path]:
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS)
        found += [Path(folder) / name for name in sorted(files) if name.lower().endswith(".md")]
    return found


def blank(match: re.Match[str]) -> str:
    """The match as spaces, keeping its newlines, so offsets and line numbers stay put."""
    return re.sub(r"[^\n]", " ", match.group(0))


def link_targets(text: str) -> list[tuple[int, str]]:
    """(line, target) for every link and image outside code."""
    text = CODE_SPAN.sub(blank, FENCE.sub(blank, text))
    targets = []
    for pattern in (INLINE, REFERENCE):
        for match in pattern.finditer(text):
            target = match.group("target").strip("<>").strip()
            targets.append((text.count("\n", 0, match.start("target")) + 1, target))
    return sorted(targets)


def broken_links(path: Path, text: str) -> list[str]:
    """``file:line: target`` for each link in ``text`` (the content of ``path``) to no file."""
    broken = []
    for line, target in link_targets(text):
        if not target or NOT_CHECKED.match(target):
            continue
        relative = unquote(target.split("#", 1)[0].split("?", 1)[0])
        if not relative:
            continue
        base = ROOT if relative.startswith("/") else path.parent
        if not (base / relative.lstrip("/")).exists():
            broken.append(f"{path.relative_to(ROOT)}:{line}: {target}")
    return broken


def test_the_documents_are_there() -> None:
    files = {path.relative_to(ROOT).as_posix() for path in markdown_files()}
    for name in MUST_EXIST:
        assert (ROOT / name).exists(), name
    assert any(name.startswith("docs/") for name in files)
    assert any(name.startswith("games/") for name in files)


@pytest.mark.parametrize(
    "path", markdown_files(), ids=lambda path: path.relative_to(ROOT).as_posix()
)
def test_relative_links_resolve(path: Path) -> None:
    assert broken_links(path, path.read_text(encoding="utf-8")) == []


def test_the_check_finds_broken_links() -> None:
    text = (
        "See [the rules](games/engines/quick_baseball/RULES.md#plays), [gone](docs/gone.md),\n"
        "![a picture\nover two lines](docs/images/missing.png), [web](https://example.org),\n"
        "[here](#top), [mail](mailto:a@example.org), `[code](not/a/link.md)`.\n"
        "```\n[fenced](not/a/link/either.md)\n```\n"
        "[ref]: <docs/also gone.md>\n"
    )
    assert broken_links(ROOT / "README.md", text) == [
        "README.md:1: docs/gone.md",
        "README.md:3: docs/images/missing.png",
        "README.md:8: docs/also gone.md",
    ]
