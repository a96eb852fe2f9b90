"""``manage.py bench``: everything measured in one run, reported as JSON-ready data.

Every figure that depends on the machine is also given as a ratio to a baseline measured in
the same run: engine replay against a dict-copy loop, a long log's play against a short
log's, and each page's requests per second against a constant Django view.
"""

from __future__ import annotations

import json
import os
import platform
import secrets
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection, connections
from django.test import override_settings
from django.urls import reverse

from games.bench import data, engines, load, queries, writes
from games.bench import win_probability as win
from games.bench.database import temporary_database
from games.bench.players import generate
from games.bench.site import Client, Server, manage
from games.win import tables as win_tables

# The targets the report judges, each a floor (or for the ratio a ceiling) on one figure:
# - accept_play_ratio: a play at the 1,000th position costs at most this times one at the 10th;
# - post_play: the tap (the board drawn in answer) keeps this share of the write-only probe's
#   rate, the bound no tap can beat on this machine, measured in the same run;
# - the pages and the API: this share of the baseline (a bare Django view).
TARGETS = {
    "accept_play_ratio": 1.5,
    "post_play": 0.7,
    "game_page": 0.3,
    "standings": 0.3,
    "api_game": 0.3,
    "api_standings": 0.3,
}
# The API's per-client limit (``settings.API_RATE``, 300 a minute by default) would turn a load
# from one address into 429s at once: the bench's server raises it out of the way (a million a
# second). Its cost, one cache increment per request, is still
# measured.
API_RATE = "1000000/s"


def run(
    *,
    quick: bool,
    seconds: float,
    workers: int,
    threads: int,
    clients: int,
    processes: int,
    league_games: int,
    say: Callable[[str], None],
    win_probability: bool = True,
) -> dict[str, Any]:
    began = time.perf_counter()
    report: dict[str, Any] = {
        "quick": quick,
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "database": connection.vendor,
            "cache": settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1],
        },
    }
    say("engine replay throughput")
    report["engine_replay"] = engines.throughput(quick=quick, min_seconds=0.3 if quick else 1.0)
    with (
        tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp,
        temporary_database(Path(tmp)) as env,
        override_settings(DEBUG=False, API_RATE=API_RATE),
    ):
        password = secrets.token_urlsafe(12)
        scorer = data.user("bench-scorer", password)
        organiser = data.user("bench-organiser", password, staff=True)
        say("server time to accept a play")
        report["accept_play"] = writes.accept_play(
            owner=scorer, lengths=(10, 1000), samples=5 if quick else 30
        )
        if win_probability:
            taps = {
                kind: result["median_ms"][0] / 1000
                for kind, result in report["accept_play"].items()
            }
            report["win_probability"] = win.measure(
                quick=quick, workers=os.cpu_count() or 1, taps=taps, say=say
            )
        say(f"a league with {league_games} final games")
        big = data.league_season(games=league_games, teams=20, organiser=organiser)
        small = data.league_season(games=4, teams=4, organiser=organiser, name="Small League")
        page_game = data.plausible_game("quick-baseball", {"innings": 9}, 100, scorer, seed=3)
        short_game = data.plausible_game("quick-baseball", {"innings": 9}, 10, scorer, seed=4)
        long_game = data.plausible_game("quick-baseball", {"innings": 120}, 1000, scorer, seed=5)
        # The game pages show their win-probability chart, as a real site's do.
        win_tables.build_and_store(
            win_tables.name_for("quick-baseball", {"innings": 9}),
            games=50 if quick else 2000,
            workers=os.cpu_count() or 1,
        )
        pages = {
            "game_page": {
                "10_plays": f"/games/{short_game.pk}/",
                "1000_plays": f"/games/{long_game.pk}/",
            },
            "standings_page": {
                "4_games": _standings_path(small),
                f"{league_games}_games": _standings_path(big),
            },
            "api_game": {
                "10_plays": _api_game_path(short_game.pk),
                "1000_plays": _api_game_path(long_game.pk),
            },
            "api_standings": {
                "4_games": _api_standings_path(small),
                f"{league_games}_games": _api_standings_path(big),
            },
        }
        report["queries"] = {
            page: {
                viewer: {size: queries.count(path, user) for size, path in paths.items()}
                for viewer, user in (("visitor", None), ("signed_in", organiser))
            }
            for page, paths in pages.items()
        }
        say("load against gunicorn")
        connections.close_all()
        report["load"] = _load(
            env=env,
            tmp=Path(tmp),
            password=password,
            scorer=scorer,
            page_game=page_game.pk,
            standings=_standings_path(big),
            api_standings=_api_standings_path(big),
            options=dict(
                quick=quick, seconds=seconds, workers=workers, threads=threads, clients=clients
            ),
            processes=processes,
            say=say,
        )
    report["targets"] = _targets(report)
    if "win_probability" in report:
        figures = report["win_probability"].values()
        report["targets"]["win_probability"] = {
            "target": f"largest calibration gap <= {win.TARGET_GAP}, a lookup under "
            f"{win.TARGET_LOOKUP_SHARE:.0%} of a tap",
            "largest_gap": max(f["largest_gap"] for f in figures),
            "largest_lookup_share": max(f.get("lookup_share_of_tap", 0) for f in figures),
            "met": all(f["gap_met"] and f.get("lookup_met", True) for f in figures),
        }
    report["seconds_taken"] = round(time.perf_counter() - began, 1)
    return report


def _standings_path(season) -> str:
    return reverse("games:standings", args=[season.league.slug, season.slug])


def _api_game_path(pk: int) -> str:
    return reverse("api:game_detail", args=[pk])


def _api_standings_path(season) -> str:
    return reverse("api:season_standings", args=[season.league.slug, season.slug])


def _load(
    *,
    env: dict[str, str],
    tmp: Path,
    password: str,
    scorer,
    page_game: int,
    standings: str,
    api_standings: str,
    options: dict[str, Any],
    processes: int,
    say: Callable[[str], None],
) -> dict[str, Any]:
    quick, seconds, clients = options["quick"], options["seconds"], options["clients"]
    env = {
        **env,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_STATIC_ROOT": str(tmp / "static"),
        "SCOREKEEPER_API_RATE": API_RATE,
    }
    env.pop("DJANGO_SECURE", None)
    manage(env, "collectstatic", "--noinput", "-v", "0")
    # Each posting client scores games of its own (nine innings, one after the other), with
    # the plays ready to post: one set for the site's tap, one for the write-only probe.
    # A client sends from the moment its process starts (about a second before the window
    # opens), and the write-only probe takes about 300 plays a second per client: a game of
    # some 200 plays each ran out before a quick window opened, leaving it empty.
    per_client = 4 if quick else 12
    post_games = {
        purpose: [
            [
                (data.game_with_plays("quick-baseball", {"innings": 9}, (), scorer), generated)
                for generated in (
                    generate(
                        "quick-baseball", {"innings": 9}, limit=1000, seed=offset + 1000 * n + k
                    )
                    for k in range(per_client)
                )
            ]
            for n in range(clients)
        ]
        for purpose, offset in (("post_play", 0), ("write_only", 500))
    }
    connections.close_all()
    sizes = {"workers": options["workers"], "threads": options["threads"]}
    warmup = 0.5 if quick else 2.0
    result: dict[str, Any] = {
        "seconds": seconds,
        "warmup_seconds": warmup,
        "clients": clients,
        "client_processes": processes,
        "gunicorn": sizes,
        "api_rate": {
            "rate": API_RATE,
            "note": (
                "The bench's server runs with the API's per-client limit (SCOREKEEPER_API_RATE, "
                "300/m by default) raised to this, since every load client sends from one "
                "address; the limit's own cost (one cache increment a request) is measured."
            ),
        },
    }

    def measure(server: Server, targets: list[load.Target]) -> dict[str, Any]:
        return load.run(
            server.port,
            targets,
            processes=processes,
            warmup=warmup,
            seconds=seconds,
            server_cpu=server.cpu_seconds,
        )

    raw = Server(env=env, app="games.bench.raw_wsgi:application", ready_path="/", **sizes)
    raw.start()
    try:
        say("load: transport ceiling (WSGI app without Django)")
        result["ceiling"] = measure(raw, [load.Target("/")] * clients)
    finally:
        raw.stop()
    # The site, with the bench's two probe views added (games/bench/probes.py).
    env = {**env, "DJANGO_SETTINGS_MODULE": "games.bench.settings"}
    server = Server(env=env, log=tmp / "gunicorn.log", **sizes)
    server.start()
    try:
        say("load: baseline (constant Django view)")
        baseline = result["baseline"] = measure(server, [load.Target("/health/")] * clients)
        say("load: a signed-in POST answered with a constant (what bounds any write)")
        result["signed_in_post"] = measure(
            server, _scorers(server, password, [[]] * clients, "/bench/signed-in/")
        )
        say("load: the tap's write alone, answered with no board")
        result["write_only"] = measure(
            server,
            _scorers(server, password, post_games["write_only"], "/bench/games/{pk}/write/"),
        )
        say("load: posting plays (the tap: the write and the board in answer)")
        result["post_play"] = measure(
            server,
            _scorers(
                server,
                password,
                post_games["post_play"],
                "/games/{pk}/plays/",
                carry=("after", "revision"),
            ),
        )
        say("load: public game page")
        result["game_page"] = measure(server, [load.Target(f"/games/{page_game}/")] * clients)
        say("load: live game polling (the page's htmx partial)")
        poll = load.Target(f"/games/{page_game}/", {"HX-Request": "true"})
        result["game_poll"] = measure(server, [poll] * clients)
        say("load: standings")
        result["standings"] = measure(server, [load.Target(standings)] * clients)
        say("load: API game (the same live game)")
        api_game = load.Target(_api_game_path(page_game))
        result["api_game"] = measure(server, [api_game] * clients)
        say("load: API standings (the same season)")
        result["api_standings"] = measure(server, [load.Target(api_standings)] * clients)
    finally:
        server.stop()
    for name in (
        "ceiling",
        "signed_in_post",
        "write_only",
        "post_play",
        "game_page",
        "game_poll",
        "standings",
        "api_game",
        "api_standings",
    ):
        rate = result[name]["requests_per_second"]
        result[name]["fraction_of_baseline"] = round(rate / baseline["requests_per_second"], 3)
    result["generator_check"] = {
        "baseline_share_of_ceiling": round(
            baseline["requests_per_second"] / result["ceiling"]["requests_per_second"], 3
        ),
        "note": (
            "The ceiling is the same generator against gunicorn serving a WSGI app without "
            "Django: while the baseline stays well below it, the generator and transport are "
            "not what limits the Django figures. client_cpu_cores is the generator's CPU use."
        ),
    }
    return result


def _scorers(
    server: Server,
    password: str,
    games: list[list[tuple[Any, Any]]],
    path: str,
    *,
    carry: tuple[str, ...] = (),
) -> list[load.Target]:
    """One target per client, each logged in as the bench's scorer: the plays of its own
    ``games`` posted in order to ``path`` (``{pk}`` is the game), or, with no games, a
    bare signed-in POST to ``path`` again and again."""
    targets = []
    for own in games:
        client = Client(server.url)
        client.login("bench-scorer", password)
        token = client.cookie("csrftoken")
        headers = {"Cookie": client.cookie_header(), "HX-Request": "true"}
        if not own:
            body = urllib.parse.urlencode({"csrfmiddlewaretoken": token})
            targets.append(load.Target(path, headers, body=body))
            continue
        posts = tuple(
            (
                path.format(pk=game.pk),
                urllib.parse.urlencode(
                    {"expected": seq, "play": json.dumps(raw), "csrfmiddlewaretoken": token}
                ),
            )
            for game, generated in own
            for seq, raw in enumerate(generated.plays, start=1)
        )
        targets.append(load.Target(headers=headers, posts=posts, carry=carry))
    return targets


def _targets(report: dict[str, Any]) -> dict[str, Any]:
    checks: dict[str, Any] = {}
    ratios = [result["ratio"] for result in report["accept_play"].values()]
    checks["accept_play_ratio"] = {
        "target": f"<= {TARGETS['accept_play_ratio']}",
        "worst": max(ratios),
        "met": max(ratios) <= TARGETS["accept_play_ratio"],
    }
    loaded = report["load"]
    checks["post_play"] = _post_play_check(loaded)
    for name in ("game_page", "standings", "api_game", "api_standings"):
        fraction = loaded[name]["fraction_of_baseline"]
        checks[name] = {
            "target": f">= {TARGETS[name]} of baseline, no errors",
            "fraction_of_baseline": fraction,
            "errors": loaded[name]["errors"],
            "met": fraction >= TARGETS[name] and not loaded[name]["errors"],
        }
        if name.startswith("api_"):
            checks[name]["api_rate"] = API_RATE  # the limit raised out of the way (see load)
    return checks


def _post_play_check(loaded: dict[str, Any]) -> dict[str, Any]:
    """The tap judged against what bounds it on this machine, measured in the same run: the
    write alone (``/bench/games/<pk>/write/``), which the board in answer can only slow down
    (and no write can beat a bare signed-in POST)."""
    post, write_only = loaded["post_play"], loaded["write_only"]
    bound = write_only["requests_per_second"]
    fraction = round(post["requests_per_second"] / bound, 3) if bound else 0.0
    return {
        "target": f">= {TARGETS['post_play']} of the write-only probe's rate, no errors",
        "fraction_of_write_only": fraction,
        "fraction_of_baseline": post["fraction_of_baseline"],
        "errors": post["errors"],
        "met": fraction >= TARGETS["post_play"] and not post["errors"] and not write_only["errors"],
        "bounds": {
            "signed_in_post_fraction": loaded["signed_in_post"]["fraction_of_baseline"],
            "write_only_fraction": write_only["fraction_of_baseline"],
        },
    }
