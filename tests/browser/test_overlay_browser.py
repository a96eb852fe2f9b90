"""The stream overlay in a real browser at a broadcast's 1080p: the page paints nothing but
its scorebug (a screenshot without background is transparent away from the bug and opaque
on it, as a streaming program's browser source composites it), and the bug follows the game
by itself, without a reload."""

from __future__ import annotations

import random
import struct
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.engines import get
from games.kinds.records import replay_game
from games.models import Game
from games.scoring import services

from .helpers import assert_not_reloaded, mark_page

pytestmark = pytest.mark.browser
ARTIFACTS = Path("test-artifacts") / "overlay"
SHOWN = ("score", "outs", "bases", "balls", "inning", "half")  # what a visible change is


def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of RGBA bytes of an 8-bit, non-interlaced RGBA PNG (what
    Chromium writes for a screenshot without background)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, header = 8, b"", b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert (depth, colour, interlace) == (8, 6, 0), "expected 8-bit RGBA, not interlaced"
    raw, stride, bpp = zlib.decompress(idat), width * 4, 4
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up = previous[x]
            corner = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                near = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + near) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def alpha(rows: list[bytes], x: int, y: int) -> int:
    return rows[y][x * 4 + 3]


def legal(game: Game) -> list[dict]:
    state = replay_game(game).final_state
    return [p for p in game.engine.legal_plays(state) if "rain" not in p and "declare" not in p]


def a_game_in_progress(user) -> Game:
    game = services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["Owls", "Herons"], user=user
    )
    rng = random.Random(7)
    for seq in range(1, 9):
        services.play_record(game=game, raw=rng.choice(legal(game)), expected_seq=seq, user=user)
    game.refresh_from_db()
    assert game.summary["status"] == "in_progress"
    return game


def a_visible_play(game: Game) -> dict:
    """A legal play that changes what the bug shows (runs, outs, bases, balls or inning)."""
    state = replay_game(game).final_state
    before = {key: game.summary.get(key) for key in SHOWN}
    for raw in legal(game):
        after = game.engine.summary(game.engine.play(state, raw)[0])
        if {key: after.get(key) for key in SHOWN} != before:
            return raw
    raise AssertionError("no legal play changes the bug")


def test_the_overlay_is_transparent_but_its_bug(live_server, django_user_model, page: Page):
    user = django_user_model.objects.create_user("scorer", password="pw-scorer-1")
    game = a_game_in_progress(user)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/games/{game.pk}/overlay/?size=m&corner=tl")
    bug = page.locator("#bug")
    expect(bug).to_be_visible()
    expect(page.locator("nav")).to_have_count(0)
    box = bug.bounding_box()
    assert box is not None
    # In its corner, readable and compact on a 1080p canvas.
    assert box["x"] < 100 and box["y"] < 100
    assert 200 < box["width"] < 900 and 60 < box["height"] < 400

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "quick-baseball-1080p.png"
    page.screenshot(path=str(shot), omit_background=True)
    width, height, rows = read_png(shot)
    assert (width, height) == (1920, 1080)
    assert alpha(rows, 1900, 1060) == 0  # far from the bug: nothing painted
    assert alpha(rows, 960, 540) == 0
    inside = (int(box["x"] + box["width"] / 2), int(box["y"] + box["height"] / 2))
    assert alpha(rows, *inside) > 0
    assert alpha(rows, int(box["x"]) + 4, int(box["y"]) + 4) > 0

    # The other corners and sizes place and scale it.
    page.goto(f"{live_server.url}/games/{game.pk}/overlay/?size=l&corner=br")
    large = page.locator("#bug").bounding_box()
    assert large is not None
    assert large["x"] + large["width"] > 1800 and large["y"] + large["height"] > 1000
    assert large["height"] > box["height"]
    page.screenshot(path=str(ARTIFACTS / "quick-baseball-1080p-large-br.png"), omit_background=True)


def test_the_bug_follows_the_game_without_reload(live_server, django_user_model, page: Page):
    user = django_user_model.objects.create_user("scorer", password="pw-scorer-1")
    game = a_game_in_progress(user)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/games/{game.pk}/overlay/")
    expect(page.locator("#bug")).to_be_visible()
    mark_page(page)

    services.play_record(
        game=game, raw=a_visible_play(game), expected_seq=game.plays.count() + 1, user=user
    )
    game.refresh_from_db()
    now = game.summary
    bug = page.locator("#bug")
    expect(bug.locator(".bug-outs")).to_have_attribute("data-outs", str(now["outs"]), timeout=8000)
    totals = bug.locator(".bug-total[data-runs]")
    for side, runs in enumerate(now["score"]):
        expect(totals.nth(side)).to_have_attribute("data-runs", str(runs), timeout=8000)
    for number, taken in enumerate(now["bases"], start=1):
        base = bug.locator(f'[data-base="{number}"]')
        expect(base).to_have_class("base on" if taken else "base", timeout=8000)
    expect(bug.locator('[data-count="B"]')).to_have_text(str(now["balls"]), timeout=8000)
    half = "Top" if now["half"] == "top" else "Bot"
    expect(bug.locator(".bug-status")).to_have_text(f"{half} {now['inning']}", timeout=8000)
    assert_not_reloaded(page)


@pytest.mark.parametrize(
    ("kind", "plays"),
    [
        ("quick-cricket", 14),
        ("quick-tennis", 60),
        ("solitaire-baseball", 30),
        ("bedard-baseball", 12),
        ("backyard-baseball", 12),
    ],
)
def test_every_games_bug_fits_its_corner(live_server, django_user_model, page: Page, kind, plays):
    user = django_user_model.objects.create_user("scorer", password="pw-scorer-1")
    engine = get(kind)
    game = services.game_create(kind=kind, options={}, sides=list(engine.default_sides), user=user)
    rng = random.Random(3)
    for seq in range(1, plays + 1):
        if engine.is_over(replay_game(game).final_state):
            break
        choices = [p for p in legal(game) if list(p) != ["fielder"]]
        services.play_record(game=game, raw=rng.choice(choices), expected_seq=seq, user=user)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/games/{game.pk}/overlay/?corner=tr")
    box = page.locator("#bug").bounding_box()
    assert box is not None
    assert box["x"] > 960 and box["x"] + box["width"] < 1920
    assert box["y"] < 100 and box["height"] < 540
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{kind}-1080p.png"), omit_background=True)
