"""Issue 9, fairness: who meets whom, seat rotation through every position, paired seeds."""

from __future__ import annotations

from collections import Counter

import pytest

from dinocli.tournament.command import contestants
from dinocli.tournament.plan import TournamentError, lineups, make_plan, round_seed, seatings
from dinocli.tournament.run import jobs_for


def test_two_seat_lineups_are_every_pairing_once():
    assert lineups(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert lineups(1, 2) == [(0, 0)]  # one bot plays itself


def test_more_seats_than_bots_fill_every_way_with_all_bots_playing():
    """2 bots at 3 seats: {a,a,b} and {a,b,b}, so neither bot gets the extra seat more often."""
    assert lineups(2, 3) == [(0, 0, 1), (0, 1, 1)]
    assert lineups(3, 4) == [(0, 0, 1, 2), (0, 1, 1, 2), (0, 1, 2, 2)]
    seat_counts = Counter(c for lu in lineups(3, 4) for c in lu)
    assert len(set(seat_counts.values())) == 1


def test_cooperative_games_play_every_team_a_bot_alone_included():
    """Cooperative: all seats share one score, so only teams of different make-up tell bots apart."""
    assert lineups(2, 2, cooperative=True) == [(0, 0), (0, 1), (1, 1)]
    assert lineups(3, 1, cooperative=True) == [(0,), (1,), (2,)]


def test_more_bots_than_seats_play_every_table_of_that_size():
    assert lineups(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]


@pytest.mark.parametrize("members", [(0, 1), (0, 1, 2), (0, 0, 1), (0, 1, 2, 3), (0, 0, 1, 1)])
def test_seatings_rotate_every_bot_through_every_position(members):
    """Issue 9: for 3+ seats the seating rotates through all positions."""
    rot = seatings(members)
    assert len(set(rot)) == len(rot)
    for pos in range(len(members)):
        assert Counter(s[pos] for s in rot) == Counter({c: members.count(c) * len(rot) // len(members)
                                                       for c in set(members)})


def test_self_play_is_not_played_twice_on_one_deal():
    assert seatings((0, 0)) == ((0, 0),)


def test_games_round_up_to_whole_rounds_so_every_deal_is_played_in_every_seating():
    cs = contestants(["random", "rules", "mcts:iterations=5"])
    plan = make_plan("dingo", cs, 3, (), "s", 5)
    assert [lu.games for lu in plan.lineups] == [6]
    plan2 = make_plan("dingo", cs, 2, (), "s", 5)
    assert [lu.rounds for lu in plan2.lineups] == [3, 3, 3]
    assert plan2.games == 18


def test_every_pairing_plays_the_same_seeds_with_seats_rotated():
    """Issue 9, paired seeds: the jobs cover each (lineup, round, seating) exactly once, every
    lineup gets the same round seeds, and both seatings of a round share the deal."""
    cs = contestants(["random", "rules", "mcts:easy"])
    plan = make_plan("dingo", cs, 2, (), "base", 7)
    for workers in (1, 2, 5):
        games = Counter()
        for job in jobs_for(plan, workers=workers, record=False):
            assert job.seed == "base"
            for rnd in job.rounds:
                for rot, specs in enumerate(job.seatings):
                    games[(job.lineup, rnd, rot)] += 1
                    assert specs == plan.specs(job.lineup, rot)
        assert set(games.values()) == {1}
        assert len(games) == plan.games
        for lu in plan.lineups:
            assert {r for (l, r, _) in games if l == lu.index} == set(range(4))
    assert plan.specs(0, 0) == ("random", "rules") and plan.specs(0, 1) == ("rules", "random")
    assert round_seed("base", 3) == "base/3"


def test_contestants_get_canonical_specs_and_unique_labels():
    cs = contestants(["RULES", "mcts:medium,iterations=40", "rules"])
    assert [c.spec for c in cs] == ["rules", "mcts:iterations=40", "rules"]
    assert [c.label for c in cs] == ["rules", "mcts:iterations=40", "rules#2"]


def test_a_bad_spec_is_a_one_line_game_error():
    with pytest.raises(TournamentError) as exc:
        contestants(["rules", "mcts:iterations=zero"])
    assert "\n" not in str(exc.value) and "iterations" in str(exc.value)
