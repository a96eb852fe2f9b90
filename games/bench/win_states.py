"""Win probability state by state: states taken from games played by the plausible players
(any moment of the game), each played out 2,000 times from that exact state, against the
figure of the table that ships for those options. Run it as

    python -m games.bench.win_states [states per game] [play-outs per state]

and it prints, per game and options, the share of states within 0.03 of their play-outs and
the largest gap (docs/win-probability.md keeps the figures).
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

import django


def check(kind: str, options: dict, states: int, games: int) -> tuple[str, float, float, int]:
    from games.engines.win_probability import model_for
    from games.engines.win_probability.model import options_key
    from games.engines.win_probability.playouts import check_states, sample_states, within
    from games.win import shipped

    model = model_for(kind)
    table = shipped.load(kind, options_key(model.table_options(options)), model.version())
    if table is None:
        return f"{kind} {options}: no current shipped table", 0.0, 0.0, 0
    checked = check_states(table, sample_states(kind, options, states, seed=2027), games)
    largest = max(item.gap for item in checked)
    return f"{kind} {options}", within(checked, 0.03), largest, len(checked)


def _setup() -> None:
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup()


def _check(args: tuple[str, dict, int, int]) -> tuple[str, float, float, int]:
    _setup()
    return check(*args)


def main() -> None:
    _setup()
    from games.win.shipped import SHIPPED

    states = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    jobs = [(kind, dict(options), states, games) for kind, options in SHIPPED]
    with ProcessPoolExecutor() as pool:
        for name, share, largest, count in pool.map(_check, jobs):
            print(f"{name}: {count} states, {share:.0%} within 0.03, largest gap {largest:.3f}")


if __name__ == "__main__":
    main()
