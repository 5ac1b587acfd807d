"""Strength figures: paired seeds, resumable runs, team scores and the seeing bounds."""

from __future__ import annotations

import json
import random

import pytest

from dinocli.ai.clairvoyant import Clairvoyant, Peeking
from dinocli.ai.arena import play_game
from dinocli.events import SeededRng, SimRng
from dinocli.games.runner import start
from dinocli.bench.strength import match, team

from .toygame import HIGHCARD


def test_a_match_is_paired_deterministic_and_resumes_from_its_file(tmp_path):
    path = tmp_path / "games.jsonl"
    first = match("dodos", "mcts:iterations=5", "random", 4, resume=path)
    t = first["sign_test"]
    assert first["games"] == 4 and first["deals"] == 2 and t["won"] + t["lost"] + t["even"] == 2
    assert 0 <= first["win_rate"] <= 1 and first["ci95"][0] <= first["win_rate"] <= first["ci95"][1]
    assert first["seconds_per_decision"] > 0 and first["unfinished"] == 0
    lines = path.read_text().splitlines()
    assert len(lines) == 4
    assert match("dodos", "mcts:iterations=5", "random", 4, resume=path) == first  # all four from the file
    assert path.read_text().splitlines() == lines
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])  # a stop cut the last line short
    again = match("dodos", "mcts:iterations=5", "random", 4, resume=path)
    assert {k: v for k, v in again.items() if k != "seconds_per_decision"} == \
        {k: v for k, v in first.items() if k != "seconds_per_decision"}  # the cut game is played again
    more = match("dodos", "mcts:iterations=5", "random", 6, resume=path)
    assert more["games"] == 6
    keys = [json.loads(x)["key"] for x in path.read_text().splitlines() if x.startswith('{"key"') and x.endswith("}")]
    assert len(set(keys)) == 6


def test_a_long_run_says_where_it_stands_by_the_interval_that_may_be_looked_at():
    """#40: every tenth game's progress line gives the anytime interval over the deals complete so far (in
    deal order), which holds however often it is read; the last one is the figure's own."""
    said = []
    m = match("dingo", "rules", "random", 20, progress=said.append)
    assert said[0].startswith("10/20 games, anytime interval [") and said[0].endswith("] over the first 5 deals")
    last = said[-1].partition("[")[2].partition("]")[0]
    assert said[-1].startswith("20/20 games, ") and [float(x) for x in last.split(", ")] == m["anytime95"]
    # a table of three: only whole deals count
    three = []
    match("dingo", "rules", "random", 10, seats=3, progress=three.append)
    assert three == [three[0]] and three[0].endswith("over the first 3 deals")


def test_until_decided_stops_a_clear_pairing_once_its_anytime_interval_leaves_half(tmp_path):
    """#43: --until-decided plays deals in order and stops the first time the anytime interval lies wholly
    on one side of the fair share; the figure is read by that interval; an even pairing plays them all."""
    from dinocli.bench import strength

    path, said = tmp_path / "games.jsonl", []
    m = match("dingo", "rules", "random", 200, until_decided=True, resume=path, progress=said.append)
    assert m["decided"] is True and 2 <= m["games"] < 200 and m["games"] % 2 == 0
    assert m["anytime95"][0] > 0.5 and m["ci95"][0] >= m["anytime95"][0]       # the anytime one is the wider
    assert len(path.read_text().splitlines()) == m["games"] and len(said) == m["deals"]
    assert said[-1].startswith(f"{m['games']}/200 games, anytime interval [")
    intervals = [[float(x) for x in line.partition("[")[2].rstrip("]").split(", ")] for line in said]
    assert all(lo <= 0.5 <= hi for lo, hi in intervals[:-1]) and intervals[-1] == m["anytime95"]   # the first that decided
    assert match("dingo", "rules", "random", 200, until_decided=True, resume=path) == m   # all from the file
    even = match("dingo", "rules", "rules", 6, until_decided=True)
    assert even["games"] == 6 and even["decided"] is False and even["anytime95"] == [0.0, 1.0]
    assert "decided" not in match("dingo", "rules", "rules", 2)
    assert strength._reading({**m, "ci95": [0.9, 1.0], "anytime95": [0.4, 1.0]}, True) == "not shown apart"
    # a search against another search is read as stronger or not, never against the 1.5-fair-share goal
    assert strength._reading(m, False, True) == "stronger"
    assert strength._reading({**m, "win_rate": 0.6}, False) == "short of the goal"


def test_seats_are_swapped_within_each_pair():
    a = match("dodos", "random", "rules", 2)
    b = match("dodos", "rules", "random", 2)
    assert a["win_rate"] + b["win_rate"] == 1.0  # the same two games, seen from the other side


def test_at_n_seats_each_seed_rotates_the_bot_through_every_seat_beside_rule_bots():
    """#23: bench --strength --seats N: the bot in one seat, the other bot in every other, each
    seed played with the bot in each seat; win share against the fair share 1/N."""
    from dinocli.bench import strength

    tasks = strength._rotated_tasks("dodos", "A", "b", 7, "s", (), {}, 3)
    assert [t[1] for t in tasks] == [("A", "b", "b"), ("b", "A", "b"), ("b", "b", "A")] * 2
    assert [t[2] for t in tasks] == ["s/0"] * 3 + ["s/1"] * 3
    assert [t[1] for t in strength._rotated_tasks("dodos", "A", "b", 4, "s", (), {})] == [("A", "b"), ("b", "A")] * 2
    r = match("dodos", "random", "rules", 3, seats=3)
    assert (r["games"], r["seats"], r["fair_share"]) == (3, 3, 0.333)
    assert r["deals"] == 1 and r["sign_test"]["won"] + r["sign_test"]["lost"] + r["sign_test"]["even"] == 1
    assert r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
    # the same bot in every seat wins exactly one game's worth of every rotation
    same = match("dodos", "rules", "rules", 3, seats=3)
    assert same["win_rate"] == round(1 / 3, 3) and same["sign_test"]["even"] == 1


def test_a_table_size_the_game_does_not_allow_is_refused():
    from dinocli.games.protocol import BadConfig
    from dinocli.bench.strength import check_seats, strength_figures

    check_seats("dodos", 6)
    for game, n in (("dodos", 7), ("dodos", 1), ("dillos", 5), ("dingo", 6)):
        with pytest.raises(BadConfig, match="not %d" % n):
            strength_figures(game, seats=n, games_=2)


def test_team_scores_of_a_cooperative_game():
    r = team("sos", "rules", 3)
    assert r["games"] == 3 and 0 <= r["min"] <= r["mean"] <= r["max"] <= 14
    assert r["ci95"][0] <= r["mean"] <= r["ci95"][1]


def test_the_clairvoyant_window_shows_the_true_state_and_the_real_draws():
    rng = SeededRng("seer")
    state, _ = start(HIGHCARD, HIGHCARD.configure(("a", "b"), (), {}), rng)
    seer = Clairvoyant(HIGHCARD, state, rng)
    assert seer.determinize(HIGHCARD.observe(state, 0), 0, random.Random(1)) is state
    draw = HIGHCARD.legal_actions(state)[1]
    assert seer.decide(state, draw, SimRng(5)) == HIGHCARD.decide(state, draw, rng)
    assert seer.info is HIGHCARD.info and seer.legal_actions(state) == HIGHCARD.legal_actions(state)


def test_the_peeking_window_shows_the_true_state_but_leaves_the_draws_to_the_search():
    """``peeking:SPEC`` sees every hidden card, not the luck to come: what the cards alone are worth."""
    state, _ = start(HIGHCARD, HIGHCARD.configure(("a", "b"), (), {}), SeededRng("seer"))
    peek = Peeking(HIGHCARD, state)
    assert peek.determinize(HIGHCARD.observe(state, 0), 0, random.Random(1)) is state
    draw = HIGHCARD.legal_actions(state)[1]
    outcomes = [peek.decide(state, draw, SimRng(k)) for k in range(20)]
    assert outcomes == [HIGHCARD.decide(state, draw, SimRng(k)) for k in range(20)]
    assert len({repr(o) for o in outcomes}) > 1  # the search's own rng draws, so the draw is not known
    assert peek.advance(state, draw, SimRng(3)) == HIGHCARD.advance(state, draw, SimRng(3))


def test_a_seeing_bot_plays_a_whole_game_under_its_own_name():
    rec = play_game(HIGHCARD, ["peeking:mcts:iterations=20", "mcts:iterations=20"], "pk/0")
    assert rec.over and rec.config.names == ("peeking0", "mcts1") and sum(rec.moves) == rec.decisions


def test_a_clairvoyant_search_beats_the_honest_one_where_the_draws_matter():
    honest, seer = "mcts:iterations=60,rollout=random", "clairvoyant:mcts:iterations=60,rollout=random"
    total = 0.0
    for i in range(60):
        for seat in (0, 1):
            specs = [honest, honest]
            specs[seat] = seer
            r = play_game(HIGHCARD, specs, f"cv/{i}").returns
            total += (r[seat] > r[1 - seat]) + 0.5 * (r[seat] == r[1 - seat])
    assert total / 120 > 0.6


def test_a_resume_key_spells_the_search_out_with_the_games_tuning(monkeypatch):
    """Two specs that search alike share a key; once a game's presets or rules version change,
    a file written before lends none of its games to the run after."""
    from types import SimpleNamespace

    import msgspec

    from dinocli import games
    from dinocli.ai.spec import resolved
    from dinocli.bench import strength

    def key(*specs):
        return strength._key(("dodos", specs, "s/0", (), {}))

    real = games.get("dodos")
    spelled = resolved("mcts:easy", real.info.mcts_tuning)
    assert key("mcts:easy", "random") == key(spelled, "random") != key("mcts:easy,iterations=7", "random")
    assert key("clairvoyant:mcts:easy", "random") == key("clairvoyant:" + spelled, "random")
    assert key("peeking:mcts:easy", "random") == key("peeking:" + spelled, "random") != key("clairvoyant:mcts:easy", "random")
    before = key("mcts:easy", "rules")
    for change in ({"mcts_tuning": {"easy": {"iterations": 7}}}, {"rules_version": "next"}):
        other = SimpleNamespace(info=msgspec.structs.replace(real.info, **change))
        monkeypatch.setattr(strength.games, "get", lambda game_id, other=other: other)
        assert key("mcts:easy", "rules") != before


def test_a_resume_key_and_a_bound_follow_the_board_the_variants_set_up():
    """A board with presets of its own ('Dillos 5x5, DILLO-02) searches with them, so its games are keyed
    by the search they played there and its bound is eight times that board's budget."""
    import json

    from dinocli import games
    from dinocli.ai.clairvoyant import bound_spec
    from dinocli.bench import strength

    def spelled(variants):
        return json.loads(strength._key(("dillos", ("mcts:medium", "rules"), "s/0", variants, {})))[2][0]

    assert "iterations=3600," in spelled(("small",)) and "iterations=300," in spelled(("houston",))
    assert strength.tuning("dillos", ("small",))["medium"] == {"iterations": 3600}
    assert strength.tuning("dodos", ("space",)) is games.get("dodos").info.mcts_tuning
    assert "iterations=28800," in bound_spec("mcts:medium", strength.tuning("dillos", ("small",)))
    assert "iterations=2400," in bound_spec("mcts:medium", strength.tuning("dillos", ()))


def test_the_bound_searches_the_same_way_with_eight_times_the_budget():
    """#40 bounds that bound: a bound at the bot's own budget does not bound ('Dillos at 3-4 seats), so the
    clairvoyant bound is the same search, spelled out with the game's tuning, at 8x its iterations (or
    seconds); a bot that does not search has none, and a budget past the limits is refused."""
    from dinocli import games
    from dinocli.ai.clairvoyant import bound_spec
    from dinocli.ai.spec import BotSpecError, parse_spec, tuned

    tuning = games.get("dodos").info.mcts_tuning
    spec = bound_spec("mcts:medium", tuning)
    assert spec.startswith("clairvoyant:mcts:iterations=4800,")
    honest, seeing = tuned(parse_spec("mcts:medium"), tuning), tuned(parse_spec(spec.partition(":")[2]), tuning)
    assert seeing.iterations == 8 * honest.iterations
    assert {k: getattr(seeing, k) for k in ("c", "rollout", "cutoff", "stop", "opponents", "widen", "prior", "belief")} \
        == {k: getattr(honest, k) for k in ("c", "rollout", "cutoff", "stop", "opponents", "widen", "prior", "belief")}
    # a spec that turns the game's widening off keeps it off in its bound
    assert tuned(parse_spec(bound_spec("mcts:widen=0", tuning).partition(":")[2]), tuning).widen == 0.0
    assert bound_spec("mcts:seconds=0.5", None).startswith("clairvoyant:mcts:seconds=4.0,")
    for bad in ("rules", "random", "mcts:iterations=2000000"):
        with pytest.raises(BotSpecError):
            bound_spec(bad, tuning)


def test_bench_levels_and_bound_make_each_readme_row_with_its_command_and_family(monkeypatch):
    """#40 levels that climb: `bench GAME --strength --levels --bound --seed FAMILY` measures each level
    against the one below, with the 8x bound on the same deals, and gives the README row naming the command
    and the family; a row against the rule bots carries the fair share and the 1.5x goal."""
    from dinocli import climb
    from dinocli.bench import strength

    monkeypatch.setattr(climb, "MCTS_LEVELS", ("mcts:iterations=1", "mcts:iterations=2", "mcts:iterations=4"))
    monkeypatch.setattr(strength, "level_times", lambda *a, **k: {})   # the levels' seconds: another test
    out = strength.strength_figures("dodos", levels=True, bound=True, seed="smoke40", games_=2)
    assert [k for k in out if " vs " in k] == ["mcts:iterations=4 vs mcts:iterations=2",
                                               "mcts:iterations=2 vs mcts:iterations=1"]
    top = out["mcts:iterations=4 vs mcts:iterations=2"]
    assert top["bound"]["bot"].startswith("clairvoyant:mcts:iterations=32,") and top["bound"]["deals"] == top["deals"]
    assert top["reading"] in ("climbs", "not shown apart") and top["offered"] is True and top["seed"] == "smoke40"
    assert top["row"].startswith("| Dodos Riding Dinos | iterations=4 vs iterations=2 | ")
    assert top["row"].endswith("| `smoke40` | `dinocli bench dodos --strength --levels --games 2 --bound --seed smoke40` |")

    m = strength.strength_figures("dodos", bot="mcts:iterations=2", against=["rules"], seats=3, games_=3,
                                  seed="smoke40")["mcts:iterations=2 vs rules"]
    assert (m["fair_share"], m["goal"], m["deals"]) == (0.333, 0.5, 1) and "bound" not in m
    assert m["row"].startswith("| Dodos Riding Dinos | 3 | `mcts:iterations=2` vs `rules` | ")
    assert "| 0.333 | 0.5 | " in m["row"] and "| not measured | " in m["row"]
    assert m["row"].endswith("`dinocli bench dodos --strength --bot mcts:iterations=2 --against rules --seats 3 "
                             "--games 3 --seed smoke40` |")
    sos = strength.strength_figures("sos", bot="mcts:iterations=2", games_=2, seed="smoke40", bound=True)
    assert "team score clairvoyant:mcts:iterations=16," in " ".join(sos)   # the team's bound, at 8x too
    assert sos["row"].startswith("| SOS Dino | 2 | random ") and " | bound " in sos["row"]
    assert sos["row"].endswith("`dinocli bench sos --strength --bot mcts:iterations=2 --games 2 --bound --seed smoke40` |")


@pytest.mark.parametrize("args, message", [
    (["dingo", "--levels"], "--levels goes with --strength"),
    (["dingo", "--strength", "--levels"], "--levels needs --seed FAMILY"),
    (["dingo", "--strength", "--levels", "--seed", " "], "--levels needs --seed FAMILY"),
    (["dingo", "--strength", "--levels", "--seed", "x", "--against", "rules"], "no --bot or --against"),
    (["sos", "--strength", "--levels", "--seed", "x"], "sos is cooperative"),
    (["dingo", "--until-decided"], "--until-decided goes with --strength"),
    (["sos", "--strength", "--until-decided"], "sos is cooperative"),
    (["dingo", "--belief", "--until-decided"], "--belief is a measure of its own"),
    (["dingo", "--strength", "--bound", "--bot", "rules"], "no clairvoyant bound for 'rules'"),
    (["dingo", "--strength", "--bound", "--bot", "mcts:iterations=2000000"], "16,000,000 iterations, past the limit of 10,000,000"),
])
def test_a_levels_or_bound_request_that_cannot_be_measured_is_refused_before_any_game(args, message):
    from click.testing import CliRunner

    from dinocli.cli import cli

    r = CliRunner().invoke(cli, ["bench", *args])
    assert r.exit_code == 1 and message in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
