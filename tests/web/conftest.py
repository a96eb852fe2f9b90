import pytest

from games.scoring import services


@pytest.fixture
def scorer(django_user_model):
    return django_user_model.objects.create_user("scorer", password="pw-scorer-1")


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("stranger", password="pw-stranger-1")


@pytest.fixture
def game(scorer):
    # The first reconstruction of the cards, which the scripted plays of these tests were
    # written for (its SO2 has a blue border: a leave against it strikes out).
    return services.game_create(
        kind="quick-baseball",
        options={"innings": 3, "catalogue": "first-reconstruction"},
        sides=["Giants", "Yankees"],
        user=scorer,
    )


@pytest.fixture
def scorer_client(client, scorer):
    client.force_login(scorer)
    return client


def post_play(client, game, expected, htmx=True, **fields):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        f"/games/{game.pk}/plays/", {"expected": expected, **fields}, headers=headers
    )
