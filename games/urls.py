"""The site's pages, one URL list per area: a game at the table (``scoring``), leagues and
their standings and stats (``leagues``), the public archive and exports (``archive``). A view
wrapped in ``replica_reads`` in its pattern reads from the read replica when there is one
(games/plumbing/replica.py)."""

from games.archive import urls as archive
from games.leagues import urls as leagues
from games.scoring import urls as scoring

app_name = "games"

# The archive's league and season pages take any slug, so they come last.
urlpatterns = [*scoring.urlpatterns, *leagues.urlpatterns, *archive.urlpatterns]
