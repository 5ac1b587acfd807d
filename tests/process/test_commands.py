"""Every command and every documented error path once, each as a fresh `dinocli` process (issue 17).

Rows run a few at a time; a row that changes the database gets its own copy of the shared one.
Every run is checked for what a user must never see: a traceback, or a refusal longer than one line.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from .conftest import DINOCLI, ROOT, ok, refused, run

OK, ERROR, USAGE, CONFLICT, REJECTED, UNAVAILABLE = 0, 1, 2, 3, 4, 5
W = "write"  # the row changes the database: it runs on a copy

# (args, exit code, pattern on stdout (success) or on the one stderr line (refusal), W or None)
ROWS = [
    (["--help"], OK, r"Commands:", None),
    (["--version"], OK, r"dinocli, version", None),
    (["games"], OK, r"GAME\s+KIND.*dingo", None),
    (["games", "--json"], OK, r'"kind": "sos"', None),
    (["games", "--tournament", "nope"], OK, r"No saved games", None),
    (["show", "{dingo}"], OK, r"Game over", None),
    (["show", "{live}", "--json"], OK, r'"head": \d+', None),
    (["show", "{dodos}", "--as", "nobody"], ERROR, r"no seat 'nobody'", None),
    (["show", "zzzz"], ERROR, r"no game 'zzzz'", None),
    (["actions", "{live}"], OK, r"you to move:\n\s+1\. ", None),
    (["actions", "{sos}", "--json"], OK, r'"actions": \[\]', None),
    (["log", "{dillos}"], OK, r"\d+\s+\w+: ", None),
    (["log", "{sos}", "--json"], OK, r'"type": "sos\.', None),
    (["branches", "{dingo}"], OK, r"\* main\s+at event \d+", None),   # fresh process: the registry fills itself
    (["branches", "{sos}", "--json"], OK, r'"current": true', None),
    (["export", "{sos}"], OK, r'^\{"format":"dinocli-log"', None),
    (["export", "{sos}", "-o", "-"], OK, r'^\{"format":"dinocli-log"', None),
    (["export", "{dodos}", "-o", "{tmp}/out.jsonl"], OK, r"^$", None),
    (["export", "{dodos}", "-o", "{tmp}/fifo"], ERROR, r"fifo is a FIFO: not replaced", None),  # never a real device:
    # a broken build would replace it (as the old one did with /dev/null)
    (["export", "{dodos}", "-o", "{tmp}/no/such/x.jsonl"], ERROR, r"folder .*/no/such does not exist \(create it with: mkdir -p", None),
    (["export", "{dodos}", "-o", "{tmp}"], ERROR, r"is a folder: not replaced", None),
    (["export", "{live}", "--as", "9"], ERROR, r"no seat 9", None),
    (["replay", "{dingo}"], OK, r"Game over|Winner|\d+\s+\w+:", None),
    (["replay", "{export}", "--as", "0"], OK, r"\d+\s+\w+:", None),
    (["replay", "{dillos}", "--verify"], OK, r"^Verified \d+ events", None),
    (["replay", "{export}", "--verify"], OK, r"^Verified \d+ events", None),
    (["replay", "{dingo}", "--delay", "nan"], USAGE, r"--delay.*not a number", None),
    (["replay", "{dingo}", "--delay", "inf"], USAGE, r"--delay", None),
    (["replay", "{dingo}", "--delay", "1e308"], USAGE, r"--delay", None),
    (["replay", "/dev/zero"], ERROR, r"/dev/zero is a character device, not a regular file", None),
    (["replay", "{readme}"], REJECTED, r"log rejected: line \d", None),
    (["replay", "nosuchgame"], ERROR, r"no game 'nosuchgame'", None),
    (["hint", "{live}", "--bot", "mcts:iterations=30"], OK, r"% of the search, expected result", None),
    (["hint", "{dingo}"], ERROR, r"the game is over", None),
    (["verify", "{dingo}", "{sos}"], OK, r"^\w+: Verified \d+ events", None),
    (["verify", "--all"], OK, r"(\d+) of \1 games verified\.", None),
    (["verify", "--all", "--json"], OK, r'"ok": true', None),
    (["verify"], USAGE, r"give GAME_IDs or --all", None),
    (["verify", "zzzz"], ERROR, r"no game 'zzzz'", None),
    (["export", "{live}", "--with-seed", "--format", "html"], USAGE, r"--with-seed goes with --format jsonl", None),
    (["export", "{live}", "--with-seed"], OK, r'"seed":"[0-9a-f]+', None),
    (["hint", "{live}", "--bot", "wizard"], USAGE, r"unknown bot kind", None),
    (["rules", "sos"], OK, r"SOS", None),
    (["rules", "chess"], USAGE, r"unknown game 'chess'", None),
    (["serve", "--host", "example.com"], USAGE, r"give an IP address", None),
    (["join", "http://x/y", "--bot", "random"], ERROR, r"not an invitation URL", None),
    (["watch", "ws://x/y"], ERROR, r"not a watch link", None),
    (["invite", "{live}", "you"], USAGE, r"--renew issues a new one", None),
    (["where"], OK, r"shared.sqlite", None),
    (["where", "--json"], OK, r'"chosen_by": "--db"', None),
    (["config"], OK, r"Config file: .*\n  bot +mcts:medium +\(default\)", None),
    (["config", "--json"], OK, r'"schema": 1', None),
    (["tournament", "sos", "--bot", "random", "--games", "2", "--workers", "1", "--json"], OK, r'"games"', None),
    (["tournament", "dingo", "--bot", "random", "--bot", "nope"], ERROR, r"unknown bot kind", None),
    (["tournament", "dingo", "--bot", "random", "--workers", "5000"], USAGE, r"--workers.*1<=x<=64", None),
    (["bench", "dingo", "--strength", "--workers", "5000"], USAGE, r"--workers.*1<=x<=64", None),
    (["bench", "sos", "--strength", "--games", "2", "--resume", "{tmp}/notutf8"], ERROR,
     r"notutf8 is not a resume file of bench --strength \(not UTF-8 text\)", None),
    (["bench", "sos", "--strength", "--games", "2", "--resume", "{tmp}/badresume"], ERROR,
     r"badresume line 1: not a game of bench --strength", None),
    (["bench", "sos", "--strength", "--games", "2", "--resume", "/dev/zero"], ERROR, r"not a regular file", None),
    (["bench", "dingo", "--strength", "--seats", "6"], ERROR, r"Dingo.* is played by 2 to 5, not 6 \(--seats\)", None),
    (["bench", "dillos", "--strength", "--bot", "mcts:iterations=4", "--against", "mcts:iterations=2", "--games", "2",
      "--positions", "1", "--json"], OK, r'(?=.*"mcts:iterations=4 vs mcts:iterations=2")(?=.*"hard_cpu_seconds_max")', None),
    (["bench", "dillos", "--strength", "--against", "genius"], ERROR, r"unknown bot kind", None),
    (["bench", "dillos", "--strength", "--bot", "clairvoyant:random"], ERROR, r"clairvoyant: goes with an mcts spec", None),
    (["bench", "dodos", "--strength", "--bot", "peeking:mcts:iterations=3", "--against", "rules", "--games", "2",
      "--positions", "1", "--json"], OK, r'"peeking:mcts:iterations=3 vs rules"', None),
    (["bench", "dodos", "--strength", "--bot", "peeking:rules"], ERROR, r"peeking: goes with an mcts spec", None),
    (["bench", "dillos", "--against", "rules"], ERROR, r"--against names the other seats of --strength", None),
    (["bench", "dillos", "--seed", "s8"], ERROR, r"--seed chooses the deals of --strength", None),
    (["bench", "dillos", "--seed", "strength"], ERROR, r"--seed chooses the deals of --strength", None),
    (["bench", "sos", "--strength", "--bot", "mcts:iterations=3", "--games", "2", "--positions", "1",
      "--seed", "s8\x1b[2J"], OK, r"seed\s+s8\\x1b\[2J", None),
    (["frobnicate"], USAGE, r"No such command", None),
    # commands that change the database
    (["new", "dingo", "--bots", "2", "--no-play"], OK, r"New game \w+: The Dingo Ate The Baby", W),
    (["new", "sos", "--bot", "rules", "--json"], OK, r'"kind": "sos"', W),
    (["new", "dodos", "--player", "ann", "--player", "bob", "--no-play", "--json"], OK, r'"to_move_name"', W),
    (["new", "dillos", "--bots", "1", "--no-play", "--variant", "small"], OK, r"New game", W),
    (["new", "chess"], USAGE, r"unknown game 'chess'; choose one of: dillos, dingo, dodos, sos", W),
    (["new", "dingoo"], USAGE, r"did you mean dingo\?", W),
    (["new", "dingo"], USAGE, r"add a bot with --bots 1 or a friend with --player NAME", W),
    (["new", "dingo", "--bot", "\r\nrandom"], USAGE, r"bot spec '\\r\\nrandom'", W),
    (["new", "dingo", "--bot", "mcts:iterations=" + "9" * 40], USAGE, r"not a whole number from 1 to 10,000,000", W),
    (["new", "dingo", "--bots", "1", "--player", "a\x1b[2Jb"], USAGE, r"player name 'a\\x1b\[2Jb'", W),
    (["new", "dingo", "--bots", "1", "--player", "x" * 17], USAGE, r"player name", W),
    (["new", "dingo", "--bots", "9"], USAGE, r"--bots", W),
    (["new", "dingo", "--watch", "--player", "ann"], USAGE, r"--watch seats no humans", W),
    (["move", "{live}", "{live_action}"], OK, r"To move|Game over", W),
    (["move", "{live}", "fly", "away"], ERROR, r".", W),
    (["move", "{dingo}", "1"], ERROR, r"the game is over", W),
    (["move", "{live}", "--expect-head", "1", "1"], CONFLICT, r"conflict: .*nothing was played", W),
    (["undo", "{live}"], ERROR, r"nothing to undo: no decision has been made yet", W),
    (["undo", "{dillos}", "--steps", "0"], USAGE, r"--steps", W),
    (["redo", "{live}"], ERROR, r"nothing to redo", W),
    (["branch", "{dingo}", "side"], OK, r"Branch side created", W),
    (["branch", "{dingo}", "main"], ERROR, r"already has a branch 'main'", W),
    (["branch", "{dingo}", "bad name!"], ERROR, r"bad branch name", W),
    (["checkout", "{dingo}", "main"], OK, r"On branch main", W),
    (["checkout", "{dingo}", "nope"], ERROR, r"has no branch 'nope'", W),
    (["import", "{export}"], REJECTED, r"log rejected: .*already imported", W),
    (["import", "/dev/zero"], ERROR, r"/dev/zero is a character device, not a regular file", W),
    (["import", "{tmp}"], ERROR, r"is a folder, not a regular file", W),
    (["import", "{tmp}/missing.jsonl"], ERROR, r"missing.jsonl: No such file or directory", W),
    (["import", "{readme}"], REJECTED, r"log rejected: line \d", W),
    (["play", "{dingo}"], ERROR, r"the prompt needs a terminal; from the shell: .* actions", W),
    (["move", "{live}", "99"], ERROR, r"no move 99: choose 1 to \d+", W),
    (["annotate", "{dingo}", "--at", "3", "worth", "a", "look"], OK, r"Noted on event 3", W),
    (["annotate", "{dingo}", "a\x1b[2Jb"], ERROR, r"a note is one line of text", W),
    (["annotate", "{dingo}", "--at", "999999", "x"], ERROR, r"no event 999999 on branch main", W),
    (["takeover", "{sos}", "--at", "2"], OK, r"Practice branch takeover-2", W),
    (["takeover", "{live}", "--at", "0"], ERROR, r"still being played", W),
    (["takeover", "{sos}"], USAGE, r"--at", W),
    (["analyze", "{sos}", "--bot", "mcts:iterations=10", "--workers", "1"], OK, r"Analysis of \w+'s \d+ decisions", W),
    (["analyze", "{sos}", "--bot", "rules"], USAGE, r"analyze needs a searching bot", W),
    (["analyze", "{live}", "--seat", "rex"], ERROR, r"analyze --as rex would show that seat's hidden information", W),
    (["review", "{dingo}"], ERROR, r"review needs a terminal", None),
]


def _fill(args: list[str], values: dict[str, str]) -> list[str]:
    return [a.format(**values) if "{" in a and "\x1b" not in a else a for a in args]


@pytest.mark.long(30)
def test_every_command_and_error_path_as_a_fresh_process(shared, tmp_path):
    """Issue 17: each row is a new process; each must end as the row says, in one line if refused."""
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "notutf8").write_bytes(b"\xff\xfe{}\n")
    (tmp_path / "badresume").write_text('{"key": "x", "result": 5}\n{"key": "y"}\n')
    values = {**shared.ids, "live": shared.live, "live_action": shared.live_action, "export": str(shared.export), "tmp": str(tmp_path),
              "readme": str(ROOT / "README.md")}

    def one(i_row):
        i, (args, code, pattern, writes) = i_row
        db = shared.db
        if writes:
            folder = tmp_path / f"row{i}"
            folder.mkdir()
            db = shared.copy(folder)
        proc = run(*_fill(args, values), db=db, timeout=120)
        try:
            (ok(proc, pattern) if code == OK else refused(proc, code, pattern))
        except AssertionError as exc:
            return f"dinocli {' '.join(args)}: {exc}"
        return None

    with ThreadPoolExecutor(3) as pool:
        failures = [f for f in pool.map(one, enumerate(ROWS)) if f]
    assert not failures, "\n".join(failures)
    assert not (tmp_path / "out.jsonl.part").exists()
    assert json.loads((tmp_path / "out.jsonl").read_text().splitlines()[0])["kind"] == "dodos"


def test_the_table_covers_every_command():
    """A command added later gets a row here, or this fails."""
    from dinocli.cli import cli

    covered = {args[0] for args, *_ in ROWS}
    assert set(cli.commands) <= covered, sorted(set(cli.commands) - covered)
    assert os.access(DINOCLI, os.X_OK)
