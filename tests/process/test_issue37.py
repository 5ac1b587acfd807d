"""Issue 37's defects from the second attack round, each through its own `dinocli` process: one line, the
right exit code, no traceback, no stall; a value one command accepts is accepted by every other."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.process.conftest import ok, refused, run
from tests.reliability.corpus import Log

ROOT = Path(__file__).resolve().parents[2]
SOS = ROOT / "saves" / "sos-2p-rules.jsonl"
DILLOS = ROOT / "saves" / "dillos-3p-rules-vs-random.jsonl"


def forged(tmp_path: Path, source: Path, edit, name: str = "forged.jsonl") -> Path:
    """A copy of a saved log edited by ``edit`` (a function of the parsed Log), every hash recomputed."""
    g = Log.parse(source.read_text())
    edit(g)
    g.relink()
    path = tmp_path / name
    path.write_bytes(g.data())
    return path


def test_a_bot_budget_new_accepts_is_one_verify_and_import_accept(tmp_path):
    """Item 2: new allows mcts:seconds=100 (up to 3600 s, 10,000,000 iterations, the limits table); verify
    passes that game in its own database and import takes its --with-seed save."""
    db = tmp_path / "g.sqlite"
    new = run("new", "dingo", "--bot", "mcts:seconds=100", "--bot", "mcts:iterations=10000000", "--seed", "0",
              "--no-play", "--json", db=db)   # seed 0: you move first, so no bot searches here
    ok(new)
    gid = json.loads(new.stdout)["game"]
    ok(run("verify", gid, db=db), "Verified")
    save = tmp_path / "save.jsonl"
    save.write_text(run("export", gid, "--with-seed", db=db).stdout)
    ok(run("import", str(save), db=tmp_path / "o.sqlite"), "Imported")
    ok(run("replay", str(save), "--verify", db=tmp_path / "o.sqlite"), "Verified")


def test_integer_scores_in_a_footer_are_refused_by_every_verifier(tmp_path):
    """Item 3: a footer with integer scores (9 for the rules' 9.0) is one decoding and one comparison away from
    the rules' result: import and replay --verify refuse it (exit 4), so verify --all never meets it stored."""
    def integers(g: Log) -> None:
        g.footer["result"]["scores"] = [int(x) for x in g.footer["result"]["scores"]]

    path = forged(tmp_path, SOS, integers)
    db = tmp_path / "g.sqlite"
    refused(run("replay", str(path), "--verify", db=db), 4, "the footer's result is not the one the rules give")
    refused(run("import", str(path), db=db), 4, "the footer's result is not the one the rules give")
    ok(run("verify", "--all", db=db))
    returns = forged(tmp_path, SOS, lambda g: g.footer["result"].update(returns=[1, 0]), "returns.jsonl")
    refused(run("import", str(returns), db=db), 4, "the footer's result")


def test_replay_of_a_file_without_verify_says_it_was_not_checked(tmp_path):
    """Item 4: replay FILE shows a forged log (a decision no rule allows) as written, but its first line says
    "not verified (use --verify)"; with --verify it is refused."""
    def illegal(g: Log) -> None:
        first, _last = g.decisions()[3]
        g.events[first]["action"] = g.events[g.decisions()[0][0]]["action"]

    path = forged(tmp_path, SOS, illegal)
    shown = run("replay", str(path), db=tmp_path / "g.sqlite")
    ok(shown)
    assert shown.stdout.splitlines()[0] == f"SOS Dino log {path}: not verified (use --verify)"
    refused(run("replay", str(path), "--verify", db=tmp_path / "g.sqlite"), 4, "event")
    assert "not verified" not in run("replay", str(SOS), "--verify", db=tmp_path / "g.sqlite").stdout


def test_an_unknown_footer_key_is_named(tmp_path):
    """Item 5: the footer's own schema judges a footer line, so the message names the unknown key (not
    `count` or `footer`, the first keys an event line does not have)."""
    path = forged(tmp_path, SOS, lambda g: g.footer.update(zzz=1))
    for args in (("import", str(path)), ("replay", str(path)), ("replay", str(path), "--verify")):
        refused(run(*args, db=tmp_path / "g.sqlite"), 4, r"bad footer: .*`zzz`")


def test_a_config_value_the_game_refuses_is_one_line_naming_the_key(tmp_path):
    """Item 6: a 'Dillos log whose config gives homes as a string is refused by the game's own validation,
    one line naming the option, by replay FILE and by import."""
    path = forged(tmp_path, DILLOS, lambda g: g.header["config"]["options"].update(homes="nw,se"))
    for args in (("replay", str(path)), ("import", str(path)), ("replay", str(path), "--verify")):
        refused(run(*args, db=tmp_path / "g.sqlite"), 4, "line 1: bad config: option homes")


def test_a_huge_tournament_is_refused_at_once(tmp_path):
    """Item 7: --games beyond the documented bound is a usage error (exit 2, one line) before anything is
    planned; a tournament of many bots whose plan would pass the bound in all is refused the same way (exit 1);
    bench --strength --games is bounded alike (it ended in a MemoryError too)."""
    start = time.monotonic()
    refused(run("tournament", "sos", "--bot", "random", "--bot", "rules", "--games", "1000000000000"), 2,
            r"--games.*1<=x<=100000")
    bots = [x for i in range(10) for x in ("--bot", f"mcts:c={i}")]
    refused(run("tournament", "dodos", *bots, "--seats", "6", "--games", "100000"), 1,
            "the most a tournament plays")
    refused(run("bench", "sos", "--strength", "--games", "1000000000000"), 2, r"--games.*2<=x<=100000")
    assert time.monotonic() - start < 20


def test_a_bad_scheduler_address_is_one_line_at_once(tmp_path):
    """Item 8: --scheduler foo prints one line and ends at once (no 20 s stall, no traceback)."""
    start = time.monotonic()
    refused(run("tournament", "sos", "--bot", "random", "--bot", "rules", "--games", "2", "--scheduler", "foo"), 1,
            "scheduler")
    assert time.monotonic() - start < 10


def test_games_limit_and_offset_beyond_any_database_are_usage_errors(tmp_path):
    """Item 9: click ranges bound --limit and --offset (no OverflowError)."""
    for option in ("--limit", "--offset"):
        refused(run("games", option, "99999999999999999999999", db=tmp_path / "g.sqlite"), 2,
                rf"{option}.*0<=x<=1000000000")
