"""Two organisers deciding the same cup tie at once, through a live gunicorn site on SQLite
and PostgreSQL: each sends a different side through by walkover at the same moment. Exactly
one walkover stands; the other organiser is told the tie is already decided; the bracket
holds that one winner in the next round, once."""

import json
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from .live import PASSWORD, Client, manage

ROUNDS = 3

SETUP = """
import json
from django.contrib.auth import get_user_model
from games.leagues import services as leagues
from games.leagues.cups import services as cups
from games.models import League, Season, Team
users = get_user_model().objects
ann = users.create_user("ann", password={password!r}, is_staff=True)
bob = users.create_user("bob", password={password!r})
out = []
for n in range({rounds}):
    league = leagues.league_create(
        name=f"Race {{n}}", kind="quick-baseball", options={{}}, user=ann
    )
    leagues.organiser_grant(league=league, username="bob", user=ann)
    season = leagues.season_create(league=league, user=ann, name="2026")
    teams = [leagues.team_create(league=league, user=ann, name=f"T{{i}}") for i in range(4)]
    cup = cups.cup_create(season=season, user=ann, name="Cup", teams=teams)
    tie = cup.ties.get(round=1, slot=0)
    out.append({{"league": league.slug, "tie": tie.pk,
                "sides": [tie.first.team_id, tie.second.team_id]}})
print(json.dumps(out))
"""

CHECK = """
import json
from games.models import Tie
out = []
for pk in {ties}:
    tie = Tie.objects.select_related("winner__team").get(pk=pk)
    final = Tie.objects.get(competition=tie.competition, round=2)
    out.append({{"winner": tie.winner.team_id if tie.winner else None,
                "decided_by": tie.decided_by, "final_first": final.first.team_id
                if final.first else None, "fixtures": tie.fixtures.count()}})
print(json.dumps(out))
"""


@pytest.mark.django_db(transaction=True)
def test_two_organisers_deciding_one_tie_at_once(site_env_for, server_for) -> None:
    env = site_env_for
    made = json.loads(
        manage(env, "shell", "-c", SETUP.format(password=PASSWORD, rounds=ROUNDS))
        .strip()
        .splitlines()[-1]
    )
    server = server_for(env)
    clients = [Client(server.url), Client(server.url)]
    clients[0].login("ann")
    clients[1].login("bob")
    winners = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for cup in made:
            path = (
                f"/leagues/{cup['league']}/manage/seasons/2026/competitions/cup/ties/"
                f"{cup['tie']}/walkover/"
            )
            barrier = threading.Barrier(2, timeout=30)

            def post(i: int, path=path, cup=cup, barrier=barrier):
                barrier.wait()
                data = {"team": cup["sides"][i], "reason": f"organiser {i} says so"}
                return clients[i].request(path, data)

            replies = list(pool.map(post, range(2)))
            # The client follows the redirect: the walkover that stood lands on the cup's page.
            won = [i for i, reply in enumerate(replies) if reply.status == 200]
            assert len(won) == 1, [(r.status, r.text[:300]) for r in replies]
            assert "by walkover" in replies[won[0]].text
            lost = replies[1 - won[0]]
            assert lost.status == 400 and "already decided" in lost.text, lost.text[-3000:]
            winners.append(cup["sides"][won[0]])
    ties = [cup["tie"] for cup in made]
    state = json.loads(manage(env, "shell", "-c", CHECK.format(ties=ties)).strip().splitlines()[-1])
    for winner, row in zip(winners, state, strict=True):
        assert row == {
            "winner": winner,
            "decided_by": "walkover",
            "final_first": winner,
            "fixtures": 0,
        }
