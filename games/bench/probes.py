"""Two views the bench's server adds to the site, to show what bounds the cost of a tap.

- ``signed-in/``: a signed-in POST (session, user, CSRF) answered with a constant: no write
  can be cheaper than this.
- ``games/<pk>/write/``: exactly the write a tap makes (``games.scoring.views.record_tap``,
  the view's own path: the position checked, then ``taps.record``: the game, its board and the
  scorer read once, the play written), answered with no board.

They exist only on the bench's gunicorn (``games.bench.settings``), never on the site.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_POST

from games.scoring.forms import PositionForm
from games.scoring.views import record_tap
from scorekeeper import converters  # noqa: F401 (registers <id:…>, ids in range)


@login_required
@require_POST
def signed_in(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok\n", content_type="text/plain")


@require_POST
def write(request: HttpRequest, pk: int) -> HttpResponse:
    position = PositionForm(request.POST)
    if not position.is_valid():
        return HttpResponse(status=400)
    answer = record_tap(request, pk, position)
    return HttpResponse(status=getattr(answer, "status", 204))


urlpatterns = [
    path("", include("scorekeeper.urls")),
    path("bench/signed-in/", signed_in),
    path("bench/games/<id:pk>/write/", write),
]
