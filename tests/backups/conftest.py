"""Fixtures for backup tests: a site with leagues, friendlies, games in every state and a
correction history, and a wipe that leaves only its users."""

from datetime import date

import pytest
from django.contrib.auth import get_user_model

from games.engines.record import Record, ReplayError, replay
from games.kinds.records import game_record, replay_game
from games.leagues import services as league_services
from games.models import (
    Competition,
    Entrant,
    Fixture,
    Game,
    GameStats,
    League,
    Play,
    Season,
    Team,
    Tie,
)
from games.scoring import corrections, services
from tests.leagues.conftest import make_league, play_fixture, play_out

# A staff user who corrects a friendly; the tests delete them before restoring.
VISITOR = "visiting-umpire"


@pytest.fixture
def users(django_user_model):
    organiser = django_user_model.objects.create_user("organiser", password="pw-organiser-1")
    scorer = django_user_model.objects.create_user("scorer", password="pw-scorer-1")
    return organiser, scorer


def a_correction(game, *, status: str) -> tuple[int, dict]:
    """The latest play that another legal play can replace with the game's log still legal and
    its status still ``status``: (its position, the replacement)."""
    record = game_record(game)
    states = replay(record).states
    for index in range(len(record.plays) - 1, -1, -1):
        for alt in game.engine.legal_plays(states[index]):
            plays = list(record.plays)
            if alt == plays[index]:
                continue
            plays[index] = alt
            try:
                summary = replay(
                    Record(record.game, record.options, record.sides, tuple(plays))
                ).summary()
            except ReplayError:
                continue
            if summary["status"] == status:
                return index + 1, alt
    raise AssertionError("no correction keeps the log legal")


def correct(game, user, *, seq: int, after: dict | None, reason: str) -> None:
    game.refresh_from_db()
    plays = list(game.plays.order_by("seq"))
    corrections.play_correct(
        game=game,
        seq=seq,
        after=after,
        reason=reason,
        user=user,
        expected=len(plays),
        after_play=plays[-1].pk,
        revision=game.corrections.count(),
    )


def build_site(organiser, scorer):
    """Two leagues with final, voided, unplayed and in-progress fixtures, and friendlies; some
    games corrected, reopened and closed, one still open for correction."""
    league, season, (giants, yankees, mets) = make_league(
        "quick-baseball", {"innings": 1}, teams=("Giants", "Yankees", "<b>Mets</b>")
    )
    league.organisers.add(organiser)
    league.points_win = 3
    league.save()
    season.starts_on = date(2026, 4, 1)
    season.save()
    corrected = play_fixture(season, giants, yankees, organiser, seed=1)
    voided = play_fixture(season, yankees, mets, organiser, seed=2)
    league_services.game_void(game=voided, user=organiser, reason="wrong pitcher")
    play_fixture(season, mets, giants, organiser, seed=3)
    play_fixture(season, giants, mets, organiser, seed=4)
    Fixture.objects.create(season=season, away=yankees, home=giants, scheduled_on=date(2026, 5, 2))
    live = league_services.fixture_start(
        fixture=Fixture.objects.create(season=season, away=mets, home=yankees), user=organiser
    )
    live.scorers.add(scorer)
    for _ in range(3):
        legal = live.engine.legal_plays(replay_game(live).final_state)
        services.play_record(
            game=live, raw=legal[0], expected_seq=live.plays.count() + 1, user=organiser
        )
    Season.objects.create(league=league, name="2027", slug="2027")
    # In progress: the last play replaced and then deleted (its correction keeps no play),
    # and the play before it replaced.
    seq, alt = a_correction(live, status="in_progress")
    correct(live, scorer, seq=seq, after=alt, reason="misread the <b>card</b>")
    correct(live, scorer, seq=3, after=None, reason="entered twice")
    seq, alt = a_correction(live, status="in_progress")
    correct(live, organiser, seq=seq, after=alt, reason="wrong batter")
    # Final: reopened, corrected, closed by the organiser.
    corrections.game_reopen(game=corrected, user=organiser)
    seq, alt = a_correction(corrected, status="final")
    correct(corrected, organiser, seq=seq, after=alt, reason="the umpire's sheet says so")
    corrections.game_close(game=corrected, user=organiser)

    cricket_league, cricket, (owls, kestrels) = make_league(
        "quick-cricket", {"overs": 1}, teams=("Owls", "Kestrels")
    )
    cricket_league.organisers.add(organiser)
    play_fixture(cricket, owls, kestrels, organiser, seed=5)
    reopened = play_fixture(cricket, kestrels, owls, organiser, seed=6)
    corrections.game_reopen(game=reopened, user=organiser)

    friendly = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Cubs", "Reds"], user=scorer
    )
    play_out(friendly, scorer, seed=7)
    # A friendly corrected by staff who will not exist on the site the archive goes to.
    staff = get_user_model().objects.create_user(VISITOR, password="pw-visitor-1", is_staff=True)
    corrections.game_reopen(game=friendly, user=staff)
    seq, alt = a_correction(friendly, status="final")
    correct(friendly, staff, seq=seq, after=alt, reason="ball hit the fence, not the glove")
    corrections.game_close(game=friendly, user=staff)
    services.game_create(
        kind="solitaire-baseball", options={"innings": 1}, sides=["Ann"], user=scorer
    )


def wipe():
    GameStats.objects.all().delete()
    Fixture.objects.all().delete()
    Tie.objects.all().delete()
    Entrant.objects.all().delete()
    Competition.objects.all().delete()
    Play.objects.all().delete()
    Game.objects.all().delete()
    Team.objects.all().delete()
    Season.objects.all().delete()
    League.objects.all().delete()
