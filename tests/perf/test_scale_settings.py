"""Production settings for several servers: compressed static files with far-future cache
headers, a shared Redis cache from CACHE_URL (local memory by default), sessions every
server sees."""

import json
import secrets

from django.conf import settings

PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "localhost",
}

STATIC_PROBE = """
import json
import django
django.setup()
from django.contrib.staticfiles.storage import staticfiles_storage
from django.test import Client
client = Client(HTTP_HOST="localhost")
hashed = staticfiles_storage.url("games/site.css")
out = {"hashed": hashed, "storage": type(staticfiles_storage._wrapped).__name__}
for name, url in (("hashed", hashed), ("plain", "/static/games/site.css")):
    reply = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    out[name + "_reply"] = {
        "status": reply.status_code,
        "cache": reply.get("Cache-Control"),
        "encoding": reply.get("Content-Encoding"),
    }
out["page_links_hashed"] = hashed in client.get("/accounts/login/").content.decode()
print(json.dumps(out))
"""


def test_production_serves_hashed_compressed_static_files_cached_for_years(run_python, tmp_path):
    env = {**PRODUCTION, "DJANGO_STATIC_ROOT": str(tmp_path / "static")}
    env["SCOREKEEPER_SQLITE_PATH"] = str(tmp_path / "db.sqlite3")
    result = run_python("manage.py", "collectstatic", "--noinput", "-v", "0", **env)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "static" / "staticfiles.json").exists()
    assert list((tmp_path / "static" / "games").glob("site.*.css.gz"))
    result = run_python("manage.py", "migrate", "-v", "0", **env)
    assert result.returncode == 0, result.stderr
    result = run_python("-c", STATIC_PROBE, **env)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["storage"] == "CompressedManifestStaticFilesStorage"
    assert (
        out["hashed"].startswith("/static/games/site.")
        and out["hashed"] != "/static/games/site.css"
    )
    assert out["hashed_reply"]["status"] == 200
    assert out["hashed_reply"]["encoding"] == "gzip"
    assert "immutable" in out["hashed_reply"]["cache"]
    assert "max-age=315360000" in out["hashed_reply"]["cache"]
    # The name without a hash can change under the same URL: it is cached briefly only.
    assert out["plain_reply"]["status"] == 200 and "immutable" not in out["plain_reply"]["cache"]
    assert out["page_links_hashed"]


def test_development_and_tests_keep_plain_static_files():
    assert settings.STORAGES["staticfiles"]["BACKEND"].endswith("StaticFilesStorage")
    assert "Manifest" not in settings.STORAGES["staticfiles"]["BACKEND"]


CACHE_PROBE = """
import json
from django.conf import settings
print(json.dumps({
    "backend": settings.CACHES["default"]["BACKEND"],
    "location": settings.CACHES["default"].get("LOCATION"),
    "sessions": settings.SESSION_ENGINE,
    "session_cache": settings.CACHES.get(settings.SESSION_CACHE_ALIAS, {}).get("BACKEND"),
}))
"""


def _cache_settings(run_python, **env):
    result = run_python("-c", "import django; django.setup()\n" + CACHE_PROBE, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_cache_url_selects_redis_and_sessions_that_every_server_shares(run_python):
    base = {"DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    sqlite = {**base, "DATABASE_URL": ""}
    assert _cache_settings(run_python, **sqlite, CACHE_URL="") == {
        "backend": "django.core.cache.backends.locmem.LocMemCache",
        "location": "scorekeeper",
        # One machine: the sessions' cache is files every process on it shares.
        "sessions": "django.contrib.sessions.backends.cached_db",
        "session_cache": "django.core.cache.backends.filebased.FileBasedCache",
    }
    postgres = {**base, "DATABASE_URL": "postgres://u:p@db.example.org/scores"}
    assert _cache_settings(run_python, **postgres, CACHE_URL="") == {
        "backend": "django.core.cache.backends.locmem.LocMemCache",
        "location": "scorekeeper",
        # Several servers and no shared cache: the sessions in the database, nowhere else.
        "sessions": "django.contrib.sessions.backends.db",
        "session_cache": "django.core.cache.backends.locmem.LocMemCache",
    }
    redis_url = "redis://cache.example.org:6379/2"
    assert _cache_settings(run_python, **sqlite, CACHE_URL=redis_url) == {
        "backend": "django.core.cache.backends.redis.RedisCache",
        "location": "redis://cache.example.org:6379/2",
        "sessions": "django.contrib.sessions.backends.cached_db",
        "session_cache": "django.core.cache.backends.redis.RedisCache",
    }


def test_a_cache_url_that_is_not_redis_is_refused(run_python):
    result = run_python(
        "-c",
        "import django; django.setup()",
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        CACHE_URL="memcached://127.0.0.1:11211",
    )
    assert result.returncode != 0
    assert "CACHE_URL must be a redis://" in result.stderr
