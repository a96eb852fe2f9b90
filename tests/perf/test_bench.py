"""``manage.py bench --quick`` runs on a temporary database and prints a sane JSON report
(the targets themselves depend on the machine, so they are reported, not asserted)."""

import json

from games.engines import all_engines


def test_bench_quick_prints_a_full_sane_report(run_python, tmp_path):
    site_db = tmp_path / "site.sqlite3"
    result = run_python(
        "manage.py", "bench", "--quick", "--seconds", "0.5", "--league-games", "8",
        "--clients", "4",
        # every stage runs, a gunicorn and collectstatic's compression among them: about
        # 150 s on a quiet machine; the limit only catches a bench that hangs
        timeout=600,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        SCOREKEEPER_SQLITE_PATH=str(site_db),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout)
    assert not site_db.exists()  # the site's own database was never touched

    engines = report["engine_replay"]
    assert set(engines) == {engine.id for engine in all_engines()}
    for figures in engines.values():
        assert figures["plays"] > 0 and figures["plays_per_second"] > 0
        assert 0 < figures["ratio_to_baseline"] < 1  # no engine beats copying a dict

    for kind, figures in report["accept_play"].items():
        assert figures["plays_in_log"] == [10, 1000]
        assert all(ms > 0 for ms in figures["median_ms"]), kind
        assert 0.2 < figures["ratio"] < 10, kind
        assert 0.2 < figures["write_only_ratio"] < 10, kind

    for page in ("game_page", "standings_page", "api_game", "api_standings"):
        for viewer in ("visitor", "signed_in"):
            counts = report["queries"][page][viewer]
            assert len(counts) == 2 and len(set(counts.values())) == 1, (page, viewer, counts)

    load = report["load"]
    names = ("ceiling", "baseline", "signed_in_post", "write_only", "post_play", "game_page")
    for name in (*names, "game_poll", "standings", "api_game", "api_standings"):
        assert load[name]["requests"] > 0, name
        assert load[name]["errors"] == 0, (name, load[name]["statuses"])
        assert load[name]["latency_ms"]["p50"] > 0
        if name != "baseline":
            assert load[name]["fraction_of_baseline"] > 0
    assert set(report["targets"]) == {
        "accept_play_ratio",
        "post_play",
        "game_page",
        "standings",
        "api_game",
        "api_standings",
        "win_probability",
    }
    # The API's limit is raised out of the way on the bench's server, and the report says so.
    assert load["api_rate"]["rate"] == report["targets"]["api_game"]["api_rate"] == "1000000/s"
    for name in ("api_game", "api_standings"):
        assert set(report["queries"][name]["visitor"].values()) == {1}, name  # from the cache
    win = report["win_probability"]
    assert set(win) == {engine.id for engine in all_engines()}
    for kind, figures in win.items():
        assert figures["table_games"] == 40 and figures["build_seconds"] > 0, kind
        assert figures["calibration_games"] == 30
        assert sum(b["situations"] for b in figures["buckets"]) > 30, kind
        assert 0 <= figures["largest_gap"] <= 1
        assert 0 < figures["lookup_microseconds"] < figures["tap_microseconds"], kind
    bounds = report["targets"]["post_play"]["bounds"]
    assert bounds["signed_in_post_fraction"] == load["signed_in_post"]["fraction_of_baseline"]
    assert bounds["write_only_fraction"] == load["write_only"]["fraction_of_baseline"]
    assert load["write_only"]["statuses"] == {"204": load["write_only"]["requests"]}
    # Posting is judged against the write alone, the bound measured in the same run.
    posting = report["targets"]["post_play"]
    assert posting["target"].startswith(">= 0.7 of the write-only probe's rate")
    rates = load["post_play"]["requests_per_second"], load["write_only"]["requests_per_second"]
    assert posting["fraction_of_write_only"] == round(rates[0] / rates[1], 3)
    assert posting["met"] == (posting["fraction_of_write_only"] >= 0.7)
    for name, check in report["targets"].items():
        assert check["target"], name  # every check says what it is judged against
    assert all(isinstance(check["met"], bool) for check in report["targets"].values())


def test_the_bench_probes_are_not_on_the_site(client, django_user_model, db):
    user = django_user_model.objects.create_user("probe", password="pw-probe-123")
    client.force_login(user)
    assert client.post("/bench/signed-in/").status_code == 404
    assert client.post("/bench/games/1/write/").status_code == 404
