"""Issue 9, results: win credit, head-to-head, openskill, the sequential test, team scores."""

from __future__ import annotations

import pytest

from dinocli.tournament.command import contestants
from dinocli.tournament.plan import GameResult, make_plan
from dinocli.tournament.stats import Sprt, summarize, winners


def _g(lineup, rnd, rot, returns, scores=None):
    return GameResult(lineup=lineup, round=rnd, rotation=rot, returns=returns,
                      scores=scores or [10 * r for r in returns], decisions=3, over=True)


def test_tied_winners_share_the_win():
    assert winners([0.5, 0.5, 0.0]) == [0, 1]
    plan = make_plan("dingo", contestants(["random", "rules"]), 2, (), "s", 2)
    report = summarize(plan, [_g(0, 0, 0, [0.5, 0.5]), _g(0, 0, 1, [1.0, 0.0])], cooperative=False)
    by = {b["bot"]: b for b in report["bots"]}
    assert by["rules"]["wins"] == 1.5 and by["random"]["wins"] == 0.5
    assert report["pairings"] == [{"bots": ["random", "rules"], "games": 2, "wins": [0, 1], "draws": 1,
                                   "win_rate": 0.25, "ci95": report["pairings"][0]["ci95"], "sprt": None,
                                   "deals": {"won": 0, "lost": 1, "even": 0, "share": 0.0,
                                             "ci95": report["pairings"][0]["deals"]["ci95"]}}]


def test_a_deal_goes_to_whoever_won_more_of_its_seatings():
    """Issue #23 (levels, paired): each seed is played in every seating; a deal whose seatings
    split evenly is even, and only decisive deals enter the deal share and its interval."""
    plan = make_plan("dingo", contestants(["random", "rules"]), 2, (), "s", 8)
    # seating 0: (random, rules); seating 1: (rules, random). Returns are per seat.
    games = [_g(0, 0, 0, [0.0, 1.0]), _g(0, 0, 1, [1.0, 0.0]),     # rules wins both: a deal for rules
             _g(0, 1, 0, [1.0, 0.0]), _g(0, 1, 1, [1.0, 0.0]),     # seat 0 wins both: even
             _g(0, 2, 0, [0.0, 1.0]), _g(0, 2, 1, [0.5, 0.5]),     # rules one win and a draw: rules
             _g(0, 3, 0, [1.0, 0.0]), _g(0, 3, 1, [0.0, 1.0])]     # random wins both: random
    (pair,) = summarize(plan, games, cooperative=False)["pairings"]
    assert pair["bots"] == ["random", "rules"] and pair["wins"] == [3, 4] and pair["draws"] == 1
    assert pair["deals"] == {"won": 1, "lost": 2, "even": 1, "share": 0.3333, "ci95": [0.0615, 0.7923]}


def test_each_deal_s_result_and_the_first_seat_advantage():
    """Issue 41: the report gives each deal's wins by bot and its winner, and the win share by seat over all
    games (the first seat's advantage), as bot-testing tools report them."""
    plan = make_plan("dingo", contestants(["random", "rules"]), 2, (), "s", 8)
    games = [_g(0, 0, 0, [0.0, 1.0]), _g(0, 0, 1, [1.0, 0.0]),     # rules wins both
             _g(0, 1, 0, [1.0, 0.0]), _g(0, 1, 1, [1.0, 0.0]),     # seat 0 wins both: even
             _g(0, 2, 0, [0.0, 1.0]), _g(0, 2, 1, [0.5, 0.5])]     # rules a win and a draw
    report = summarize(plan, games, cooperative=False)
    assert [(d["round"], d["games"], d["wins"], d["winner"]) for d in report["deals"]] == [
        (0, 2, {"random": 0.0, "rules": 2.0}, "rules"),
        (1, 2, {"random": 1.0, "rules": 1.0}, None),
        (2, 2, {"random": 0.5, "rules": 1.5}, "rules")]
    first, second = report["by_seat"]
    assert (first["wins"], second["wins"]) == (3.5, 2.5) and first["share"] == round(3.5 / 6, 4)
    assert first["ci95"][0] < first["share"] < first["ci95"][1]


def test_seat_results_are_credited_to_the_bot_in_that_seat():
    """Rotation 1 seats rules first: a win for seat 0 there is a win for rules."""
    plan = make_plan("dingo", contestants(["random", "rules"]), 2, (), "s", 4)
    games = [_g(0, r, rot, [1.0, 0.0] if rot else [0.0, 1.0]) for r in range(2) for rot in range(2)]
    report = summarize(plan, games, cooperative=False)
    best = report["bots"][0]
    assert best["bot"] == "rules" and best["wins"] == 4 and best["win_rate"] == 1.0
    assert best["ci95"][0] > 0.4 and best["ci95"][1] == 1.0
    assert best["rating"]["mu"] > report["bots"][1]["rating"]["mu"]
    assert best["mean_score"] == 10.0


def test_a_bot_holding_two_seats_wins_at_most_once_per_game():
    plan = make_plan("dingo", contestants(["random", "rules"]), 3, (), "s", 3)
    # lineup 0 is (random, random, rules); rotation 0 seats it in that order
    report = summarize(plan, [_g(0, 0, 0, [1.0, 0.0, 0.0])], cooperative=False)
    by = {b["bot"]: b for b in report["bots"]}
    assert (by["random"]["games"], by["random"]["wins"]) == (1, 1.0)
    assert by["rules"]["games"] == 1 and by["rules"]["wins"] == 0
    assert report["pairings"][0]["wins"] == [1, 0]


def test_unfinished_games_are_not_counted():
    plan = make_plan("dingo", contestants(["random", "rules"]), 2, (), "s", 2)
    capped = GameResult(lineup=0, round=0, rotation=0, returns=[0.5, 0.5], scores=[1, 1], decisions=9, over=False)
    report = summarize(plan, [capped, _g(0, 0, 1, [0.0, 1.0])], cooperative=False)
    assert report["games"] == 1 and report["unfinished"] == 1


def test_sprt_decides_a_clear_pairing_and_waits_on_an_even_one():
    """--early-stop: Wald's SPRT, H0 p=0.45 against H1 p=0.55, alpha = beta = 0.05."""
    assert Sprt.verdict(10, 10) is None
    assert Sprt.verdict(15, 0) == 0
    assert Sprt.verdict(0, 15) == 1
    assert Sprt.verdict(14, 0) is None  # 14 * ln(11/9) = 2.81 < ln(19) = 2.94
    assert Sprt.verdict(55, 45) is None  # a 55% score over 100 games is not yet enough
    assert Sprt.verdict(80, 40) == 0


def test_cooperative_games_report_team_score_distributions(coop):
    plan = make_plan("toycoop", contestants(["random", "rules", "mcts:iterations=5"]), 2, (), "s", 1,
                     cooperative=True)
    # teams: 0 (random, random), 1 (random, rules), 2 (random, mcts), 3 (rules, rules), 4 (rules, mcts), 5 (mcts, mcts)
    games = [_g(i, 0, 0, [s / 14] * 2, [s, s]) for i, s in ((1, 0), (2, 9), (4, 12))]
    report = summarize(plan, games, cooperative=True)
    assert "pairings" not in report
    by = {b["bot"]: b for b in report["bots"]}
    assert by["rules"]["games"] == 2 and "wins" not in by["rules"]
    assert by["rules"]["team_score"]["distribution"] == {"0": 1, "12": 1}
    assert by["mcts:iterations=5"]["team_score"]["distribution"] == {"9": 1, "12": 1}
    assert by["random"]["team_score"]["distribution"] == {"0": 1, "9": 1}
    assert by["random"]["team_score"]["mean"] == pytest.approx(4.5)
    assert [lu["team_score"]["distribution"] for lu in report["lineups"]] == [{}, {"0": 1}, {"9": 1}, {}, {"12": 1}, {}]
