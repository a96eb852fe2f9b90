"""The league's Cards page: the card catalogue its fixture and cup games are started with.
One view serves the page, the htmx partial of "Load" and "Check and preview", and the save."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.kinds.catalogue_forms import CatalogueForm, has_catalogue
from games.leagues import services as leagues
from games.leagues.views.common import organiser_required
from games.models import League

SAVE = "cards-save"


@require_http_methods(["GET", "POST"])
@organiser_required
def league_cards(request: HttpRequest, league: League) -> HttpResponse:
    if not has_catalogue(league.kind):
        raise Http404("This league's game has no cards to enter.")
    posted = request.method == "POST"
    form = CatalogueForm(
        league.kind,
        request.POST if posted else None,
        request.FILES if posted else None,
        initial=league.options.get("catalogue"),
    )
    saving = posted and SAVE in request.POST
    status = 200
    if posted and form.is_valid() and saving:
        try:
            leagues.league_cards_set(league=league, user=request.user, catalogue=form.catalogue)
        except leagues.LeagueError as exc:
            form.errors.append(str(exc))
        else:
            messages.success(
                request, "Cards saved: fixture and cup games started from now on use them."
            )
            return redirect(cards_url(league))
    if form.errors and saving:
        status = 400
    context = {
        "league": league,
        "cards_form": form,
        "cards_url": cards_url(league),
        "cards_saving": saving,
        "cards_title": "The league's cards",
    }
    template = (
        "games/_cards_form.html" if request.htmx and not saving else "games/manage/cards.html"
    )
    return render(request, template, context, status=status)


def cards_url(league: League) -> str:
    return reverse("games:manage-league-cards", kwargs={"league": league.slug})
