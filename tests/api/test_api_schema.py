"""The API against its own schema: read ``/api/v1/openapi.json``, call every operation it lists
on the demo data (with real ids and slugs, with each list's filters, with a missing object and
with a bad parameter) and check every answer against the schema with schemathesis (status
code, content type, headers and body all as documented)."""

from __future__ import annotations

import traceback

import pytest
import schemathesis
from django.core.management import call_command
from django.core.wsgi import get_wsgi_application
from schemathesis.core.failures import FailureGroup

from games.models import Competition, Game

pytestmark = pytest.mark.django_db

# Each list operation called once more with its filters (query values by parameter name).
FILTERS = {
    "/api/v1/games": {"status": "final", "game": "quick-cricket", "page_size": 2},
    "/api/v1/leagues/{league}/seasons/{season}/fixtures": {"status": "final", "page_size": 3},
}


def _values() -> dict[str, str | int]:
    """Path values that name real objects of the demo: a cup, its season and league, one of
    the league's teams, and a final game of the season with a win-probability table."""
    cup = Competition.objects.select_related("season__league").order_by("id").first()
    season, league = cup.season, cup.season.league
    game = (
        Game.objects.filter(season=season, finished_at__isnull=False, voided_at__isnull=True)
        .order_by("id")
        .first()
    )
    return {
        "league": league.slug,
        "season": season.slug,
        "team": league.teams.order_by("name").first().slug,
        "competition": cup.slug,
        "pk": game.pk,
    }


def _path_values(operation, values: dict) -> dict:
    return {p.name: values[p.name] for p in operation.iter_parameters() if p.location == "path"}


def test_every_operation_in_the_schema_answers_as_the_schema_says(client, settings):
    settings.API_RATE = "100000/m"
    settings.ALLOWED_HOSTS = ["*"]
    call_command("load_demo", win_games=20)
    document = client.get("/api/v1/openapi.json").json()
    assert document["openapi"].startswith("3.")
    schema = schemathesis.openapi.from_dict(document)
    app = get_wsgi_application()
    values = _values()
    operations = [result.ok() for result in schema.get_all_operations()]
    called: set[str] = set()
    for operation in operations:
        assert operation.method == "get", operation.label
        path = _path_values(operation, values)
        queries = [{}]
        if operation.path in FILTERS:
            queries.append(FILTERS[operation.path])
        for query in queries:
            case = operation.Case(path_parameters=path, query=query)
            response = case.call(app=app)
            assert response.status_code == 200, (operation.label, query, response.text[:300])
            case.validate_response(response)
            assert response.headers.get("etag"), operation.label
        called.add(operation.path)
        if path:
            # Something that does not exist: a documented JSON 404.
            missing = {name: 999999 if name == "pk" else "no-such-thing" for name in path}
            case = operation.Case(path_parameters=missing)
            response = case.call(app=app)
            assert response.status_code == 404, operation.label
            case.validate_response(response)
            assert response.json()["detail"]
        if any(p.name == "page" for p in operation.iter_parameters()):
            # A bad parameter: a documented JSON 400 that names it.
            case = operation.Case(path_parameters=path, query={"page": 0})
            response = case.call(app=app)
            assert response.status_code == 400, operation.label
            case.validate_response(response)
            assert response.json()["errors"][0]["parameter"] == "page"
    documented = {op.path for op in operations}
    assert called == documented
    # Everything the API offers is there: leagues, seasons, teams, fixtures, games (summary,
    # record, plays), standings, stats, competitions and win probability.
    for wanted in (
        "/api/v1/leagues",
        "/api/v1/leagues/{league}/seasons",
        "/api/v1/leagues/{league}/teams",
        "/api/v1/leagues/{league}/seasons/{season}/fixtures",
        "/api/v1/leagues/{league}/seasons/{season}/standings",
        "/api/v1/leagues/{league}/seasons/{season}/stats",
        "/api/v1/leagues/{league}/seasons/{season}/competitions/{competition}",
        "/api/v1/games",
        "/api/v1/games/{pk}",
        "/api/v1/games/{pk}/record",
        "/api/v1/games/{pk}/plays",
        "/api/v1/games/{pk}/win-probability",
    ):
        assert wanted in documented, wanted


def test_the_check_has_teeth_an_answer_unlike_its_schema_fails(client, settings):
    """The same validation refuses an answer once the schema says otherwise (here: a game's
    id documented as a string), so the test above cannot pass by checking nothing."""
    settings.ALLOWED_HOSTS = ["*"]
    call_command("load_demo", win_games=0)
    document = client.get("/api/v1/openapi.json").json()
    document["components"]["schemas"]["GameDetail"]["properties"]["id"] = {"type": "string"}
    schema = schemathesis.openapi.from_dict(document)
    operation = schema["/api/v1/games/{pk}"]["GET"]
    case = operation.Case(path_parameters={"pk": Game.objects.order_by("id").first().pk})
    response = case.call(app=get_wsgi_application())
    assert response.status_code == 200
    with pytest.raises(FailureGroup) as raised:
        case.validate_response(response)
    told = "".join(traceback.format_exception(raised.value))
    assert "Response violates schema" in told
    assert "/GameDetail/properties/id" in told
