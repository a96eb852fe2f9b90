"""The site's settings, with the bench's probe views added (``games.bench.probes``)."""

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "games.bench.probes"
