"""Issue 9 through the command line: the table, --json, --save then games/replay, bad input."""

from __future__ import annotations

import pytest


def test_save_stores_replayable_games_tagged_with_a_short_tournament_id(dino):
    """--save: every game is a normal game; `games --tournament ID` lists them; replay --verify
    passes (played on 2 worker processes: only this process writes)."""
    report = dino.json("tournament", "dingo", "--bot", "rules", "--bot", "random", "--bot", "mcts:iterations=3",
                       "--games", "2", "--workers", "2", "--seed", "saved", "--save")
    tid = report["tournament"]
    assert tid and len(tid) <= 8 and report["saved"] == report["games"] == 6
    listed = dino.json("games", "--tournament", tid)
    assert len(listed) == 6
    assert all(g["tournament"] == tid and g["over"] and g["kind"] == "dingo" for g in listed)
    bots = sorted(tuple(s.split(" (")[1].rstrip(")") for s in g["seats"]) for g in listed)
    assert bots == sorted([("rules", "random"), ("random", "rules"), ("rules", "mcts:iterations=3"),
                           ("mcts:iterations=3", "rules"), ("random", "mcts:iterations=3"),
                           ("mcts:iterations=3", "random")])
    for g in listed:
        r = dino("replay", g["game"], "--verify")
        assert r.exit_code == 0, r.stderr
        assert r.stdout.startswith("Verified ")
    shown = dino.json("show", listed[0]["game"])
    assert shown["over"] and shown["returns"] is not None
    assert dino.json("games", "--tournament", "nosuch") == []


def test_the_terminal_table_names_the_tournament_to_list(dino):
    r = dino("tournament", "dingo", "--bot", "rules", "--bot", "random", "--games", "2", "--workers", "1", "--save")
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    for heading in ("bot", "games", "wins", "win rate", "95% CI", "score", "openskill", "ordinal", "Head to head"):
        assert heading in out
    assert "rules vs random" in out
    tid = out.rsplit("dinocli games --tournament ", 1)[1].split()[0]
    assert len(dino.json("games", "--tournament", tid)) == 2
    assert r.stderr == ("dinocli: tournament: 2 games of dingo on 1 worker; a line about once a minute "
                        "(--quiet: none)\n")  # #42 item 1: not a terminal, so a line when it starts


def test_json_report_shape(dino):
    report = dino.json("tournament", "dingo", "--bot", "rules", "--bot", "random", "--games", "4",
                       "--workers", "1", "--seed", "shape")
    assert report["tournament"] is None and report["saved"] == 0
    assert {k: report[k] for k in ("game", "seats", "seed", "games_per_pairing", "games", "cooperative",
                                   "deterministic", "early_stop", "unfinished")} == {
        "game": "dingo", "seats": 2, "seed": "shape", "games_per_pairing": 4, "games": 4, "cooperative": False,
        "deterministic": True, "early_stop": False, "unfinished": 0}
    assert report["variants"] == ["two-player-six"]
    assert [b["bot"] for b in report["bots"]] == ["rules", "random"]  # by rating
    bot = report["bots"][0]
    assert set(bot) == {"bot", "spec", "games", "wins", "win_rate", "ci95", "over_deals", "mean_score", "rating"}
    assert bot["over_deals"]["deals"] == 2 and bot["over_deals"]["win_rate"] == bot["win_rate"]   # #40
    assert set(bot["rating"]) == {"mu", "sigma", "ordinal"}
    assert bot["games"] == 4 and 0 <= bot["ci95"][0] <= bot["win_rate"] <= bot["ci95"][1] <= 1
    (pair,) = report["pairings"]
    assert set(pair) == {"bots", "games", "wins", "draws", "win_rate", "ci95", "over_deals", "deals", "sprt"}
    assert pair["bots"] == ["rules", "random"] and sum(pair["wins"]) + pair["draws"] == 4
    assert set(pair["deals"]) == {"won", "lost", "even", "share", "ci95"}
    assert pair["deals"]["won"] + pair["deals"]["lost"] + pair["deals"]["even"] == 2  # 2 seeds, 2 seatings each
    assert report["lineups"] == [{"bots": ["rules", "random"], "games": 4, "rounds": 2, "stopped_early": False}]
    assert set(report["run"]) == {"workers", "scheduler", "elapsed", "games_per_second"}
    assert report["warnings"] == []


def test_an_unknown_game_is_a_usage_error_as_in_new(dino):
    """An unknown game name is a usage error (exit 2) naming the games, as `new` and `rules` say it."""
    r = dino("tournament", "chess", "--bot", "rules", "--save", "--workers", "1")
    assert r.exit_code == 2 and "unknown game 'chess'; choose one of: dillos, dingo, dodos, sos" in r.stderr
    assert dino.json("games") == []


@pytest.mark.parametrize("args, message", [
    (["dingo", "--bot", "rules", "--bot", "mcts:iterations=0"], "bad bot spec 'mcts:iterations=0'"),
    (["dingo", "--bot", "genius"], "unknown bot kind"),
    (["dingo", "--bot", "rules", "--seats", "9"], "players, not 9"),
    (["dingo", "--bot", "rules", "--variant", "turbo"], "turbo"),
    (["dingo", "--bot", "rules", "--scheduler", "tcp://127.0.0.1:1", "--games", "1"], None),
])
def test_bad_input_is_one_line_exit_1_and_saves_nothing(dino, monkeypatch, args, message):
    if message is None:
        pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
        monkeypatch.setattr("dinocli.tournament.run.CONNECT_TIMEOUT", 0.5)
        message = "cannot reach the dask scheduler at tcp://127.0.0.1:1"
    r = dino("tournament", *args, "--save", *([] if "--scheduler" in args else ["--workers", "1"]))
    assert r.exit_code == 1, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and message in r.stderr, r.stderr
    assert dino.json("games") == []


def test_one_bot_plays_itself(dino):
    report = dino.json("tournament", "dingo", "--bot", "random", "--games", "3", "--workers", "1")
    assert report["games"] == 3 and report["pairings"] == []
    assert report["bots"][0]["games"] == 3 and report["bots"][0]["wins"] == 3


def test_a_repeated_spec_is_two_contestants(dino):
    report = dino.json("tournament", "dingo", "--bot", "random", "--bot", "random", "--games", "2", "--workers", "1")
    assert sorted(b["bot"] for b in report["bots"]) == ["random", "random#2"]
    assert report["pairings"][0]["bots"] == ["random", "random#2"]


def test_as_a_process_off_a_terminal_it_says_when_it_starts_and_quiet_says_nothing(tmp_path):
    """#42 items 1 and 14: a separate `dinocli tournament` with stderr to a pipe writes one line when it
    starts (games, workers), --quiet none; --help says so and gives an example line."""
    import subprocess

    from tests.clirunner import DINOCLI

    def run(*args):
        return subprocess.run([DINOCLI, "--db", str(tmp_path / "t.db"), "tournament", *args], capture_output=True,
                              text=True, timeout=120)

    args = ("dingo", "--bot", "rules", "--bot", "random", "--games", "2", "--workers", "2")
    said = run(*args)
    assert said.returncode == 0 and "rules vs random" in said.stdout
    assert said.stderr == "dinocli: tournament: 2 games of dingo on 2 workers; a line about once a minute (--quiet: none)\n"
    quiet = run(*args, "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == "" and quiet.stdout.splitlines()[2:] == said.stdout.splitlines()[2:]
    helped = run("--help").stdout
    assert "Example: dinocli tournament dingo --bot mcts:easy --bot rules --bot random --games 20" in helped
    assert "once" in helped and "-q, --quiet" in helped
