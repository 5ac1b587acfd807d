"""Issue 9: real games on 1 worker, 2 workers and a dask LocalCluster give identical results;
seats rotate on shared deals; --early-stop is a sequential test; progress on a terminal, a line a minute elsewhere."""

from __future__ import annotations

import io
from collections import defaultdict

import pytest

from dinocli.tournament.command import contestants, tournament
from dinocli.tournament.plan import make_plan, round_seed
from dinocli.tournament.run import Progress, run_plan

SPECS = ["random", "rules", "mcts:iterations=3"]


def _plan(specs=SPECS, seats=2, games=2, seed="det"):
    return make_plan("dingo", contestants(specs), seats, (), seed, games)


def _outcomes(results):
    return [(g.lineup, g.round, g.rotation, g.returns, g.scores, g.decisions) for g in results]


@pytest.fixture(scope="module")
def one_worker():
    results, stopped = run_plan(_plan(), workers=1, scheduler=None, early_stop=False, record=False)
    return _outcomes(results)


@pytest.mark.long(4)
def test_two_workers_play_exactly_what_one_worker_plays(one_worker):
    """Issue 9, determinism: same seed and specs, identical games with 1 or 2 workers."""
    results, stopped = run_plan(_plan(), workers=2, scheduler=None, early_stop=False, record=False)
    assert _outcomes(results) == one_worker
    assert len(one_worker) == 6 and not stopped


def test_a_dask_local_cluster_plays_exactly_what_one_worker_plays(one_worker):
    """Issue 9: --scheduler runs the same work on dask.distributed, with identical results."""
    distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed "
                                                                 "(pip install 'dinocli[dask]')")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        results, _ = run_plan(_plan(), workers=2, scheduler=cluster.scheduler_address, early_stop=False,
                              record=False)
    assert _outcomes(results) == one_worker


def test_reports_are_identical_across_worker_counts():
    a = tournament("dingo", ["rules", "random"], games=6, workers=1, seed="same")
    b = tournament("dingo", ["rules", "random"], games=6, workers=2, seed="same")
    strip = lambda r: {k: v for k, v in r.items() if k != "run"}  # noqa: E731
    assert strip(a) == strip(b)
    assert a["deterministic"] is True and a["run"]["workers"] == 1 and b["run"]["workers"] == 2


def test_another_seed_deals_other_games():
    def play(seed):
        return _outcomes(run_plan(_plan(["rules", "random"], seed=seed), workers=1, scheduler=None,
                                  early_stop=False, record=False)[0])
    assert play("x") == play("x") != play("y")


def test_three_seats_rotate_through_every_position_on_the_same_deal():
    """Issue 9, fairness: for 3+ seats every bot sits in every position of each shared deal."""
    plan = _plan(["random", "rules"], seats=3, games=3, seed="rot")
    results, _ = run_plan(plan, workers=1, scheduler=None, early_stop=False, record=True)
    assert len(results) == 6  # tables {random x2, rules} and {random, rules x2}, 3 seatings each
    deals = defaultdict(list)
    for g in results:
        assert g.record.seed == round_seed("rot", g.round)
        assert tuple(g.record.specs) == plan.specs(g.lineup, g.rotation)
        deals[(g.lineup, g.round)].append(g.record)
    for (lineup, _), records in deals.items():
        specs = [tuple(r.specs) for r in records]
        assert sorted(specs) == sorted(specs[0][i:] + specs[0][:i] for i in range(3))
        # the same deal: the setup events (the shuffled deck) are identical in every seating
        setups = {repr(r.commands[0][3]) for r in records}
        assert len(setups) == 1


def test_early_stop_ends_a_decided_pairing_at_the_same_round_for_any_worker_count():
    """--early-stop: rules beats random every game, so the SPRT decides after 15 decisive games
    (8 rounds of 2 seatings); 2 workers discard what they played beyond that round."""
    plan = _plan(["rules", "random"], games=40, seed="stop")
    one, stopped1 = run_plan(plan, workers=1, scheduler=None, early_stop=True, record=False)
    two, stopped2 = run_plan(plan, workers=2, scheduler=None, early_stop=True, record=False)
    assert stopped1 == stopped2 == {0: 7}
    assert _outcomes(one) == _outcomes(two) and len(one) == 16
    report = tournament("dingo", ["rules", "random"], games=40, workers=1, seed="stop", early_stop=True)
    assert report["games"] == 16 and report["lineups"][0]["stopped_early"]
    assert report["pairings"][0]["sprt"] == "rules"


def test_without_early_stop_every_game_is_played():
    report = tournament("dingo", ["rules", "random"], games=20, workers=1, seed="stop")
    assert report["games"] == 20 and not report["lineups"][0]["stopped_early"]


def test_time_budgets_warn_that_results_are_not_reproducible(coop, capsys):
    report = tournament("toycoop", ["mcts:iterations=2,seconds=0.01", "random"], games=1, workers=1, seats=1)
    err = capsys.readouterr().err
    assert "mcts:iterations=2,seconds=0.01 has a time budget" in err and "not reproducible" in err
    assert report["deterministic"] is False and report["warnings"]


def test_cooperative_tournament_reports_team_scores_per_bot_and_table(coop):
    """Issue 9: cooperative games report team score distributions instead of wins."""
    report = tournament("toycoop", ["random", "rules"], games=6, workers=1, seats=2, early_stop=True)
    assert report["cooperative"] and report["early_stop"] is False and "pairings" not in report
    assert report["warnings"] == ["--early-stop has no pairing to decide in a cooperative game; "
                                  "every game is played"]
    assert [(lu["bots"], lu["games"]) for lu in report["lineups"]] == [
        (["random", "random"], 6), (["random", "rules"], 6), (["rules", "rules"], 6)]
    assert report["games"] == 18
    for b in report["bots"]:
        assert "wins" not in b and "rating" not in b
        assert sum(b["team_score"]["distribution"].values()) == b["games"] == 12
        assert all(0 <= int(k) <= 14 for k in b["team_score"]["distribution"])
    for lu in report["lineups"]:
        assert sum(lu["team_score"]["distribution"].values()) == 6


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _results(plan):
    return run_plan(plan, workers=1, scheduler=None, early_stop=False, record=False)[0]


def test_progress_on_a_terminal_shows_games_time_left_and_wins_so_far():
    """#42 item 1: on a terminal one line redrawn in place: games done of the total, time taken and
    left, wins so far best first; an early stop takes the games not played off the total."""
    plan = _plan(["rules", "random"], games=4)
    played = _results(plan)
    out = _Terminal()
    bar = Progress(plan, "1 worker", stream=out, every=600)
    bar.begin()
    assert out.getvalue().startswith("\r0/4 games") and "time left: estimating" in out.getvalue()
    bar.advance(played[:2])
    line = out.getvalue().rsplit("\r", 1)[1]
    assert line.startswith("2/4 games") and " left" in line and "about" in line
    wins = {"rules": 0.0, "random": 0.0}
    for g in played[:2]:
        seats = [plan.contestants[c].label for c in plan.lineups[g.lineup].seatings[g.rotation]]
        best = max(g.returns)
        for seat, r in enumerate(g.returns):
            wins[seats[seat]] += (r == best) / g.returns.count(best)
    first = sorted(wins, key=lambda k: (-wins[k], k))[0]
    assert f"wins so far: {first} {wins[first]:g}, " in line, line
    bar.shrink(1)
    assert out.getvalue().rsplit("\r", 1)[1].startswith("2/3 games")
    bar.close()
    assert out.getvalue().endswith("\n")


def test_progress_elsewhere_is_a_line_at_the_start_and_then_one_a_while():
    """#42 item 1: off a terminal, a line when it starts (games and workers) and then one every
    interval (about once a minute by default) with the games done, time left and standings;
    quiet: none."""
    import time

    plan = _plan(["rules", "random"], games=4)
    played = _results(plan)
    out = io.StringIO()
    bar = Progress(plan, "2 workers", stream=out, every=0.05)
    bar.begin()
    bar.advance(played[:2])
    time.sleep(0.3)
    bar.close()
    lines = out.getvalue().splitlines()
    assert lines[0] == "dinocli: tournament: 4 games of dingo on 2 workers; a line about once a minute (--quiet: none)"
    assert len(lines) >= 3 and "\r" not in out.getvalue()
    assert lines[1].startswith("dinocli: tournament: 2/4 games, ") and "left; wins so far: " in lines[1]
    default = Progress(plan, "1 worker", stream=io.StringIO())
    default.close()
    assert default.every == 60.0
    quiet = io.StringIO()
    bar = Progress(plan, "1 worker", stream=quiet, quiet=True)
    bar.begin()
    bar.advance(played)
    bar.close()
    assert quiet.getvalue() == ""


def test_a_cooperative_tournament_says_the_team_score_so_far(coop):
    """#42 item 1: in a cooperative game the standings are each bot's mean team score so far."""
    plan = make_plan("toycoop", contestants(["random", "rules"]), 2, (), "coop", 2, cooperative=True)
    played = _results(plan)
    out = _Terminal()
    bar = Progress(plan, "1 worker", cooperative=True, stream=out, every=600)
    bar.begin()
    bar.advance(played)
    bar.close()
    assert "team score so far: " in out.getvalue() and "done" in out.getvalue()
