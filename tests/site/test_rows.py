"""``scorekeeper.rows``: one row by key, and plain inserts, updates and upserts, give exactly
what the ORM gives (converters, dates Django fills in, JSON)."""

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.utils import timezone

from games import services
from games.models import CardCatalogue, Game, Play
from scorekeeper import rows

pytestmark = pytest.mark.django_db


def fields_of(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in instance._meta.fields}


@pytest.fixture
def game(django_user_model):
    owner = django_user_model.objects.create_user("owner", password="pw-owner-1")
    return services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["A", "B"], user=owner
    )


def test_get_by_key_is_the_orms_instance(game):
    found = rows.get_by_key(Game, game.pk)
    assert fields_of(found) == fields_of(Game.objects.get(pk=game.pk))
    assert isinstance(found.created_at, dt.datetime) and found.created_at.tzinfo is not None
    assert isinstance(found.summary, dict) and found.sides == ["A", "B"]
    assert found._state.adding is False and found._state.db == "default"
    assert rows.get_by_key(Game, game.pk + 1000) is None


def test_get_by_key_with_conditions():
    session = Session.objects.create(
        session_key="k" * 32, session_data="x", expire_date=timezone.now() + dt.timedelta(hours=1)
    )
    now = timezone.now()
    assert rows.get_by_key(Session, session.pk, expire_date__gt=now) == session
    assert rows.get_by_key(Session, session.pk, expire_date__lte=now) is None
    later = now + dt.timedelta(hours=2)
    assert rows.get_by_key(Session, session.pk, expire_date__gt=later) is None


def test_insert_update_and_upsert_match_what_the_orm_would_store(game):
    before = timezone.now()
    pk = rows.insert(Play, game_id=game.pk, seq=1, payload={"pitch": "A", "n": [1, 2]})
    play = Play.objects.get(pk=pk)
    assert (play.game_id, play.seq, play.payload, play.created_by_id) == (
        game.pk,
        1,
        {"pitch": "A", "n": [1, 2]},
        None,
    )
    assert play.created_at >= before  # auto_now_add filled in

    old_updated = Game.objects.get(pk=game.pk).updated_at
    assert rows.update(Game, game.pk, summary={"status": "x"}, log_revision="r1") == 1
    game.refresh_from_db()
    assert game.summary == {"status": "x"} and game.log_revision == "r1"
    assert game.updated_at >= old_updated  # auto_now filled in
    assert rows.update(Game, game.pk + 1000, log_revision="r2") == 0

    CardCatalogue.objects.all().delete()
    rows.upsert(CardCatalogue, "kind", kind="quick-baseball", data={"one": 1})
    rows.upsert(CardCatalogue, "kind", kind="quick-baseball", data={"two": 2})
    assert list(CardCatalogue.objects.values_list("kind", "data")) == [
        ("quick-baseball", {"two": 2})
    ]


def test_an_unknown_field_is_refused(game):
    with pytest.raises(ValueError, match="no field colour"):
        rows.update(Game, game.pk, colour="red")
    assert User.objects.count() == 1
