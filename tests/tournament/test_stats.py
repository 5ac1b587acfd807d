"""Issue 9, results: win credit, head-to-head, openskill, the sequential test, team scores."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
                                   "over_deals": {"deals": 1, "win_rate": 0.25, "ci95": [0.0146, 0.8821]},
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
    # #40: over deals: seat 0 took 1, 2 and 0.5 of the two games of each deal (a tie split)
    assert first["over_deals"]["deals"] == 3 and first["over_deals"]["win_rate"] == round(3.5 / 6, 4)


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


# #40 honest statistics: the deal (one seed in every seating) is the unit of the intervals.

def _deals(plan, outcomes):
    """Two-seat games of ``plan`` (seating 0: random, rules; seating 1: rules, random) from per-deal
    outcomes: "rules" (rules wins both), "random" (random wins both) or "seat" (seat 0 wins both)."""
    games = []
    for rnd, what in enumerate(outcomes):
        first = {"rules": ([0.0, 1.0], [1.0, 0.0]), "random": ([1.0, 0.0], [0.0, 1.0]),
                 "seat": ([1.0, 0.0], [1.0, 0.0])}[what]
        games += [_g(0, rnd, rot, first[rot]) for rot in range(2)]
    return games


def test_a_deal_that_suits_one_bot_in_both_seatings_widens_the_interval_over_deals():
    """Seatings of a deal that go the same way (the deal suits one bot) are one piece of evidence, not
    two: 60 deals won 2-0 and 40 lost 0-2 are 120 wins of 200 games, where a Wilson interval over games
    ([0.53, 0.66]) claims more than 100 deals can show; the t interval over deals reaches 0.50."""
    plan = make_plan("dingo", contestants(["random", "rules"]), 2, (), "s", 200)
    report = summarize(plan, _deals(plan, ["rules"] * 60 + ["random"] * 40), cooperative=False)
    (pair,) = report["pairings"]
    assert pair["bots"] == ["random", "rules"] and pair["win_rate"] == 0.4
    assert pair["ci95"] == [0.3346, 0.4692]                                  # Wilson over games: too narrow
    assert pair["over_deals"] == {"deals": 100, "win_rate": 0.4, "ci95": [0.3023, 0.4977]}
    rules = next(b for b in report["bots"] if b["bot"] == "rules")
    assert rules["over_deals"] == {"deals": 100, "win_rate": 0.6, "ci95": [0.5023, 0.6977]}
    assert pair["deals"] == {"won": 40, "lost": 60, "even": 0, "share": 0.4, "ci95": [0.3094, 0.4980]}


def test_luck_that_falls_to_a_seat_cancels_within_a_deal_and_narrows_the_interval():
    """When the seat decides most deals (seat 0 wins both seatings), those deals are even whoever is
    better; the ten deals rules won 2-0 then show it stronger over deals ([0.52, 0.58], above 0.5), which
    a Wilson interval over games, spread by the seat's luck, does not ([0.48, 0.62])."""
    plan = make_plan("dingo", contestants(["random", "rules"]), 2, (), "s", 200)
    report = summarize(plan, _deals(plan, ["seat"] * 90 + ["rules"] * 10), cooperative=False)
    rules = next(b for b in report["bots"] if b["bot"] == "rules")
    assert rules["win_rate"] == 0.55 and rules["ci95"][0] < 0.5            # over games: not shown stronger
    assert rules["over_deals"]["ci95"][0] > 0.5 and rules["over_deals"]["ci95"] == [0.5201, 0.5799]


def test_the_interval_over_deals_covers_the_true_share_when_seatings_are_correlated():
    """400 simulated 50-deal matches where three deals in ten suit the bot and two suit the other (both
    seatings go that way), the rest a coin per game: the true share is 0.55. The t interval over deals
    covers it about 95% of the time; a Wilson interval over games only about 86%."""
    import random

    from dinocli.tournament.stats import over_deals, wilson

    rnd, covered, covered_by_games = random.Random(40), 0, 0
    for _ in range(400):
        shares = []
        for _ in range(50):
            u = rnd.random()
            shares.append(1.0 if u < 0.3 else 0.0 if u < 0.5 else ((rnd.random() < 0.5) + (rnd.random() < 0.5)) / 2)
        lo, hi = over_deals(shares)[1]
        covered += lo <= 0.55 <= hi
        lo, hi = wilson(sum(shares) * 2, 100)
        covered_by_games += lo <= 0.55 <= hi
    assert covered / 400 >= 0.93 and covered_by_games / 400 <= 0.88


def test_t_quantiles_and_deals_that_all_came_out_alike():
    """Student's t at 0.975 against the printed table; with no spread between deals (every deal won) the
    interval is Wilson's with the deal as the trial, never a zero-width interval."""
    from dinocli.tournament.stats import over_deals, t_quantile, wilson

    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 9: 2.262, 29: 2.045, 99: 1.984}
    assert all(abs(t_quantile(df) - t) < 0.004 for df, t in table.items())
    assert over_deals([1.0] * 100) == (1.0, wilson(100, 100))
    assert over_deals([0.5] * 20) == (0.5, wilson(10, 20))
    assert over_deals([]) == (0.5, (0.0, 1.0))
    mean, (lo, hi) = over_deals([0.0, 1.0])
    assert mean == 0.5 and (lo, hi) == (0.0, 1.0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([0.0, 0.25, 1 / 3, 0.5, 2 / 3, 1.0]), min_size=1, max_size=60))
def test_the_interval_over_deals_holds_the_mean_within_0_and_1(shares):
    from dinocli.tournament.stats import over_deals

    mean, (lo, hi) = over_deals(shares)
    assert 0.0 <= lo <= mean + 1e-12 and mean - 1e-12 <= hi <= 1.0 and hi > lo


def test_stopping_the_first_time_an_interval_clears_half_needs_the_anytime_interval():
    """#43 --until-decided: two equal bots (every game a coin), 150 matches of up to 120 deals, each looked at
    after every deal and stopped the first time its interval lies wholly above or below 0.5. The t interval
    over deals, read that way, names a winner between equal bots in about a third of the matches; the
    anytime interval (a confidence sequence) stays within its 5%."""
    import random

    from dinocli.tournament.stats import anytime_path, over_deals

    rnd, fooled_t, fooled_anytime = random.Random(43), 0, 0
    for _ in range(150):
        shares = [((rnd.random() < 0.5) + (rnd.random() < 0.5)) / 2 for _ in range(120)]
        fooled_t += any(not lo <= 0.5 <= hi for lo, hi in (over_deals(shares[:n])[1] for n in range(2, 121)))
        fooled_anytime += any(not lo <= 0.5 <= hi for lo, hi in anytime_path(shares))
    assert fooled_t >= 30 and fooled_anytime <= 7


def test_the_anytime_interval_narrows_with_deals_and_holds_the_mean_of_what_it_saw():
    from dinocli.tournament.stats import anytime, over_deals

    assert anytime([]) == (0.0, 1.0)
    shares = [1.0, 0.5, 1.0, 0.5, 0.0, 1.0, 1.0, 0.5] * 25   # a mean of 0.6875
    widths = [hi - lo for lo, hi in (anytime(shares[:n]) for n in (10, 50, 100, 200))]
    assert widths == sorted(widths, reverse=True) and widths[-1] < 0.3
    lo, hi = anytime(shares)
    t_lo, t_hi = over_deals(shares)[1]
    assert lo < t_lo <= 0.6875 <= t_hi < hi and lo > 0.5   # wider than the fixed-count interval, past half
    assert anytime([1.0] * 20)[0] > 0.5 and anytime([0.0] * 20)[1] < 0.5 and anytime([0.5] * 500)[0] < 0.5 < anytime([0.5] * 500)[1]
