"""Which views read from the replica: exactly those whose URL pattern is marked
``replica_reads`` (games/plumbing/replica.py), and these are the public reads listed here."""

from django.urls import URLPattern, URLResolver, get_resolver

from games.plumbing.replica import reads_on_primary, reads_replica, replica_reads

PUBLIC_READS = {
    "games:list",
    "games:detail",
    "games:overlay",
    "games:plays-older",
    "games:record",
    "games:standings",
    "games:standings-csv",
    "games:leagues",
    "games:league",
    "games:season",
    "games:team",
    "games:archive",
    "games:league-stats",
    "games:season-stats",
    "games:season-stats-csv",
    "games:records",
    "games:cricsheet",
    "games:gamelog",
    "games:boxscore",
    "games:season-data-pack",
    # The open-data API's reads (not win probability, which may store a game's swing).
    "api:league_list",
    "api:league_detail",
    "api:season_list",
    "api:season_detail",
    "api:team_list",
    "api:team_detail",
    "api:fixture_list",
    "api:season_standings",
    "api:season_stats",
    "api:league_stats",
    "api:competition_detail",
    "api:game_list",
    "api:game_detail",
    "api:game_record_detail",
    "api:play_list",
}


def _views(patterns, namespace: str = "") -> dict[str, object]:
    found: dict[str, object] = {}
    for entry in patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            found |= _views(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            found.setdefault(f"{namespace}{entry.name}", entry.callback)
    return found


def test_exactly_the_public_reads_are_marked() -> None:
    views = _views(get_resolver().url_patterns)
    assert len(PUBLIC_READS) == 35
    assert PUBLIC_READS <= set(views)
    assert {name for name, view in views.items() if reads_replica(view)} == PUBLIC_READS


def test_the_mark_wraps_without_changing_the_view() -> None:
    def page(request, pk):
        return f"page {pk}"

    page.csrf_exempt = True
    marked = replica_reads(page)
    assert reads_replica(marked) and not reads_replica(page)
    assert marked("request", pk=3) == "page 3"
    assert marked.__name__ == "page" and marked.csrf_exempt is True


def test_reads_on_primary_switches_the_marks_off(monkeypatch, rf) -> None:
    from django.conf import settings
    from django.http import HttpResponse
    from django.urls import resolve

    from games.plumbing.replica import PublicReadsMiddleware, reading_public_page

    monkeypatch.setitem(settings.DATABASES, "replica", {})
    seen = []

    def view(request):
        seen.append(reading_public_page())
        return HttpResponse("ok")

    def respond(request):
        middleware.process_view(request, view, (), {})
        return view(request)

    middleware = PublicReadsMiddleware(respond)
    for switched_off in (False, True, False):
        request = rf.get("/games/1/")
        request.resolver_match = resolve("/games/1/")
        if switched_off:
            with reads_on_primary():
                middleware(request)
        else:
            middleware(request)
    assert seen == [True, False, True]
