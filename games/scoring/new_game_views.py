"""The new-game form: the game, its sides and options, and, for a game with cards, the cards
it is played with (the form shared with a league's Cards page, games/kinds/catalogue_forms.py).
One view serves the page, the htmx partial of another game's form, and the cards section's
"Load" and "Check and preview"."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from games.engines import EngineError, all_engines
from games.kinds.catalogue_forms import CatalogueForm, has_catalogue
from games.scoring import services
from games.scoring.forms import NewGameForm

# The cards section's own buttons (games/_cards_form.html): they check, never start a game.
CARDS_CHECK = frozenset({"cards-check", "cards-load"})


@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    kind = request.POST.get("kind") or request.GET.get("kind") or all_engines()[0].id
    if kind not in {engine.id for engine in all_engines()}:
        kind = all_engines()[0].id
    posted = request.method == "POST"
    form = NewGameForm(request.POST if posted else None, kind=kind)
    cards = (
        CatalogueForm(kind, request.POST if posted else None, request.FILES if posted else None)
        if has_catalogue(kind)
        else None
    )
    checking = posted and cards is not None and bool(CARDS_CHECK.intersection(request.POST))
    context = {
        "form": form,
        "engines": all_engines(),
        "kind": kind,
        "cards_form": cards,
        "cards_url": reverse("games:new"),
        "cards_saving": posted and not checking,
        "cards_title": "This game's cards",
    }
    if checking:  # "Load" or "Check and preview": the cards section alone, nothing saved
        cards.is_valid()
        template = "games/_cards_form.html" if request.htmx else "games/new.html"
        return render(request, template, context)
    cards_valid = cards.is_valid() if posted and cards is not None else True
    if posted and form.is_valid() and cards_valid:
        options = form.game_options()
        if cards is not None and cards.catalogue is not None:
            options["catalogue"] = cards.catalogue
        try:
            game = services.game_create(
                kind=kind, options=options, sides=form.sides(), user=request.user
            )
        except EngineError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("games:score", pk=game.pk)
    template = "games/new.html#new-game" if request.htmx else "games/new.html"
    return render(request, template, context)
