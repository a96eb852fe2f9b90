"""The organisers' pages: their leagues, one league (settings, seasons, teams, organisers),
one season's fixture list (add, round robin, schedule, start, void, no result) and its
competitions (cups, playoffs, group stages, walkovers).

Only a league's organisers (staff, or users given the rights) open these pages; anyone else
signed in gets 403, and a visitor is sent to log in. Every form posts to its own address and
comes back to its page: with a message when it worked, or the page again with the form's
errors (status 400) when it did not, nothing changed (``common.submit``). A removal (a
fixture, a team, an organiser's rights) asks first: its address answers a GET, or a POST
without ``confirm=1``, with a confirmation naming what goes; only the confirmed POST removes
(``common.confirm_delete``).

One module per thing managed: ``leagues``, ``seasons``, ``teams``, ``organisers``,
``fixtures``, ``results`` (voiding a game, a no result) and ``competitions``; each view is a
plain function named in ``games/leagues/urls.py``.
"""
