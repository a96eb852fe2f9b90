"""Time one cached public game page for a visitor, in this process, with production settings:
``python -m games.bench.cached_page [requests]`` (a temporary SQLite file and static root).

Used to compare ways of naming the cached page (docs/decisions/0006-page-cache-key-in-sql.md);
run it on each tree alternately, as ``manage.py bench`` figures are compared.
"""

import os
import sys
import tempfile
import time


def main(requests: int) -> float:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        SCOREKEEPER_SQLITE_PATH=tempfile.mktemp(suffix=".sqlite3"),
        DJANGO_STATIC_ROOT=tempfile.mkdtemp(),
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="cached-page-bench-" + "x" * 40,
        DJANGO_ALLOWED_HOSTS="testserver",
    )
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from games.bench.players import generate
    from games.scoring import services

    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user("bench", password="pw-bench-123456")
    generated = generate("quick-baseball", {"innings": 9}, limit=60, seed=1)
    game = services.game_create(
        kind="quick-baseball", options=generated.options, sides=["A", "B"], user=user
    )
    for seq, raw in enumerate(generated.plays[:50], start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=user)
    client, url = Client(), f"/games/{game.pk}/"
    assert client.get(url).status_code == 200  # rendered once, then served from the cache
    started = time.perf_counter()
    for _ in range(requests):
        client.get(url)
    return (time.perf_counter() - started) / requests * 1000


if __name__ == "__main__":
    print(f"{main(int(sys.argv[1]) if len(sys.argv) > 1 else 400):.2f} ms per cached game page")
