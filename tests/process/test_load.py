"""Issue 39's load test, small: `dinocli bench serve --games 2` serves two 4-seat Dingo games from a real server
process on loopback to eight random-bot clients at once; every game ends verified by each of its seats, every
move reaches every other seat, and the figures the README gives are there (dinocli-bench(1))."""

from __future__ import annotations

import json

import pytest

from tests.process.conftest import ok, refused, run


@pytest.mark.long(20)
def test_bench_serve_plays_every_game_to_a_verified_end(tmp_path):
    proc = run("bench", "serve", "--games", "2", "--json", db=tmp_path / "unused.sqlite", timeout=300)
    ok(proc)
    got = json.loads(proc.stdout)["serve"]
    assert (got["games"], got["seats"], got["clients"], got["verified"]) == (2, 4, 8, 2), got
    assert got["moves"] > 100 and got["moves_per_second"] > 0
    assert 0 < got["seen_by_all_ms_median"] <= got["seen_by_all_ms_p99"] <= got["seen_by_all_ms_max"], got
    refused(run("bench", "serve", "mcts", db=tmp_path / "unused.sqlite"), 1, "name it alone")
    refused(run("bench", "serve", "--games", "1001", db=tmp_path / "unused.sqlite"), 1, "2 to 1000 games at once")
