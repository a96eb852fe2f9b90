"""Correcting and deleting earlier plays: replay checks, audit rows, position rules."""

import pytest
from django.core.exceptions import PermissionDenied

from games.models import PlayCorrection
from games.scoring import corrections, services

from .conftest import PLAYS, log, position

pytestmark = pytest.mark.django_db


def test_a_correction_that_keeps_the_log_legal_replaces_the_play(game, scorer):
    before = game.summary
    row = corrections.play_correct(
        game=game,
        seq=1,
        after={"pitch": "C1", "call": "leave"},
        reason="The batter left it",
        user=scorer,
        **position(game),
    )
    game.refresh_from_db()
    assert log(game) == [{"pitch": "C1", "call": "leave"}, *PLAYS[1:]]
    assert (row.seq, row.before, row.after, row.reason) == (
        1,
        PLAYS[0],
        {"pitch": "C1", "call": "leave"},
        "The batter left it",
    )
    assert row.user == scorer and row.created_at is not None
    assert row.play == game.plays.get(seq=1)
    # The cached summary is rebuilt from the corrected log: the single is gone.
    assert game.summary != before
    assert game.summary == services.refresh_summary(game)


def test_a_correction_that_breaks_a_later_play_is_refused_naming_it(game, scorer):
    with pytest.raises(corrections.CorrectionRefused) as refused:
        corrections.play_correct(
            game=game,
            seq=1,
            after={"pitch": "C2", "call": "leave"},
            reason="wrong card",
            user=scorer,
            **position(game),
        )
    assert "Play 2 would no longer be legal: card C2 is not in the pitcher's hand" in str(
        refused.value
    )
    assert log(game) == PLAYS
    assert not PlayCorrection.objects.exists()


def test_an_illegal_corrected_play_is_refused_as_itself(game, scorer):
    with pytest.raises(corrections.CorrectionRefused, match="corrected play 3 is not legal"):
        corrections.play_correct(
            game=game, seq=3, after={"pitch": "ZZ9"}, reason="typo", user=scorer, **position(game)
        )
    assert log(game) == PLAYS


def test_deleting_a_play_renumbers_the_log_and_keeps_the_play(game, scorer):
    ids = list(game.plays.order_by("seq").values_list("id", flat=True))
    row = corrections.play_correct(
        game=game, seq=2, after=None, reason="entered twice", user=scorer, **position(game)
    )
    assert log(game) == [PLAYS[0], *PLAYS[2:]]
    assert list(game.plays.order_by("seq").values_list("seq", flat=True)) == [1, 2, 3, 4, 5]
    assert list(game.plays.order_by("seq").values_list("id", flat=True)) == [ids[0], *ids[2:]]
    assert (row.seq, row.before, row.after, row.is_deletion) == (2, PLAYS[1], None, True)
    game.refresh_from_db()
    assert game.summary == services.refresh_summary(game)


@pytest.mark.parametrize(
    "change",
    [
        {"expected": 5},
        {"after_play": 1},
        {"revision": 3},
    ],
)
def test_a_correction_from_an_out_of_date_form_conflicts(game, scorer, change):
    with pytest.raises(services.PositionConflict, match="changed since this form was drawn"):
        corrections.play_correct(
            game=game,
            seq=1,
            after={"pitch": "C1", "call": "leave"},
            reason="r",
            user=scorer,
            **{**position(game), **change},
        )
    assert log(game) == PLAYS


def test_a_second_correction_from_the_same_form_conflicts(game, scorer):
    seen = position(game)
    corrections.play_correct(
        game=game, seq=1, after={"pitch": "C1", "bat": "B2"}, reason="a", user=scorer, **seen
    )
    with pytest.raises(corrections.CorrectionConflict):
        corrections.play_correct(
            game=game, seq=1, after={"pitch": "C1", "bat": "B3"}, reason="b", user=scorer, **seen
        )
    assert log(game)[0] == {"pitch": "C1", "bat": "B2"}


@pytest.mark.parametrize(
    ("seq", "after", "reason", "message"),
    [
        (1, {"pitch": "C1", "call": "leave"}, "   ", "Give a reason"),
        (1, {"pitch": "C1", "call": "leave"}, "x" * 201, "200 characters"),
        (9, {"pitch": "C1", "call": "leave"}, "r", "no play 9"),
        (1, PLAYS[0], "r", "the same as the play"),
        (1, ["pitch", "C1"], "r", "JSON object"),
    ],
)
def test_bad_corrections_are_refused_and_change_nothing(game, scorer, seq, after, reason, message):
    with pytest.raises(corrections.CorrectionRefused, match=message):
        corrections.play_correct(
            game=game, seq=seq, after=after, reason=reason, user=scorer, **position(game)
        )
    assert log(game) == PLAYS
    assert not PlayCorrection.objects.exists()


def test_only_scorers_correct_a_game_in_progress(game, stranger, django_user_model):
    staff = django_user_model.objects.create_user("staff", password="pw-staff-1", is_staff=True)
    for user in (stranger, staff):
        with pytest.raises(PermissionDenied):
            corrections.play_correct(
                game=game, seq=1, after=None, reason="r", user=user, **position(game)
            )
    assert log(game) == PLAYS
