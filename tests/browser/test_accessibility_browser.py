"""Accessibility in a real browser: every page, and every scoring screen in the
states that ask a question, has no WCAG 2.2 A or AA violation as axe-core reports it (run from
``axe-playwright-python``, which bundles axe-core's script: nothing is fetched at run time).

Each case builds what its page needs (a game at some point, a league with a season, teams,
a played fixture and a cup), opens the page in Debian's chromium and runs axe with the WCAG
2.0, 2.1 and 2.2 A and AA tags. A failure lists each violation's id, impact, help and the
offending nodes' targets.

The scoring screens also say what a card does (each Quick Baseball card's accessible name is
built from the card catalogue) and announce each answer in a polite live region."""

from collections.abc import Callable

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from games.engines.catalogues import default_catalogue
from games.engines.quick_baseball.catalogue import from_data
from games.kinds.quick_baseball.screen import _bat_label, _pitch_label
from games.leagues import services as leagues
from games.leagues.cups import services as cups
from games.models import Competition, League, Season, Team
from games.scoring import services

from .helpers import log_in
from .test_play_steps_browser import DECK
from .test_table_layout import GAMES, QUESTION, QUESTIONS, _finish, _play_to, _taps
from .test_taps_per_play_browser import QUICK_CRICKET, at_bat, delivery

pytestmark = pytest.mark.browser

PASSWORD = "every-page-reads-18"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
AXE = Axe()


def violations(page: Page) -> list[dict]:
    """axe-core's violations of the WCAG A and AA rules on the page as it is now."""
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    return AXE.run(page, options=options).response["violations"]


def report(found: list[dict]) -> str:
    lines = []
    for violation in found:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            target = ", ".join(str(t) for t in node["target"])
            # Colour contrast: the colours and ratio found, to say what to change.
            data = next((c["data"] for c in node.get("any", []) if c.get("data")), None)
            if isinstance(data, dict) and "contrastRatio" in data:
                target += (
                    f"  ({data['fgColor']} on {data['bgColor']}: {data['contrastRatio']}, "
                    f"needs {data['expectedContrastRatio']})"
                )
            lines.append(f"    {target}")
    return "\n".join(lines)


class Site:
    """What the pages are about, made on demand: a scorer, games, a league and a cup."""

    def __init__(self, user_model, base: str) -> None:
        self.base = base
        self.user = user_model.objects.create_user(username="reader", password=PASSWORD)

    def game(self, kind: str, plays: int = 2):
        sides, options, _ = GAMES[kind]
        game = services.game_create(kind=kind, options=options, sides=sides, user=self.user)
        _play_to(game, self.user, plays)
        return game

    def league(self) -> Competition:
        """A Quick Baseball league the scorer organises: a season, four teams, a fixture played
        to its end, one waiting, and a cup drawn."""
        league = League.objects.create(
            name="Tuesday Club", slug="tuesday", kind="quick-baseball", options={"innings": 1}
        )
        league.organisers.add(self.user)
        season = Season.objects.create(league=league, name="2026", slug="2026")
        teams = [
            Team.objects.create(league=league, name=name, slug=name.lower())
            for name in ("Owls", "Herons", "Foxes", "Badgers")
        ]
        played = leagues.fixture_create(season=season, user=self.user, away=teams[0], home=teams[1])
        game = leagues.fixture_start(fixture=played, user=self.user)
        _finish(game, self.user)
        leagues.fixture_create(season=season, user=self.user, away=teams[2], home=teams[3])
        return cups.cup_create(season=season, user=self.user, name="Autumn Cup", teams=teams)


Visit = Callable[[Page, Site], None]


def url(path: str) -> Visit:
    """A page that needs no data of its own."""
    return lambda page, site: page.goto(f"{site.base}{path}") and None


def scoring(kind: str) -> Visit:
    """``kind``'s scoring screen after two plays (the result line and Undo on show)."""

    def visit(page: Page, site: Site) -> None:
        page.goto(f"{site.base}/games/{site.game(kind).pk}/score/")
        expect(page.locator("button.undo")).to_be_visible()

    return visit


def game_over(kind: str) -> Visit:
    def visit(page: Page, site: Site) -> None:
        game = site.game(kind, plays=0)
        _finish(game, site.user)
        page.goto(f"{site.base}/games/{game.pk}/score/")
        expect(page.locator(".final-note")).to_be_visible()

    return visit


def question(name: str, ask: str) -> Visit:
    """A scoring screen asking question ``ask`` (the taps of the table-layout test)."""

    def visit(page: Page, site: Site) -> None:
        kind, options, before, taps, questions = QUESTIONS[name]
        game = services.game_create(
            kind=kind, options=options, sides=["Owls", "Herons"], user=site.user
        )
        page.goto(f"{site.base}/games/{game.pk}/score/")
        plays = page.locator("ol.play-list > li")
        for number, steps in enumerate(before, start=1):
            _taps(page, steps)
            expect(plays).to_have_count(number)
        _taps(page, taps)
        for asked, _answers, answer in questions:
            expect(page.locator(f'{QUESTION}[data-ask="{asked}"]')).to_be_visible()
            if asked == ask:
                return
            answer(page)
        raise AssertionError(f"{name} never asked {ask}")

    return visit


def cricket_bouncer(page: Page, site: Site) -> None:
    """A bouncer met in its quadrant: the screen asks duck or Big Hit."""
    game = services.game_create(
        kind="quick-cricket",
        options={"overs": 2, "innings": 1, "first_style": "pace"},
        sides=["Owls", "Herons"],
        user=site.user,
    )
    page.goto(f"{site.base}/games/{game.pk}/score/")
    _taps(page, QUICK_CRICKET[0])  # the fielder placed
    expect(page.locator("ol.play-list > li")).to_have_count(1)
    _taps(page, delivery("B", "2", "B", "A", "C"))
    expect(page.locator(f'{QUESTION}[data-ask="bouncer"]')).to_be_visible()


def cricket_spell_start(page: Page, site: Site) -> None:
    """A new innings: the screen asks where the fielder stands before the first ball."""
    game = site.game("quick-cricket", plays=0)
    page.goto(f"{site.base}/games/{game.pk}/score/")
    expect(page.locator("#board section.spell-start")).to_be_visible()


def backyard_bobble(page: Page, site: Site) -> None:
    """After an inning's event, a fly out by the fielder: the screen asks for the bobble roll."""
    game = services.game_create(
        kind="backyard-baseball", options={}, sides=["Owls", "Herons"], user=site.user
    )
    services.play_record(
        game=game, raw={"event": "Mom wants to pitch"}, expected_seq=1, user=site.user
    )
    page.goto(f"{site.base}/games/{game.pk}/score/")
    _taps(page, at_bat("CF", (9, "slow", "fly", "CF"), ("heater", "home-run"), 1))
    expect(page.locator(f'{QUESTION}[data-ask="bobble"]')).to_be_visible()


def backyard_deck(page: Page, site: Site) -> None:
    """A game whose catalogue lists the deck: the cards as tiles by label, a choice made (so
    the steps still to choose are marked)."""
    options = {"catalogue": {**default_catalogue("backyard-baseball"), "deck": DECK}}
    game = services.game_create(
        kind="backyard-baseball", options=options, sides=["Owls", "Herons"], user=site.user
    )
    page.goto(f"{site.base}/games/{game.pk}/score/")
    page.locator('.field label.space[data-space="CF"]').click()
    expect(page.locator("#play-form .play-needs")).to_contain_text("Still to choose")


def backyard_deck_extend(page: Page, site: Site) -> None:
    """The extension asked on a deck game: the cards by label, each pitcher's sum in words."""
    backyard_deck(page, site)
    page.locator('#play-form label.pitcher-tile[data-card="1"]').click()
    page.locator('#play-form label.batter-tile[data-card="A"]').click()
    page.locator('#play-form label.die-choice:has(input[value="5"])').click()
    expect(page.locator(f'{QUESTION}[data-ask="extend"] .sum-tile').first).to_be_visible()


def quick_baseball_pitched(page: Page, site: Site) -> None:
    """A pitch card picked: the screen asks for the batting card or a call (steal, leave)."""
    game = site.game("quick-baseball")
    page.goto(f"{site.base}/games/{game.pk}/score/")
    page.locator("label.pitch-card:not(.gone)").first.click()
    expect(page.locator("label.pitch-card:not(.gone) input").first).to_be_checked()


def game_page(page: Page, site: Site) -> None:
    game = site.game("quick-baseball")
    page.goto(f"{site.base}/games/{game.pk}/")
    expect(page.locator("#scoreboard")).to_be_visible()


def not_a_scorer(page: Page, site: Site) -> None:
    """Another user's game: the "Not allowed" page says who adds scorers."""
    other = type(site.user).objects.create_user(username="other-scorer")
    game = services.game_create(
        kind="quick-baseball", options={}, sides=["Owls", "Herons"], user=other
    )
    page.goto(f"{site.base}/games/{game.pk}/score/")
    expect(page.locator(".scorer-help")).to_be_visible()


def corrections(page: Page, site: Site) -> None:
    game = site.game("quick-baseball")
    page.goto(f"{site.base}/games/{game.pk}/corrections/")


def correct_play(page: Page, site: Site) -> None:
    game = site.game("quick-baseball")
    page.goto(f"{site.base}/games/{game.pk}/plays/1/correct/")


def league_page(path: str) -> Visit:
    """A page of the league (``{league}``, ``{season}``, ``{cup}`` filled in)."""

    def visit(page: Page, site: Site) -> None:
        cup = site.league()
        filled = path.format(league="tuesday", season="2026", cup=cup.slug)
        page.goto(f"{site.base}{filled}")

    return visit


MANAGE = "/leagues/{league}/manage/"
PAGES: dict[str, tuple[Visit, bool]] = {  # name: (how to get there, logged in)
    "home": (url("/"), True),
    "home, logged out": (url("/"), False),
    "new game": (url("/games/new/"), True),
    "log in": (url("/accounts/login/"), False),
    "sign up": (url("/accounts/signup/"), False),
    **{f"score {kind}": (scoring(kind), True) for kind in GAMES},
    "score quick-baseball, pitch picked": (quick_baseball_pitched, True),
    "score quick-cricket, umpire": (question("quick-cricket", "umpire"), True),
    "score quick-cricket, review": (question("quick-cricket", "review"), True),
    "score backyard-baseball, extend": (question("backyard-baseball", "extend"), True),
    "score bedard-baseball, had the suit": (question("bedard-baseball", "had_suit"), True),
    "score quick-cricket, bouncer": (cricket_bouncer, True),
    "score quick-cricket, fielder at the spell's start": (cricket_spell_start, True),
    "score backyard-baseball, bobble": (backyard_bobble, True),
    "score backyard-baseball with a deck": (backyard_deck, True),
    "score backyard-baseball with a deck, extend": (backyard_deck_extend, True),
    "score quick-baseball, game over": (game_over("quick-baseball"), True),
    "game page": (game_page, False),
    "not a scorer": (not_a_scorer, True),
    "corrections": (corrections, True),
    "correct a play": (correct_play, True),
    "leagues": (league_page("/leagues/"), False),
    "league": (league_page("/leagues/{league}/"), False),
    "season": (league_page("/leagues/{league}/{season}/"), False),
    "team": (league_page("/leagues/{league}/teams/owls/"), False),
    "standings": (league_page("/leagues/{league}/{season}/standings/"), False),
    "season stats": (league_page("/leagues/{league}/{season}/stats/"), False),
    "league stats": (league_page("/leagues/{league}/stats/"), False),
    "records": (league_page("/leagues/{league}/{season}/records/"), False),
    "cup bracket": (league_page("/leagues/{league}/{season}/cups/{cup}/"), False),
    "archive": (league_page("/archive/"), False),
    "manage leagues": (league_page("/leagues/manage/"), True),
    "manage a league": (league_page(MANAGE), True),
    "manage a season": (league_page(MANAGE + "seasons/{season}/"), True),
    "manage a competition": (league_page(MANAGE + "seasons/{season}/competitions/{cup}/"), True),
}


@pytest.mark.parametrize("name", PAGES)
def test_no_wcag_violations(name: str, live_server, django_user_model, page: Page) -> None:
    visit, logged_in = PAGES[name]
    site = Site(django_user_model, live_server.url)
    if logged_in:
        log_in(page, live_server.url, "reader", PASSWORD)
    visit(page, site)
    assert page.locator("main, body").first.is_visible()
    found = violations(page)
    if found:
        print(f"{name}: {page.url}\n{report(found)}")
    assert not found, f"{name}: {page.url}\n{report(found)}"


def test_quick_baseball_cards_have_names_and_answers_are_announced(
    live_server, django_user_model, page: Page
) -> None:
    """Each card says what it does (its name built from the card catalogue), and a tap's answer
    (the result and the score) lands in a polite live region that stays on the page while the
    board is swapped."""
    site = Site(django_user_model, live_server.url)
    log_in(page, live_server.url, "reader", PASSWORD)
    game = site.game("quick-baseball", plays=0)
    page.goto(f"{live_server.url}/games/{game.pk}/score/")
    catalogue = from_data(default_catalogue("quick-baseball"))
    for card in catalogue.bats:
        expect(page.locator(f'button.bat-card[data-card="{card.id}"]')).to_have_accessible_name(
            _bat_label(card)
        )
    expect(
        page.get_by_role("button", name="B3: batters 1-3 single on blue or yellow; ")
    ).to_have_count(1)
    assert _bat_label(catalogue.bat("B3")) == (
        "B3: batters 1-3 single on blue or yellow; 4-6 double on blue or yellow; "
        "7-9 single on yellow"
    )
    for card in catalogue.pitches:
        expect(
            page.locator(f'label.pitch-card[data-card="{card.id}"] input')
        ).to_have_accessible_name(_pitch_label(card))
    assert _pitch_label(catalogue.pitch("C2")) == (
        "C2: Caught, yellow border, red inner border (relief pitcher)"
    )

    announcer = page.locator("#announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_have_text("")
    page.get_by_role("radio", name="SO1: Strike Out, blue border").check()
    page.get_by_role("button", name="B4: batters").click()
    expect(page.locator("#board .feedback .said")).to_have_text("Batter 1 singles on Strike Out.")
    expect(announcer).to_have_text("Batter 1 singles on Strike Out. Giants v Mets: 0–0.")
    expect(announcer).to_have_attribute("aria-live", "polite")
    page.locator("button.undo").click()
    expect(announcer).to_have_text("Play 1 undone. Giants v Mets: 0–0.")
