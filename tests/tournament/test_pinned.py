"""Issue #18: the redesign (one headless play loop in dinocli.ai.arena, the tournament package)
plays every game as before. The report below was recorded with the code before the change (the
run figures, which hold wall-clock times, left out); the same seed must give it again, in this
process and as a separate `dinocli` process on two workers with its progress line on a terminal."""

from __future__ import annotations

import json
import os
import pty
import subprocess

from tests.clirunner import DINOCLI

ARGS = ["tournament", "dingo", "--bot", "rules", "--bot", "random", "--bot", "mcts:iterations=3", "--games", "2",
        "--seed", "pin", "--json"]


def _ci(lo, hi):
    return [lo, hi]


def _bot(bot, games, wins, mean, mu, ordinal, sigma, ci, over_deals):
    return {"bot": bot, "spec": bot, "games": games, "wins": wins, "win_rate": wins / games, "ci95": ci,
            "over_deals": {"deals": 2, "win_rate": wins / games, "ci95": over_deals},
            "mean_score": mean, "rating": {"mu": mu, "ordinal": ordinal, "sigma": sigma}}


def _pair(a, b, wins, ci, deal_ci):
    """#40: one deal of two games: the interval over deals is Wilson's of one trial, as the sign test's is."""
    won, lost = int(wins[0] == 2), int(wins[1] == 2)
    return {"bots": [a, b], "ci95": ci, "draws": 0, "games": 2, "sprt": None, "win_rate": wins[0] / 2, "wins": wins,
            "over_deals": {"deals": 1, "win_rate": wins[0] / 2, "ci95": deal_ci},
            "deals": {"won": won, "lost": lost, "even": 1 - won - lost, "share": float(won), "ci95": deal_ci}}


PINNED = {
    "bots": [_bot("rules", 4, 4.0, 16.0, 33.137, 10.884, 7.418, _ci(0.5101, 1.0), _ci(0.3424, 1.0)),
             _bot("mcts:iterations=3", 4, 2.0, 10.0, 25.269, 3.193, 7.359, _ci(0.15, 0.85), _ci(0.0, 1.0)),
             _bot("random", 4, 0.0, 4.0, 16.139, -5.954, 7.364, _ci(0.0, 0.4899), _ci(0.0, 0.6576))],
    "cooperative": False, "deterministic": True, "early_stop": False, "game": "dingo", "games": 6,
    "games_per_pairing": 2,
    "lineups": [{"bots": pair, "games": 2, "rounds": 1, "stopped_early": False}
                for pair in (["rules", "random"], ["rules", "mcts:iterations=3"], ["random", "mcts:iterations=3"])],
    "pairings": [_pair("rules", "random", [2, 0], _ci(0.3424, 1.0), _ci(0.2065, 1.0)),
                 _pair("rules", "mcts:iterations=3", [2, 0], _ci(0.3424, 1.0), _ci(0.2065, 1.0)),
                 _pair("random", "mcts:iterations=3", [0, 2], _ci(0.0, 0.6576), _ci(0.0, 0.7935))],
    "saved": 0, "seats": 2, "seed": "pin", "tournament": None, "unfinished": 0, "variants": ["two-player-six"],
    "warnings": [],
}


def _without_run(report: dict) -> dict:
    """The report less its run figures and the figures added since (issue 41: by seat, each deal's), which
    must agree with the pinned ones."""
    assert set(report["run"]) == {"workers", "scheduler", "elapsed", "games_per_second"}
    assert report["schema"] == 1   # #42: every --json output says its shape's version
    assert sum(s["wins"] for s in report["by_seat"]) == report["games"]
    assert len(report["deals"]) == len(report["pairings"]) and all(d["games"] == 2 for d in report["deals"])
    return {k: v for k, v in report.items() if k not in ("run", "schema", "by_seat", "deals")}


def test_a_seeded_tournament_reports_what_it_did_before_the_redesign(dino):
    r = dino(*ARGS, "--workers", "1", "--quiet")
    assert r.exit_code == 0, r.stderr
    assert _without_run(json.loads(r.stdout)) == PINNED
    assert r.stderr == ""  # --quiet: nothing on stderr (#42 item 1)


def test_as_a_process_on_two_workers_with_the_progress_line_on_a_terminal(tmp_path):
    """#18 item 4, #42 item 1: on a terminal's stderr one line redrawn in place, games done, the time
    left and wins so far; stdout keeps the JSON."""
    dinocli = DINOCLI
    master, slave = pty.openpty()
    try:
        proc = subprocess.run([dinocli, "--db", str(tmp_path / "t.sqlite"), *ARGS, "--workers", "2"],
                              stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL, timeout=120,
                              env={k: v for k, v in os.environ.items() if k != "DINOCLI_DB"})
        os.close(slave)
        shown = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(master)
    assert proc.returncode == 0, shown
    assert _without_run(json.loads(proc.stdout)) == PINNED
    text = shown.decode()
    last = text.rstrip("\r\n").rsplit("\r", 1)[1]
    assert "0/6 games" in text and "time left: estimating" in text and " left; wins so far: " in text, text
    assert last.startswith("6/6 games, ") and ", done; wins so far: rules 4, mcts:iterations=3 2, random 0" in last
