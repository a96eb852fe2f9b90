"""Django's ``{# #}`` comments end on their own line: one spanning lines is printed on the page
as text (it happened once, under the scoring screen's Undo). Longer comments use
``{% comment %}``."""

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_short_comment_runs_over_a_line():
    broken = []
    for path in TEMPLATES.rglob("*.html"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            opened = line.rfind("{#")
            if opened != -1 and "#}" not in line[opened:]:
                broken.append(f"{path.relative_to(TEMPLATES)}:{number}")
    assert not broken, broken
