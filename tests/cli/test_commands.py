"""Every command of the CLI contract, from the user's seat (CliRunner)."""

from __future__ import annotations

import json

import pytest


FAST = ["--bot", "rules", "--bot", "random"]


def new_game(dino, *extra):
    """A dingo game with one human ("you") and two fast bots, not opened at the prompt."""
    data = dino.json("new", "dingo", *FAST, "--seed", "7", "--no-play", *extra)
    return data["game"]


def test_new_watch_plays_an_all_bot_game_to_the_end(dino):
    data = dino.json("new", "dingo", "--watch", "--bot", "rules", "--bot", "random", "--seed", "3")
    assert data["over"] is True
    assert len(data["returns"]) == 2
    games = dino.json("games")
    assert games[0]["game"] == data["game"] and games[0]["over"]


def test_new_rejects_unknown_game_bad_bot_and_bad_names(dino):
    r = dino("new", "chess", "--bots", "1", "--no-play")
    assert r.exit_code == 2 and "unknown game 'chess'" in r.stderr     # a usage mistake (#22)
    r = dino("new", "dingo", "--bot", "wizard", "--no-play")
    assert r.exit_code == 2 and "wizard" in r.stderr
    r = dino("new", "dingo", "--player", "a b", "--bots", "1", "--no-play")
    assert r.exit_code == 2 and "player name" in r.stderr          # the command line's mistake, as --bot's
    for bad in (["--player", "ann", "--player", "ANN"], ["--bots", "1", "--variant", "nope"]):
        r = dino("new", "dingo", *bad, "--no-play")
        assert r.exit_code == 2 and ("must be different" in r.stderr or "unknown variant" in r.stderr), r.stderr
    assert dino.json("games") == []


def test_show_actions_and_move_as_the_human(dino):
    gid = new_game(dino)
    shown = dino.json("show", gid)
    assert shown["to_move_name"] == "you" and not shown["over"]
    assert len(shown["state_hash"]) == 64
    acts = dino.json("actions", gid)["actions"]
    assert acts
    moved = dino.json("move", gid, acts[0])
    assert moved["played"][0]["action"] == acts[0]
    assert moved["head"] > shown["head"]
    text = dino("show", gid).stdout
    assert "To move" in text or "Game over" in text


def test_a_unique_prefix_addresses_a_game(dino):
    gid = new_game(dino)
    assert dino.json("show", gid[:4])["game"] == gid


def test_illegal_and_malformed_moves_change_nothing(dino):
    gid = new_game(dino)
    before = dino.json("show", gid)
    for bad in ["fly to the moon", "discard 99", "9999999999999999999999"]:
        r = dino("move", gid, bad)
        assert r.exit_code == 1, r.output
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("dinocli: ")
    assert dino.json("show", gid)["head"] == before["head"]


def test_unknown_game_id_is_a_one_line_error(dino):
    for cmd in (["show", "zzzzzz"], ["actions", "zzzzzz"], ["move", "zzzzzz", "discard 1"], ["undo", "zzzzzz"]):
        r = dino(*cmd)
        assert r.exit_code == 1 and r.stderr.count("\n") == 1, r.output


def test_undo_and_redo_move_the_head_only(dino):
    gid = new_game(dino)
    start = dino.json("show", gid)
    dino.json("move", gid, dino.json("actions", gid)["actions"][0])
    after = dino.json("show", gid)
    assert dino("undo", gid).exit_code == 0
    assert dino.json("show", gid)["head"] == start["head"]
    assert dino.json("show", gid)["state_hash"] == start["state_hash"]
    assert dino("redo", gid).exit_code == 0
    assert dino.json("show", gid)["head"] == after["head"]
    r = dino("redo", gid)
    assert r.exit_code == 1 and "nothing to redo" in r.stderr


def test_undo_with_nothing_to_undo(dino):
    gid = new_game(dino)
    r = dino("undo", gid)
    assert r.exit_code == 1 and "nothing to undo" in r.stderr


def test_branch_branches_checkout(dino):
    gid = new_game(dino)
    start = dino.json("show", gid)
    assert dino("branch", gid, "plan-b").exit_code == 0
    dino.json("move", gid, dino.json("actions", gid)["actions"][0])
    names = {b["name"]: b for b in dino.json("branches", gid)}
    assert names["main"]["current"] and "plan-b" in names
    assert dino("checkout", gid, "plan-b").exit_code == 0
    assert dino.json("show", gid)["head"] == start["head"]
    assert dino("checkout", gid, "main").exit_code == 0
    r = dino("checkout", gid, "nope")
    assert r.exit_code == 1
    r = dino("branch", gid, "plan-b")
    assert r.exit_code == 1


def test_a_move_after_undo_keeps_the_old_line_reachable(dino):
    gid = new_game(dino)
    acts = dino.json("actions", gid)["actions"]
    dino.json("move", gid, acts[0])
    dino("undo", gid)
    dino.json("move", gid, acts[-1])
    assert len(dino.json("branches", gid)) == 2


def test_log_hides_other_hands(dino):
    gid = new_game(dino, "--casual")   # an explicit --casual lets --as look at another seat (#22)
    rows = dino.json("log", gid)
    assert rows and rows[0]["event"] == 1
    text = dino("log", gid).stdout
    assert text.strip()
    full = dino.json("log", gid, "--as", "rex")
    assert full != rows or len(rows) == len(full)


def test_export_import_replay_verify(dino, tmp_path):
    from tests.cli.conftest import Dino

    data = dino.json("new", "dingo", "--watch", "--bot", "rules", "--bot", "random", "--seed", "5")
    out = tmp_path / "game.jsonl"
    assert dino("export", data["game"], "-o", out).exit_code == 0
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "dinocli-log" and json.loads(lines[-1])["footer"]
    other = Dino(tmp_path / "other.sqlite")
    r = other("import", out)
    assert r.exit_code == 0, r.output
    gid = other.json("games")[0]["game"]
    assert other.json("show", gid)["state_hash"] == dino.json("show", data["game"])["state_hash"]
    assert other("replay", gid, "--verify").exit_code == 0
    r = dino("replay", out, "--verify")
    assert r.exit_code == 0 and "Verified" in r.stdout


def test_tampered_import_is_rejected_with_exit_4(dino, tmp_path):
    from tests.cli.conftest import Dino

    data = dino.json("new", "dingo", "--watch", "--bot", "rules", "--bot", "random", "--seed", "6")
    out = tmp_path / "game.jsonl"
    dino("export", data["game"], "-o", out)
    lines = out.read_text().splitlines()
    ev = json.loads(lines[3])
    ev["actor"] = 1 - (ev["actor"] or 0)
    lines[3] = json.dumps(ev)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    other = Dino(tmp_path / "other.sqlite")
    r = other("import", bad)
    assert r.exit_code == 4 and "line 4" in r.stderr, r.output
    assert other.json("games") == []


def test_export_as_a_seat_cannot_be_imported(dino, tmp_path):
    from tests.cli.conftest import Dino

    gid = new_game(dino)
    out = tmp_path / "view.jsonl"
    assert dino("export", gid, "-o", out, "--as", "you").exit_code == 0
    r = Dino(tmp_path / "o.sqlite")("import", out)
    assert r.exit_code == 4


def test_help_lists_every_contract_command(dino):
    r = dino("--help")
    for cmd in ["new", "games", "play", "show", "actions", "move", "undo", "redo", "branch", "branches",
                "checkout", "log", "export", "import", "replay", "hint", "bench", "rules"]:
        assert f"  {cmd}" in r.stdout, cmd


def test_a_seat_view_export_replays_as_text_and_verifies_what_it_can(dino, tmp_path):
    """A seat's view verifies its chain and what the seat saw, and says what it could not check (#16)."""
    gid = new_game(dino)
    dino.json("move", gid, dino.json("actions", gid)["actions"][0])
    out = tmp_path / "view.jsonl"
    assert dino("export", gid, "-o", out, "--as", "you").exit_code == 0
    r = dino("replay", out)
    assert r.exit_code == 0 and "you:" in r.stdout
    r = dino("replay", out, "--verify")
    assert r.exit_code == 0 and "hash chain of all" in r.stdout and "Not checked:" in r.stdout


@pytest.fixture
def engine_figures_on_a_small_budget(monkeypatch):
    """`bench GAME --strength` also takes the game's engine figures (game_figures: 3 s of random games and 200
    rule-bot games against random). The strength tests look only at the strength figures: the engine's are taken
    on the budget test_bench_figures_of_a_game_with_a_variant_on checks them with (0.2 s, 2 games)."""
    from dinocli.bench import game

    real = game.game_figures
    monkeypatch.setattr(game, "game_figures", lambda name, **k: real(name, **{"seconds": 0.2, "matches": 2, **k}))


def test_bench_strength_of_a_cooperative_game(dino, tmp_path, engine_figures_on_a_small_budget):
    """`bench GAME --strength`: team scores beside random, rules and the clairvoyant bound; level times."""
    out = dino.json("bench", "sos", "--strength", "--games", "2", "--bot", "mcts:iterations=10",
                    "--positions", "1", "--resume", tmp_path / "sos.jsonl")
    figures = out["sos"]
    for spec in ("random", "rules", "mcts:iterations=10", "clairvoyant:mcts:iterations=10"):
        assert figures[f"team score {spec}"]["games"] == 2
    assert figures["timed_positions"] == 1
    assert 0 < figures["easy_seconds_per_decision"] and 0 < figures["hard_seconds_per_decision"]
    assert len((tmp_path / "sos.jsonl").read_text().splitlines()) == 8
    assert figures["seed"] == "strength"


@pytest.mark.long(5)
def test_bench_strength_plays_the_deals_of_a_seed(dino, tmp_path, engine_figures_on_a_small_budget):
    """#23: `--seed` chooses the deals of --strength, so a README row can be played again (`--seed s8`);
    the same seed plays the same games, another seed others, and --seed alone is refused."""
    args = ("bench", "dingo", "--strength", "--bot", "mcts:iterations=3", "--against", "rules", "--games", "2",
            "--positions", "1")
    first = dino.json(*args, "--seed", "s8", "--resume", tmp_path / "a.jsonl")["dingo"]
    again = dino.json(*args, "--seed", "s8", "--resume", tmp_path / "b.jsonl")["dingo"]
    other = dino.json(*args, "--seed", "s9", "--resume", tmp_path / "c.jsonl")["dingo"]
    assert first["seed"] == "s8" and other["seed"] == "s9"
    keys = lambda name: [json.loads(json.loads(line)["key"])[3] for line in (tmp_path / name).read_text().splitlines()]
    assert sorted(keys("a.jsonl")) == sorted(keys("b.jsonl")) == ["s8/0", "s8/0"]
    assert sorted(keys("c.jsonl")) == ["s9/0", "s9/0"]
    results = lambda name: sorted(json.loads(line)["result"]["scores"] for line in (tmp_path / name).read_text().splitlines())
    assert results("a.jsonl") == results("b.jsonl")
    r = dino("bench", "dingo", "--seed", "s8")
    assert r.exit_code == 1 and "--seed chooses the deals of --strength" in r.output


def test_bench_strength_at_a_table_of_three(dino, monkeypatch, engine_figures_on_a_small_budget):
    """#23 `bench GAME --strength --seats N`: the bot beside rule bots on seat rotations, win share
    with its interval and the fair share; positions timed at that table size."""
    import dinocli.bench

    real, calls = dinocli.bench.run, []

    def run(*a, **k):
        """Measure once; a second call with the same request gets the same figures."""
        request = (a, {**k, "progress": None})
        if not calls:
            calls.append((request, real(*a, **k)))
        assert request == calls[0][0], "the text run asked for another measurement"
        return calls[0][1]

    monkeypatch.setattr(dinocli.bench, "run", run)
    args = ("bench", "dodos", "--strength", "--seats", "3", "--games", "3", "--bot", "mcts:iterations=5", "--positions", "1")
    out = dino.json(*args)["dodos"]
    assert out["seats"] == 3 and out["timed_positions"] == 1
    for other in ("rules", "random"):
        m = out[f"mcts:iterations=5 vs {other}"]
        assert (m["games"], m["seats"], m["fair_share"]) == (3, 3, 0.333)
        assert m["ci95"][0] <= m["win_rate"] <= m["ci95"][1]
    r = dino(*args)   # the same figures as text (measured once: a second measurement only costs time)
    assert r.exit_code == 0 and "fair_share" in r.stdout and "0.333" in r.stdout


def test_bench_strength_against_another_level(dino, engine_figures_on_a_small_budget):
    """#23 levels: `--bot A --against B` measures A with B in every other seat, on the same paired
    rotations (and only that figure); the level times come with CPU seconds beside the wall clock."""
    out = dino.json("bench", "dillos", "--strength", "--bot", "mcts:iterations=6", "--against", "mcts:iterations=3",
                    "--games", "4", "--positions", "1")["dillos"]
    assert [k for k in out if " vs " in k] == ["mcts:iterations=6 vs mcts:iterations=3"]
    m = out["mcts:iterations=6 vs mcts:iterations=3"]
    assert m["games"] == 4 and m["deals"] == 2 and sum(m["sign_test"][k] for k in ("won", "lost", "even")) == 2
    for level in ("easy", "medium", "hard"):
        assert 0 < out[f"{level}_cpu_seconds_per_decision"] <= out[f"{level}_cpu_seconds_max"]


@pytest.mark.long(4)
def test_bench_strength_of_the_clairvoyant_bound(dino, engine_figures_on_a_small_budget):
    """#23: `--bot clairvoyant:SPEC` (or `--against`) is the bound the README's tables show: the same
    search seeing the true deal and the dice to come; only an mcts spec can see."""
    out = dino.json("bench", "dillos", "--strength", "--bot", "clairvoyant:mcts:iterations=5", "--against", "rules",
                    "--games", "2", "--positions", "1")["dillos"]
    assert out["clairvoyant:mcts:iterations=5 vs rules"]["games"] == 2
    r = dino("bench", "dillos", "--strength", "--bot", "clairvoyant:rules")
    assert r.exit_code == 1 and "clairvoyant: goes with an mcts spec" in r.output and len(r.output.strip().splitlines()) == 1
    r = dino("bench", "dillos", "--strength", "--against", "clairvoyant:genius")
    assert r.exit_code == 1 and "clairvoyant: goes with an mcts spec" in r.output
    r = dino("bench", "dillos", "--strength", "--against", "clairvoyant:mcts:genius")
    assert r.exit_code == 1 and "unknown level or option 'genius'" in r.output
    # peeking: sees every hand and face-down pick, not the dice: what the hidden cards are worth
    out = dino.json("bench", "dodos", "--strength", "--bot", "peeking:mcts:iterations=5", "--against", "rules",
                    "--games", "2", "--positions", "1")["dodos"]
    assert out["peeking:mcts:iterations=5 vs rules"]["games"] == 2
    r = dino("bench", "dodos", "--strength", "--against", "peeking:random")
    assert r.exit_code == 1 and "peeking: goes with an mcts spec (peeking:mcts:medium)" in r.output
    assert len(r.output.strip().splitlines()) == 1
    r = dino("bench", "dodos", "--strength", "--bot", "peeking:" + "x" * 3000)
    assert r.exit_code == 1 and "goes with an mcts spec" in r.output and len(r.output) < 300


def test_bench_strength_refuses_bad_arguments_in_one_line(dino):
    r = dino("bench", "dillos", "--strength", "--seats", "5")
    assert r.exit_code == 1 and "played by 2 to 4, not 5 (--seats)" in r.output and len(r.output.strip().splitlines()) == 1
    r = dino("bench", "dodos", "--seats", "3")
    assert r.exit_code == 1 and "--seats is a table size for --strength" in r.output
    r = dino("bench", "dodos", "--strength", "--seats", "0")
    assert r.exit_code == 2 and "--seats" in r.output
    r = dino("bench", "dodos", "--strength", "--bot", "mcts:bogus")
    assert r.exit_code == 1 and "bad bot spec" in r.output and len(r.output.strip().splitlines()) == 1
    r = dino("bench", "dodos", "dingo", "--strength", "--variant", "space")
    assert r.exit_code == 1 and "--variant needs exactly one game" in r.output
    r = dino("bench", "chess", "--strength")
    assert r.exit_code == 1 and "unknown bench 'chess'" in r.output
    r = dino("bench", "dillos", "--variant", "bogus")
    assert r.exit_code == 1 and "unknown variant 'bogus'" in r.output and len(r.output.strip().splitlines()) == 1


def test_bench_figures_of_a_game_with_a_variant_on():
    """`bench dillos --variant small`: the engine figures are those of the 5x5 board (issue #8)."""
    from dinocli.bench.game import game_figures

    small = game_figures("dillos", seconds=0.2, matches=2, variants=("small",))
    large = game_figures("dillos", seconds=0.2, matches=2)
    assert small["variants"] == ["small"] and "variants" not in large
    assert small["legal_actions_max"] < large["legal_actions_max"]  # fewer lines to push on 5x5
    assert small["random_games_per_s_2p"] > 0 and small["rules_vs_random_win_rate"] >= 0
