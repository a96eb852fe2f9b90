"""Undo of a final game's last play: only within the grace period, and always on the record;
after it, the game is reopened on purpose through the corrections path."""

from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.utils import timezone

from games.leagues import services as league_services
from games.leagues.cups import services as cups
from games.leagues.standings import season_standings
from games.models import Fixture, Game, GameReopening, GameStats, Play, PlayCorrection, Tie
from games.scoring import final_games, services
from tests.cups.helpers import make_league as make_cup_league
from tests.leagues.conftest import play_out

pytestmark = pytest.mark.django_db

# A one-inning Quick Baseball friendly that side A wins 1-0 on the last play.
FRIENDLY = [
    {"pitch": "C2", "bat": "B5"},
    {"pitch": "RUN", "bat": "B1"},
    {"pitch": "FLY", "bat": "B3"},
    {"pitch": "SO1", "call": "leave"},
    {"pitch": "SO2", "call": "leave"},
    {"pitch": "C1", "bat": "B2"},
    {"pitch": "SO1", "call": "leave"},
    {"pitch": "SO2", "call": "leave"},
    {"pitch": "RUN", "call": "leave"},
]


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def age_final_play(game: Game, by: timedelta = timedelta(seconds=1)) -> None:
    """Make the game's last play older than the grace period (by ``by``)."""
    last = game.plays.order_by("-seq").first()
    when = timezone.now() - final_games.UNDO_GRACE - by
    Play.objects.filter(pk=last.pk).update(created_at=when)


def undo(client: Client, game: Game, htmx: bool = True):
    last = game.plays.order_by("-seq").first()
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        f"/games/{game.pk}/undo/", {"expected": last.seq, "after": last.pk}, headers=headers
    )


def delete_last(client: Client, game: Game, reason: str):
    """Delete the last play through the corrections path (its form, with a reason)."""
    plays = list(game.plays.order_by("seq"))
    data = {
        "expected": len(plays),
        "after": plays[-1].pk,
        "revision": game.corrections.count(),
        "reason": reason,
    }
    return client.post(f"/games/{game.pk}/plays/{len(plays)}/delete/", data)


def snapshot(game: Game) -> tuple:
    """What a refused undo must leave as it was: the log, the summary, the stats rows."""
    game = Game.objects.get(pk=game.pk)
    log = list(game.plays.order_by("seq").values_list("pk", "payload"))
    stats = list(GameStats.objects.filter(game=game).order_by("side").values_list())
    return log, game.summary, game.finished_at, stats


def table(season) -> tuple:
    standings = season_standings(season=season)
    rows = [(row.team.name, [cell.value for cell in row.cells]) for row in standings.rows]
    return standings.games_counted, rows


@pytest.fixture
def league_game(baseball_league, organiser, scorer):
    """A final league game started by the organiser; ``scorer`` was only added as a scorer."""
    _, season, teams = baseball_league
    fixture = Fixture.objects.create(season=season, away=teams[0], home=teams[1])
    game = league_services.fixture_start_as_organiser(fixture=fixture, user=organiser)
    game.scorers.add(scorer)
    play_out(game, scorer, seed=3)
    game.refresh_from_db()
    assert game.is_final
    return game


@pytest.mark.parametrize("htmx", [True, False])
def test_a_scorers_undo_of_a_final_league_game_after_the_grace_is_refused(
    league_game, scorer, baseball_league, htmx
):
    _, season, _ = baseball_league
    age_final_play(league_game)
    before, standings = snapshot(league_game), table(season)
    assert standings[0] == 1

    response = undo(as_user(scorer), league_game, htmx=htmx)

    assert response.status_code == 422
    page = unescape(response.content.decode())
    assert "Undo takes back its final play only within 2 minutes" in page
    assert "Only the league's organisers can reopen it for correction" in page
    assert "audit trail" in page
    assert ("<html" in page) is not htmx  # the scoring screen, or its board for htmx
    assert snapshot(league_game) == before
    assert table(season) == standings
    assert not PlayCorrection.objects.filter(game=league_game).exists()


def test_the_refusal_holds_for_the_services_and_every_scorer(league_game, scorer, organiser):
    age_final_play(league_game)
    before = snapshot(league_game)
    for user in (scorer, organiser):  # the organiser started it: a scorer too
        with pytest.raises(final_games.UndoRefused, match="reopen it for correction"):
            services.play_undo(game=league_game, expected_seq=league_game.plays.count(), user=user)
    assert snapshot(league_game) == before


def test_a_scorers_undo_of_a_final_cup_game_after_the_grace_is_refused(
    organiser, scorer, django_user_model
):
    _, season, teams = make_cup_league(count=3, organiser=organiser, options={"innings": 1})
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    semi = Tie.objects.get(competition=cup, round=1, slot=1)
    game = cups.tie_start(fixture=semi.fixtures.get(), user=organiser)
    game.scorers.add(scorer)
    play_out(game, scorer, seed=3)
    game.refresh_from_db()
    semi.refresh_from_db()
    final = Tie.objects.get(competition=cup, round=2, slot=0)
    assert semi.winner_id is not None and final.second_id == semi.winner_id
    age_final_play(game)
    before = snapshot(game)

    response = undo(as_user(scorer), game)

    assert response.status_code == 422
    assert "Only the league's organisers can reopen it" in unescape(response.content.decode())
    assert snapshot(game) == before
    semi_after = Tie.objects.get(pk=semi.pk)
    final.refresh_from_db()
    assert semi_after.winner_id == semi.winner_id  # the winner stays advanced
    assert final.second_id == semi.winner_id


def test_an_undo_within_the_grace_is_taken_and_kept_in_the_audit_trail(
    league_game, scorer, baseball_league
):
    _, season, _ = baseball_league
    last = league_game.plays.order_by("-seq").first()
    # Just inside the grace period.
    Play.objects.filter(pk=last.pk).update(
        created_at=timezone.now() - final_games.UNDO_GRACE + timedelta(seconds=20)
    )
    assert table(season)[0] == 1

    response = undo(as_user(scorer), league_game)

    assert response.status_code == 200
    assert f"Play {last.seq} undone." in response.content.decode()
    league_game.refresh_from_db()
    assert not league_game.is_final and league_game.plays.count() == last.seq - 1
    row = PlayCorrection.objects.get(game=league_game)
    assert (row.seq, row.before, row.after, row.user) == (last.seq, last.payload, None, scorer)
    assert row.reason == final_games.GRACE_REASON
    assert "grace period" in row.reason
    assert row.created_at is not None
    # The standings and stats follow.
    assert table(season)[0] == 0
    assert not GameStats.objects.filter(game=league_game).exists()
    assert league_game.finished_at is None
    listing = Client().get(f"/games/{league_game.pk}/corrections/").content.decode()
    assert f"Play {last.seq} deleted" in listing and "by scorer" in listing
    assert "Undone within the grace period" in listing


def test_the_grace_is_counted_from_the_final_play(league_game, scorer, monkeypatch):
    """The clock moved on (``timezone.now``), the play stayed where it was: refused."""
    later = timezone.now() + final_games.UNDO_GRACE + timedelta(seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    before = snapshot(league_game)
    assert undo(as_user(scorer), league_game).status_code == 422
    assert snapshot(league_game) == before


def test_a_final_friendly_is_reopened_by_its_creator_not_undone_by_a_scorer(
    django_user_model, scorer
):
    creator = django_user_model.objects.create_user("alice", password="pw-alice-1")
    game = services.game_create(
        kind="quick-baseball",
        options={"innings": 1, "catalogue": "first-reconstruction"},  # SO2 strikes out on leave
        sides=["A", "B"],
        user=creator,
    )
    game.scorers.add(scorer)
    for seq, raw in enumerate(FRIENDLY, start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=scorer)
    game.refresh_from_db()
    assert game.is_final and game.season_id is None
    age_final_play(game)
    before = snapshot(game)

    refused = undo(as_user(scorer), game)
    assert refused.status_code == 422
    assert "Only its creator, alice, can reopen it for correction" in unescape(
        refused.content.decode()
    )
    told = undo(as_user(creator), game)
    assert told.status_code == 422
    assert "You can, as its creator, reopen it for correction" in told.content.decode()
    assert snapshot(game) == before
    # A scorer may not reopen it; its creator may, and then delete the play with a reason.
    assert as_user(scorer).post(f"/games/{game.pk}/reopen/").status_code == 403
    alice = as_user(creator)
    assert "Reopen for correction" in alice.get(f"/games/{game.pk}/").content.decode()
    assert alice.post(f"/games/{game.pk}/reopen/").status_code == 302
    assert GameReopening.objects.get(game=game).opened_by == creator
    assert delete_last(alice, game, "the last out was a walk").status_code == 302
    game.refresh_from_db()
    assert not game.is_final and game.plays.count() == len(FRIENDLY) - 1
    change = PlayCorrection.objects.get(game=game)
    assert (change.user, change.reason) == (creator, "the last out was a walk")


def test_an_organisers_reopening_is_the_way_and_is_on_the_record(
    league_game, scorer, organiser, baseball_league
):
    _, season, _ = baseball_league
    age_final_play(league_game)
    assert undo(as_user(scorer), league_game).status_code == 422
    boss = as_user(organiser)
    assert boss.post(f"/games/{league_game.pk}/reopen/").status_code == 302
    # Reopened, the play is corrected or deleted with a reason, never undone.
    refused = undo(as_user(scorer), league_game)
    assert refused.status_code == 422
    assert "It is open for correction" in refused.content.decode()
    assert table(season)[0] == 1

    last = league_game.plays.order_by("-seq").first()
    assert delete_last(boss, league_game, "the umpire's sheet has no last out").status_code == 302
    league_game.refresh_from_db()
    assert not league_game.is_final and league_game.plays.count() == last.seq - 1
    assert table(season)[0] == 0
    assert not GameStats.objects.filter(game=league_game).exists()
    change = PlayCorrection.objects.get(game=league_game)
    assert (change.seq, change.before, change.after) == (last.seq, last.payload, None)
    assert (change.user, change.reason) == (organiser, "the umpire's sheet has no last out")
    listing = unescape(Client().get(f"/games/{league_game.pk}/corrections/").content.decode())
    assert f"Play {last.seq} deleted" in listing and "by organiser" in listing
    assert "Reopened by organiser" in listing
