"""A knockout cup run by an organiser in a real browser: the New cup form on the
season's management page draws six teams at random (two byes), every tie's game is started
from the competition's page and played to its end on the scoring screen by tapping cards, the
public bracket fills round by round and names the champion. The bracket reads on a phone
(no sideways scroll) and on a tablet, and prints on one page."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.leagues.cups import services as cups
from games.models import Competition, Fixture, League, Season, Team, Tie

from .helpers import assert_not_reloaded, log_in, mark_page

pytestmark = pytest.mark.browser

PASSWORD = "knock-them-out-17"
ARTIFACTS = Path("test-artifacts") / "cups"
TEAMS = ["Owls", "Herons", "Foxes", "Badgers", "Otters", "Kestrels"]
SEED = 7

# Quick Baseball deals nothing (both hands are public and start full), so from the first pitch
# a fixed sequence of taps always plays the same one-inning game: (pitch, batting card, call).
# Found by a search over the engine's legal plays: the shortest games each side wins.
HOME_WINS = [  # 0-1: the home side's runner steals second and scores on a double
    ("C1", "B2", None),
    ("C2", "B4", None),
    ("RUN", None, "leave"),
    ("C1", "B1", None),
    ("C2", None, "steal"),
    ("FLY", "B5", None),
]
AWAY_WINS = [  # 1-0, the home side out in order in the bottom of the 1st
    ("C1", "B2", None),
    ("C2", "B4", None),
    ("FLY", "B5", None),
    ("RUN", "B1", None),
    ("SO1", None, "leave"),
    ("C2", "B2", None),
    ("SO2", None, "leave"),
    ("RUN", None, "leave"),
]


def tap_through(page: Page, taps: list[tuple[str, str | None, str | None]]) -> None:
    """Play a whole game on the scoring screen: a pitch card, then a batting card or a call,
    each play swapped in by htmx; the last one ends the game."""
    mark_page(page)
    for done, (pitch, bat, call) in enumerate(taps, start=1):
        page.locator(f'label.pitch-card[data-card="{pitch}"]').click()
        if bat:
            page.locator(f'button.bat-card[data-card="{bat}"]').click()
        else:
            page.locator(f'button.call[value="{call}"]').click()
        expect(page.locator("ol.play-list > li")).to_have_count(done)
    expect(page.locator("#board .final-note")).to_contain_text("The game is over")
    expect(page.locator("#play-form")).to_have_count(0)
    assert_not_reloaded(page)


DUPLICATE_IDS = """() => {
  const ids = [...document.querySelectorAll('[id]')].map(element => element.id);
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}"""


def page_count(pdf: bytes) -> int:
    """Pages of a PDF: its /Type /Page objects (not the /Type /Pages tree nodes)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_an_organiser_runs_a_six_team_cup_in_the_browser(
    live_server, django_user_model, page: Page
) -> None:
    organiser = django_user_model.objects.create_user("organiser", password=PASSWORD)
    league = League.objects.create(
        name="Tuesday Club",
        slug="tuesday",
        kind="quick-baseball",
        # The scripted plays were written for the first reconstruction of the cards.
        options={"innings": 1, "catalogue": "first-reconstruction"},
    )
    league.organisers.add(organiser)
    season = Season.objects.create(league=league, name="2026", slug="2026")
    for name in TEAMS:
        Team.objects.create(league=league, name=name, slug=name.lower())
    base = live_server.url
    log_in(page, base, "organiser", PASSWORD)

    # The New cup form on the season's management page: six entrants, drawn at random.
    page.goto(f"{base}/leagues/tuesday/manage/seasons/2026/")
    # Three forms on the page ask for a name, entrants and a draw: each label finds its own.
    assert page.evaluate(DUPLICATE_IDS) == []
    form = page.locator("section[aria-labelledby=new-cup] form")
    form.get_by_label("Name").fill("Autumn Cup")
    form.get_by_label("Entrants, top seed first").fill("\n".join(TEAMS))
    form.get_by_label("Random", exact=True).check()
    form.get_by_label("Random seed").fill(str(SEED))
    form.get_by_role("button", name="Draw the cup").click()
    page.wait_for_url(f"{base}/leagues/tuesday/manage/seasons/2026/competitions/*/")
    expect(page.locator(".messages")).to_contain_text(
        f"Autumn Cup created: the bracket is drawn. Drawn at random with seed {SEED}."
    )
    manage_url = page.url
    assert page.evaluate(DUPLICATE_IDS) == []
    cup = Competition.objects.get(season=season, name="Autumn Cup")
    assert (cup.draw, cup.draw_seed) == (Competition.RANDOM, SEED)
    bracket_url = f"{base}{cup.get_absolute_url()}"

    # Eight places for six teams: two go through to the semi-finals with a bye.
    page.goto(bracket_url)
    expect(page.locator("h1")).to_contain_text("Autumn Cup")
    expect(page.locator(".draw-text")).to_contain_text(f"Drawn at random, seed {SEED}")
    expect(page.locator(".bracket-round h3")).to_have_text(
        ["Quarter-finals", "Semi-finals", "Final"]
    )
    expect(page.locator(".tie-side .tie-team.muted")).to_have_text(["Bye", "Bye"])
    expect(page.locator(".tie-note", has_text="through with a bye")).to_have_count(2)
    byes = Tie.objects.filter(competition=cup, bye=True).select_related("first__team")
    for tie in byes:
        expect(page.locator(f"#tie-{tie.pk} .tie-team").first).to_have_text(tie.first.team.name)
    expect(page.locator(".champion")).to_have_count(0)
    assert page.evaluate(DUPLICATE_IDS) == []

    # Every tie in order: Start on the competition's page, tap the game to its end on the
    # scoring screen, back to the competition's page, and the winner is in the next round.
    winner = ""
    # Two quarter-finals to play, then each semi-final as its quarter-final ends, the final.
    for played, startable in enumerate([2, 2, 2, 1, 1]):
        page.goto(manage_url)
        tie_item = page.locator("li.manage-tie").filter(
            has=page.get_by_role("button", name="Start the game")
        )
        expect(tie_item).to_have_count(startable)
        tie_item = tie_item.first
        tie = Tie.objects.get(pk=int(tie_item.get_attribute("id").removeprefix("tie-")))
        fixture = Fixture.objects.get(tie=tie)
        away, home = fixture.away.name, fixture.home.name
        tie_item.get_by_role("button", name="Start the game").click()
        page.wait_for_url(re.compile(r"/games/\d+/score/$"))
        expect(page.locator("h1")).to_contain_text(f"{away} v {home}")

        home_wins = played % 2 == 0
        tap_through(page, HOME_WINS if home_wins else AWAY_WINS)
        winner, loser = (home, away) if home_wins else (away, home)
        expect(page.locator("#board .final-note")).to_contain_text(winner)

        page.goto(manage_url)
        expect(page.locator(f"#tie-{tie.pk}")).to_contain_text(f"{winner} through.")
        page.goto(bracket_url)
        decided = page.locator(f"#tie-{tie.pk}")
        expect(decided).to_have_class(re.compile(r"\btie-decided\b"))
        expect(decided.locator(".tie-side.won .tie-team")).to_have_text(winner)
        expect(decided.locator(".tie-side.lost .tie-team")).to_have_text(loser)
        if tie.round < 3:
            after = Tie.objects.get(competition=cup, round=tie.round + 1, slot=tie.slot // 2)
            expect(page.locator(f"#tie-{after.pk} .tie-team", has_text=winner)).to_have_count(1)

    final = Tie.objects.get(competition=cup, round=3)
    assert final.winner.team.name == winner
    page.goto(bracket_url)
    expect(page.locator(".champion")).to_have_text(f"Champion: {winner}")
    expect(page.locator(".tie-game-score")).to_have_count(5)
    expect(page.locator(".tbd")).to_have_count(0)

    # The finished bracket on a phone (rounds stacked, nothing sideways) and on a tablet.
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(bracket_url)
    expect(page.locator(".champion")).to_be_visible()
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    ), "the bracket scrolls sideways on a phone"
    page.screenshot(path=str(ARTIFACTS / "bracket-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 1024})
    page.goto(bracket_url)
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    page.screenshot(path=str(ARTIFACTS / "bracket-tablet.png"), full_page=True)

    # Printed: the whole bracket on one sheet of A4 and of Letter.
    page.emulate_media(media="print")
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper, print_background=True)
        if paper == "A4":
            (ARTIFACTS / "bracket.pdf").write_bytes(pdf)
        assert page_count(pdf) == 1, f"the bracket prints on {page_count(pdf)} {paper} pages"
    # What the sheet looks like: the page as printed on A4 (less 10 mm margins, at 96 px an inch).
    page.set_viewport_size({"width": 718, "height": 1047})
    expect(page.locator(".site-header")).to_be_hidden()
    page.screenshot(path=str(ARTIFACTS / "bracket-print.png"))


def test_big_brackets_fit_a_phone_a_tablet_and_one_printed_page(
    live_server, django_user_model, page: Page
) -> None:
    """Sixteen long-named teams print on one sheet; the six rounds of a 64-team cup scroll
    inside the bracket on a tablet, never the page."""
    organiser = django_user_model.objects.create_user("organiser", password=PASSWORD)
    league = League.objects.create(
        name="County League",
        slug="county",
        kind="quick-baseball",
        # The scripted plays were written for the first reconstruction of the cards.
        options={"innings": 1, "catalogue": "first-reconstruction"},
    )
    season = Season.objects.create(league=league, name="2026", slug="2026")
    league.organisers.add(organiser)
    teams = [
        Team.objects.create(league=league, name=f"Longish Team Name {n}", slug=f"team-{n}")
        for n in range(1, 65)
    ]
    sixteen = cups.cup_create(
        season=season, user=organiser, name="Sixteen", teams=teams[:16], third_place=True
    )
    all_in = cups.cup_create(season=season, user=organiser, name="Everyone", teams=teams)
    for cup, width in ((sixteen, 390), (all_in, 390), (all_in, 1366)):
        page.set_viewport_size({"width": width, "height": 1024})
        page.goto(f"{live_server.url}{cup.get_absolute_url()}")
        expect(page.locator(".bracket-round")).to_have_count(4 if cup == sixteen else 6)
        assert page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        ), f"{cup.name} scrolls sideways at {width} px"
    page.goto(f"{live_server.url}{sixteen.get_absolute_url()}")
    page.emulate_media(media="print")
    for paper in ("A4", "Letter"):
        assert page_count(page.pdf(format=paper)) == 1, paper
