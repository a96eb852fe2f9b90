"""Settings for Scorekeeper, driven by environment variables (see README.md)."""

import re
import tempfile
import warnings
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

from scorekeeper.environment import Env

BASE_DIR = Path(__file__).resolve().parent.parent

env = Env()

DEBUG = env.bool("DJANGO_DEBUG", default=True)

SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    SECRET_KEY = "django-insecure-dev-only-scorekeeper-key-do-not-use-in-production"

ALLOWED_HOSTS = env.names("DJANGO_ALLOWED_HOSTS")
if DEBUG and not ALLOWED_HOSTS:
    ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
CSRF_TRUSTED_ORIGINS = env.names("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "whitenoise.runserver_nostatic",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "corsheaders",
    # django-ninja: the open-data API; listed for its own static copy of Swagger UI (no CDN).
    "ninja",
    # django-tasks and its database backend: the task queue for long work (``db_worker``).
    "django_tasks",
    "django_tasks_db",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before CommonMiddleware, as django-cors-headers asks: CORS headers on the open data.
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    "games.plumbing.replica.PublicReadsMiddleware",
    # Turns a locked log-in attempt into scorekeeper.login_guard's answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite by default (WAL, IMMEDIATE writes); PostgreSQL when DATABASE_URL is set. Either way
# connections are kept open between requests: opening one (and SQLite's PRAGMAs) costs more than
# most cached pages take to serve.
SQLITE_PATH = env.str("SCOREKEEPER_SQLITE_PATH", default=str(BASE_DIR / "db.sqlite3"))
# A database server's connections are checked before each reuse: one a restarted server closed
# is replaced, not used.
SERVER_CONNECTIONS = {
    "CONN_MAX_AGE": 600,
    "CONN_HEALTH_CHECKS": True,
    "DISABLE_SERVER_SIDE_CURSORS": False,
}
SQLITE_CONNECTIONS = {
    "CONN_MAX_AGE": 600,
    "OPTIONS": {
        # A write transaction takes the write lock when it begins (BEGIN IMMEDIATE), so two
        # writers never deadlock upgrading a read; a writer waits for the lock at most this
        # many seconds (SQLite's busy timeout), then gets "database is locked".
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    },
}
DATABASES = {
    "default": env.db_url("DATABASE_URL", default=f"sqlite:///{quote(SQLITE_PATH)}")
    | (SERVER_CONNECTIONS if env.str("DATABASE_URL", default="") else SQLITE_CONNECTIONS)
}

# A read replica for public pages (games/plumbing/replica.py): GET requests to the views marked
# ``replica_reads`` in the URL patterns read the games app's tables there; writes, sessions and
# accounts stay on the primary. Migrations run on the primary only.
if env.str("REPLICA_DATABASE_URL", default=""):
    DATABASES["replica"] = env.db_url("REPLICA_DATABASE_URL") | SERVER_CONNECTIONS
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DATABASE_ROUTERS = ["games.plumbing.replica.ReplicaRouter"]

# Cache: one per process in memory by default; Redis shared by every app server when
# CACHE_URL is set (redis://host:6379/0). What is cached is always checked against the
# database before use (see README, "Performance"), so either is safe; Redis is shared, so
# each page is rendered once for all servers.
CACHE_URL = env.str("CACHE_URL", default="")
if CACHE_URL:
    if not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured("CACHE_URL must be a redis://, rediss:// or unix:// URL.")
    CACHES = {
        "default": env.cache_url_config(
            # django-environ names a Redis socket redis:///path (and gives it back as unix://).
            re.sub(r"^unix://", "redis://", CACHE_URL),
            backend="django.core.cache.backends.redis.RedisCache",
        )
        | {"KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="scorekeeper")},
    }
    # The limits (scorekeeper/limits_cache.py) count in Redis too: atomic, shared by all.
    CACHES["limits"] = dict(CACHES["default"])
    # Sessions read from the shared cache, written through to the database: every server
    # sees a login or logout at once, and a flushed cache loses no session.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "scorekeeper",
            "OPTIONS": {"MAX_ENTRIES": 20000},
        },
        # The limits must be counted once for every worker and server, not in each process's
        # memory: a table in the database (scorekeeper/limits_cache.py: Django's database
        # cache with an atomic increment; ``migrate`` makes its table).
        "limits": {
            "BACKEND": "scorekeeper.limits_cache.LimitsCache",
            "LOCATION": "scorekeeper_limits_cache",
            "OPTIONS": {"MAX_ENTRIES": 20000},
        },
    }
    if "sqlite" in DATABASES["default"]["ENGINE"]:
        # One machine: sessions read from files beside the database, which every process on it
        # shares, and written through to the database (Django's file cache and cached_db), so
        # a tap reads no session row. A cache in one process's memory would keep a logged-out
        # session alive in the others.
        CACHES["sessions"] = {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": f"{DATABASES['default']['NAME']}-sessions",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
        SESSION_CACHE_ALIAS = "sessions"
        SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    else:
        # Several servers without a shared cache: sessions in the database, which all share.
        SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Season data packs (games/archive/season_pack.py): each built zip is kept in the
# "season_packs" storage (STORAGES below), named by the season and its key, and rebuilt only when
# what it shows changes. By default a folder beside the SQLite database, else in the system's
# temporary folder; anything in it can be deleted. A deployment may point the storage elsewhere.
SEASON_PACK_DIR = Path(
    env.str(
        "SCOREKEEPER_PACK_DIR",
        default=(
            f"{DATABASES['default']['NAME']}-packs"
            if "sqlite" in DATABASES["default"]["ENGINE"]
            else str(Path(tempfile.gettempdir()) / "scorekeeper-season-packs")
        ),
    )
)

AUTHENTICATION_BACKENDS = [
    # django-axes first: a locked attempt stops here, before the password is hashed.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# How many reverse proxies that append to X-Forwarded-For stand in front of the app servers
# (scorekeeper/client_address.py). 0: the header is ignored and REMOTE_ADDR is the client.
TRUSTED_PROXY_COUNT = env.int("DJANGO_TRUSTED_PROXY_COUNT", default=0)

# The log-in guard (django-axes, called back into scorekeeper/login_guard.py): five failures
# within 15 minutes lock one (username, client address) pair for 15 minutes. Counters live in
# the shared cache when there is one (atomic increments), else in the database.
AXES_HANDLER = (
    "axes.handlers.cache.AxesCacheHandler"
    if CACHE_URL
    else "axes.handlers.database.AxesDatabaseHandler"
)
AXES_CACHE = "limits"
AXES_FAILURE_LIMIT = env.int("SCOREKEEPER_LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# A locked attempt is not counted, so the lock lifts 15 minutes after it was set.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_USERNAME_CALLABLE = "scorekeeper.login_guard.username_key"
AXES_CLIENT_IP_CALLABLE = "scorekeeper.client_address.client_address"
AXES_WHITELIST_CALLABLE = "scorekeeper.login_guard.is_known_device"
AXES_LOCKOUT_CALLABLE = "scorekeeper.login_guard.lockout_response"
AXES_DISABLE_ACCESS_LOG = True  # successful log-ins are not an audit trail we keep
AXES_VERBOSE = False

# Sign-ups per client address (django-ratelimit, counted in the "limits" cache, shared by
# every worker: Redis with CACHE_URL, else the database).
SIGNUP_RATE = env.str("SCOREKEEPER_SIGNUP_RATE", default="30/h")
RATELIMIT_USE_CACHE = "limits"

# The open-data API (games/api/): requests per client address, counted the same way.
API_RATE = env.str("SCOREKEEPER_API_RATE", default="300/m")

# CORS (django-cors-headers): the open data (the API and the season data packs) may be read
# from any origin, with GET only and no cookies; no other address sends CORS headers.
CORS_URLS_REGEX = r"^/(api/v1/.*|leagues/[^/]+/[^/]+/data\.zip)$"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_METHODS = ("GET", "HEAD", "OPTIONS")
CORS_ALLOW_CREDENTIALS = False
# A polling client revalidates with these (not "simple" headers, so the browser asks first).
CORS_ALLOW_HEADERS = ("accept", "if-none-match", "if-modified-since")
CORS_EXPOSE_HEADERS = ("ETag", "Last-Modified", "Retry-After")

# Long work (win-probability tables, season data packs, the swings of finished games) runs as
# jobs of django-tasks, never in a web request: queued in the database (its
# ``django_tasks_database_dbtaskresult`` table, on SQLite or PostgreSQL alike) and run by
# ``python manage.py db_worker``, a process of its own (games/archive/jobs.py).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# Jobs queued or running at once, of every kind: a request for another is dropped (and asked
# for again by the next write or download that needs it).
JOB_LIMIT = env.int("SCOREKEEPER_JOB_LIMIT", default=20)
# A job row older than this is a worker that died: it may be asked for again.
JOB_STALE_AFTER = timedelta(hours=3)
# A win-probability table's build is stopped past this many seconds of work (the tables'
# option bounds keep every covered table well inside it; see games/engines/README.md).
WIN_TABLE_BUDGET_SECONDS = env.int("SCOREKEEPER_WIN_TABLE_BUDGET", default=3600)
# The scoring screens run the rules on the tablet too (Pyodide in a web worker, from the static
# files ``manage.py pack_engine`` puts in place): off, or without those files, every tap waits
# for the server as before.
LOCAL_ENGINE = env.bool("SCOREKEEPER_LOCAL_ENGINE", default=True)
# A season's data pack is rebuilt at most this often while its games change: between builds
# the previous pack is served, with its own ETag.
SEASON_PACK_REFRESH = timedelta(seconds=env.int("SCOREKEEPER_PACK_REFRESH", default=300))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("DJANGO_STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
    "season_packs": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": SEASON_PACK_DIR, "base_url": None},
    },
}
# Production (DEBUG off): collectstatic writes hashed, gzip-compressed copies, and WhiteNoise
# serves the hashed names with a ten-year "immutable" Cache-Control.
WHITENOISE_USE_FINDERS = True
# The local engine's interpreter (Pyodide's .wasm and .mjs files) comes compressed from
# ``manage.py pack_engine`` (games/plumbing/browser_engine.py): collectstatic leaves it be.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = [*Compressor.SKIP_COMPRESS_EXTENSIONS, "wasm", "mjs"]
if DEBUG:
    # Development serves static files from the finders; STATIC_ROOT exists only after
    # collectstatic, so WhiteNoise's warning about it is noise here.
    warnings.filterwarnings("ignore", message=f"No directory at: {re.escape(str(STATIC_ROOT))}")

# The CSRF token reaches htmx through the page (hx-headers), so no script needs the cookie.
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# The Content-Security-Policy header on every response (django-csp's CSPMiddleware): scripts
# only from this site, no inline script, no outside origin; service workers (the scoring
# screen's offline copy) and the web app manifest only from this site. Inline style stays
# allowed because templates draw card borders and field positions with style attributes.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],
        # The web app manifest (/manifest.webmanifest); its icons are img-src.
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

if env.bool("DJANGO_SECURE", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="INFO")},
    # django-axes says every attempt at INFO; failures and locks (WARNING) are enough.
    "loggers": {"axes": {"level": "WARNING"}},
}
