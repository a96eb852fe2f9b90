"""The engine as the scoring screen runs it on the tablet (games/engines/tablet.py): plain JSON
in and out, a refused play leaves the game as it was, and the answers are the server's."""

import json

import pytest

from games.engines import EngineError, get
from games.engines.players import play_out
from games.engines.tablet import Tablet, run, serve


def test_a_play_is_applied_and_described_as_the_engine_does():
    tablet = Tablet("quick-baseball", {"innings": 3})
    engine = get("quick-baseball")
    answer = tablet.play({"pitch": "SO1", "bat": "B4"})
    state, outcome = engine.play(engine.initial_state(engine.options({"innings": 3})),
                                 {"pitch": "SO1", "bat": "B4"})  # fmt: skip
    assert answer["ok"] and answer["length"] == 1
    assert answer["outcome"] == str(outcome)
    assert answer["summary"] == engine.summary(state)
    assert answer["state"] == engine.state_to_json(state)
    json.dumps(answer)  # plain JSON all through


@pytest.mark.parametrize(
    ("raw", "error", "words"),
    [
        ({"pitch": "XX", "bat": "B4"}, "InvalidPlay", "Pitch 'XX' is not a pitching card"),
        ({"pitch": "SO1", "colour": "red"}, "InvalidPlay", "Unknown key 'colour'"),
        ("{not json", "InvalidPlay", "The play is not valid JSON"),
        ([1, 2], "InvalidPlay", "A play must be a JSON object"),
    ],
)
def test_a_refused_play_says_why_and_changes_nothing(raw, error, words):
    tablet = Tablet("quick-baseball", {"innings": 3}, [{"pitch": "SO1", "bat": "B4"}])
    before = tablet.view()
    answer = tablet.play(raw)
    assert not answer["ok"]
    assert answer["error"] == error
    assert answer["refusal"].startswith(words)
    assert tablet.view() == before


def test_an_illegal_play_is_refused_with_the_engines_words():
    engine = get("quick-cricket")
    played = play_out("quick-cricket", {"overs": 2}, 1)
    tablet = Tablet("quick-cricket", {"overs": 2}, played.plays)
    assert tablet.view()["over"]
    answer = tablet.play(played.plays[0])
    with pytest.raises(EngineError) as raised:
        engine.play(played.states[-1], played.plays[0])
    assert not answer["ok"] and answer["error"] == "IllegalPlay"
    assert answer["refusal"].lower() == str(raised.value).lower()


def test_a_question_waits_for_its_answer_as_on_the_server():
    """A Quick Cricket appeal asks for the umpire's cards before anything is applied."""
    engine = get("quick-cricket")
    for seed in range(40):
        played = play_out("quick-cricket", {"overs": 4}, seed)
        for number, (state, raw) in enumerate(zip(played.states, played.plays, strict=False)):
            question = engine.pending(state, {k: v for k, v in raw.items() if k != "umpire"})
            if question and question["ask"] == "umpire":
                tablet = Tablet("quick-cricket", {"overs": 4}, played.plays[:number])
                bare = {k: v for k, v in raw.items() if k != "umpire"}
                asked = tablet.play(bare)
                assert not asked["ok"] and asked["question"] == question
                assert tablet.length == number
                answers = ["bouncer", "review", "umpire"]
                assert tablet.play(raw, answered=answers)["ok"], tablet.play(raw, answers)
                return
    pytest.fail("no appeal in 40 plausible matches")


def test_undo_takes_back_the_last_play_only_when_there_is_one():
    tablet = Tablet("quick-tennis", {}, play_out("quick-tennis", {}, 2).plays[:3])
    first = Tablet("quick-tennis", {}, play_out("quick-tennis", {}, 2).plays[:2]).view()
    assert tablet.undo() == first
    tablet.undo()
    tablet.undo()
    answer = tablet.undo()
    assert not answer["ok"] and answer["refusal"] == "There is no play to undo."


def test_serve_answers_json_text_for_the_pages_worker():
    opened = json.loads(serve(json.dumps({"op": "open", "kind": "solitaire-baseball"})))
    assert opened["length"] == 0 and opened["ok"]
    viewed = json.loads(serve(json.dumps({"op": "view"})))
    assert viewed == opened
    refused = json.loads(serve(json.dumps({"op": "play", "play": {"cards": ["ZZ"]}})))
    assert not refused["ok"] and refused["refusal"]
    unknown = json.loads(serve(json.dumps({"op": "fly"})))
    assert unknown == {"failed": "unknown request 'fly'"}
    bad_log = json.loads(serve(json.dumps({"op": "open", "kind": "quick-baseball",
                                           "plays": [{"pitch": "ZZ"}]})))  # fmt: skip
    assert bad_log["failed"].startswith("InvalidPlay")
    no_game = json.loads(serve(json.dumps({"op": "open", "kind": "chess"})))
    assert "unknown game 'chess'" in no_game["failed"]


def test_run_answers_each_try_in_turn():
    tries = [
        [{"pitch": "SO1", "bat": "B4"}, []],
        [{"pitch": "ZZ"}, []],
        [{"pitch": "C1", "bat": "B1"}, []],
    ]
    answers = json.loads(run("quick-baseball", '{"innings": 3}', "[]", json.dumps(tries)))
    assert [answer["ok"] for answer in answers] == [True, False, True]
    assert [answer["length"] for answer in answers] == [1, 1, 2]
