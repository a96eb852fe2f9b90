"""Win probability state by state: states taken from games the plausible players played (any
moment of the game, fixed seeds), each played out 2,000 times from that exact state, against
the figure of the table that ships for the game's options. Every figure is within 0.06 of its
play-outs. The target for the share within 0.03 is 90% (a play-out share of 2,000 games has a
standard error of at most 0.011, so a right figure is within 0.03 about 99% of the time).
``python -m games.bench.win_states`` runs the check on a larger sample (docs/win-probability.md,
"State by state")."""

import pytest

from games.engines.win_probability import model_for
from games.engines.win_probability.model import options_key
from games.engines.win_probability.playouts import check_states, sample_states, within
from games.win import shipped

PLAY_OUTS = 2000
# (game, options, states): fewer states where a play-out is slow, to keep the suite lean.
CASES = [
    ("quick-baseball", {"innings": 3}, 3),
    ("quick-cricket", {"overs": 4}, 3),
    ("backyard-baseball", {"innings": 3}, 8),
    ("bedard-baseball", {"innings": 3}, 8),
    ("solitaire-baseball", {"innings": 9}, 8),
    ("quick-tennis", {"sets": 3}, 4),
]
checked: dict[str, list] = {}
# One worker runs the module, so the last test sees every case's states.
pytestmark = [pytest.mark.xdist_group("win_states"), pytest.mark.shipped_tables]


def shipped_table(kind: str, options: dict):
    model = model_for(kind)
    key = options_key(model.table_options(options))
    table = shipped.load(kind, key, model.version())
    assert table is not None, f"no current shipped table for {kind} {options}"
    return table


def results_for(kind: str, options: dict, states: int) -> list:
    if kind not in checked:
        table = shipped_table(kind, options)
        sample = sample_states(kind, options, states, seed=2027)
        checked[kind] = check_states(table, sample, PLAY_OUTS, seed=1)
    return checked[kind]


@pytest.mark.parametrize(("kind", "options", "states"), CASES, ids=[c[0] for c in CASES])
def test_each_figure_is_within_006_of_play_outs_from_its_exact_state(kind, options, states):
    for item in results_for(kind, options, states):
        assert item.gap <= 0.06, (kind, item.sampled.game_seed, item.sampled.play, item)


def test_at_least_nine_in_ten_figures_are_within_003_of_play_outs():
    every = [item for case in CASES for item in results_for(*case)]
    assert within(every, 0.03) >= 0.9, sorted(round(item.gap, 3) for item in every)
