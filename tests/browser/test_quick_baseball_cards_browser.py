"""Quick Baseball's hands at the four table sizes: each card's coloured frame lies inside its
tile, no two tiles overlap and none runs off the screen; on a phone every tile says in words
what its card does (the catalogue's words), and the RP box's X is explained under the
scoreboard and to screen readers."""

import pytest
from playwright.sync_api import Browser, Page, expect

from games.kinds.records import replay_game
from games.scoring import services

from .helpers import log_in
from .test_table_layout import SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "frames-in-tiles-9"

# Each tile (the card's label or button), its box, and its frame: a pitch card's face grown
# by its widest outer box-shadow (the coloured borders), a batting card's own border box; and
# anything inside the tile that sticks out of it (words that do not fit).
TILES = """() => [...document.querySelectorAll('#play-form .pitch-card, #play-form .bat-card')]
  .map(tile => {
    const box = tile.getBoundingClientRect();
    const face = tile.querySelector('.face') || tile;
    const shadows = getComputedStyle(face).boxShadow;
    let spread = 0;
    if (shadows !== 'none') {
      for (const one of shadows.split(/,(?![^(]*\\))/)) {
        if (one.includes('inset')) continue;
        const px = one.replace(/rgba?\\([^)]*\\)|color\\([^)]*\\)/g, '').match(/-?[\\d.]+px/g);
        if (px && px.length >= 4) spread = Math.max(spread, parseFloat(px[3]));
      }
    }
    const f = face.getBoundingClientRect();
    const inside = [...tile.querySelectorAll('*')].filter(el => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5
        || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5);
    }).map(el => el.className);
    return {
      card: tile.dataset.card,
      box: {left: box.left, top: box.top, right: box.right, bottom: box.bottom},
      frame: {left: f.left - spread, top: f.top - spread, right: f.right + spread,
              bottom: f.bottom + spread},
      outside: inside,
      text: tile.innerText.replace(/\\s+/g, ' ').trim(),
    };
  })"""


def _problems(tiles: list[dict], width: int) -> list[str]:
    problems = []
    for tile in tiles:
        box, frame, name = tile["box"], tile["frame"], tile["card"]
        if (
            frame["left"] < box["left"] - 0.5
            or frame["top"] < box["top"] - 0.5
            or frame["right"] > box["right"] + 0.5
            or frame["bottom"] > box["bottom"] + 0.5
        ):
            problems.append(f"{name}: frame {frame} outside its tile {box}")
        if tile["outside"]:
            problems.append(f"{name}: {tile['outside']} stick out of the tile")
        if box["left"] < -0.5 or box["right"] > width + 0.5:
            problems.append(
                f"{name}: clipped by the screen, x {box['left']:.0f}-{box['right']:.0f}"
            )
    for i, one in enumerate(tiles):
        for other in tiles[i + 1 :]:
            a, b = one["box"], other["box"]
            if (
                min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
                and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
            ):
                problems.append(f"{one['card']} and {other['card']} overlap")
    return problems


def _relieve(game, user) -> None:
    """Three pitches left alone and two strike-outs empty the pitcher's hand but for one card;
    the pitcher's refresh then brings the home side's relief pitcher in."""
    for raw in (
        {"pitch": "FLY", "call": "leave"},
        {"pitch": "C1", "call": "leave"},
        {"pitch": "C2", "call": "leave"},
        {"pitch": "SO1", "call": "leave"},
        {"pitch": "RUN", "call": "leave"},
        {"refresh": ["pitcher"]},
    ):
        services.play_record(game=game, raw=raw, expected_seq=game.plays.count() + 1, user=user)


def _words(page: Page, game) -> None:
    """On a phone each tile says what its card does, in the catalogue's words: a pitch card its
    name, a batting card what it hits for the batter now up."""
    state = replay_game(game).final_state
    for card in state.catalogue.pitches:
        tile = page.locator(f'#play-form .pitch-card[data-card="{card.id}"]')
        expect(tile.locator(".card-name")).to_be_visible()
        expect(tile).to_contain_text(card.name)
    group = (state.batter - 1) // 3
    words = {1: "single", 2: "double", 3: "triple", 4: "home run"}
    for card in state.catalogue.bats:
        tile = page.locator(f'#play-form .bat-card[data-card="{card.id}"] .hits-now')
        expect(tile).to_be_visible()
        for colour, base in card.hits[group]:
            expect(tile).to_contain_text(colour)
            expect(tile).to_contain_text(f"→ {words[base]}")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_cards_sit_in_their_tiles_and_say_what_they_do(
    width: int, height: int, live_server, django_user_model, browser: Browser
) -> None:
    user = django_user_model.objects.create_user(username="dealer", password=PASSWORD)
    game = services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["Giants", "Mets"], user=user
    )
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in(page, live_server.url, "dealer", PASSWORD)
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        expect(page.locator("#play-form .pitch-card")).to_have_count(7)
        assert not (problems := _problems(page.evaluate(TILES), width)), "\n".join(problems)
        if width == 390:
            _words(page, game)
        expect(page.locator("#rp-key")).to_have_count(0)  # no X, nothing to explain

        # The Mets' relief pitcher comes in: the X is explained, on screen and to a reader.
        _relieve(game, user)
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        mark = page.locator('td.rp[data-rp="1"]')
        expect(mark).to_have_text("X")
        expect(mark).to_have_attribute("aria-describedby", "rp-key")
        key = page.locator("#rp-key")
        expect(key).to_be_visible()
        expect(key).to_have_text(
            "X in RP: relief pitcher in for Mets: C2's inner red border now matches when "
            "they pitch."
        )
        expect(page.locator('td.rp[data-rp="0"]')).to_have_text("")
        expect(page.locator("th.rp abbr")).to_have_attribute(
            "title", "Relief pitcher: an X once that side's relief pitcher is in"
        )
        assert not (problems := _problems(page.evaluate(TILES), width)), "\n".join(problems)
    finally:
        context.close()
