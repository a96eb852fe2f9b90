"""The site's settings, with the bench's probe views added (``games.bench.probes``)."""

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "games.bench.probes"
# The bench builds the one table its pages need before the load; a server must not start
# simulating games in the middle of a measurement.
WIN_PROBABILITY_LAZY_BUILDS = False
