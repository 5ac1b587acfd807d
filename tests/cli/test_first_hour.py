"""Issue #22, from the shell: what a new player trips over, each run as a separate dinocli process
(the venv's script) where the point is about the shell, else through CliRunner."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXE = Path(sys.executable).with_name("dinocli")
pytestmark = pytest.mark.skipif(not EXE.exists(), reason="the dinocli script is not installed next to this Python")


def run(db, *args, env=None, input=None):
    """``dinocli --db DB --color never ARGS`` as its own process, stdin not a terminal."""
    full = {k: v for k, v in os.environ.items() if k != "DINOCLI_DB"} | {"NO_COLOR": "1", **(env or {})}
    prefix = ["--db", str(db)] if db is not None else []
    return subprocess.run([str(EXE), *prefix, "--color", "never", *map(str, args)], capture_output=True, text=True,
                          env=full, input=input if input is not None else "", timeout=120)


def new_id(db, *args):
    r = run(db, "new", *args, "--no-play", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["game"]


def test_new_without_a_terminal_prints_the_board_and_how_to_play_from_the_shell(tmp_path):
    """#22: no prompt without a terminal (no prompt_toolkit warning); the board and the shell commands,
    with the --db given, instead."""
    db = tmp_path / "g.db"
    r = run(db, "new", "dingo", "--bot", "rules", "--bot", "rules", "--seed", "7")
    assert r.returncode == 0, r.stderr
    assert "not a terminal" not in r.stderr.lower() and r.stderr == ""
    gid = re.search(r"New game (\w+)", r.stdout).group(1)
    assert "THE DINGO ATE THE BABY" in r.stdout and "No terminal here, so no prompt opened." in r.stdout
    assert f"dinocli --db {db} move {gid} N" in r.stdout and f"dinocli --db {db} actions {gid}" in r.stdout


def test_play_without_an_id_picks_the_latest_unfinished_game(tmp_path):
    """#22 / DESIGN: `play` alone resumes the latest unfinished game you play in (here it says it needs a
    terminal, naming that game); with none it says how to start one."""
    db = tmp_path / "g.db"
    r = run(db, "play")
    assert r.returncode == 1 and "no unfinished game" in r.stderr and "dinocli --db" in r.stderr
    older = new_id(db, "dingo", "--bots", "1", "--bot", "random")
    newer = new_id(db, "sos")
    new_id(db, "dingo", "--watch", "--bot", "random", "--bot", "random")   # finished, bots only
    r = run(db, "play")
    assert r.returncode == 1 and r.stderr.count("\n") == 1
    assert "needs a terminal" in r.stderr and f"actions {newer}" in r.stderr and older not in r.stderr


@pytest.mark.long(5)
def test_show_log_analyze_and_review_without_an_id_look_at_the_latest_game_you_play_in(tmp_path):
    """After a game, `dinocli show` (and log, analyze, review, export) alone looks at it: the newest game with a
    person at the table, never a bots-only one; with none, one line saying how to start."""
    db = tmp_path / "g.db"
    for cmd in ("show", "log", "analyze", "review"):
        r = run(db, cmd)
        assert r.returncode == 1 and r.stderr.count("\n") == 1, (cmd, r.stderr)
        assert "no game with a person at the table yet" in r.stderr and "dinocli --db" in r.stderr
    older = new_id(db, "sos", "--seed", "3")
    mine = new_id(db, "dingo", "--bot", "random", "--seed", "5")
    new_id(db, "dingo", "--watch", "--bot", "random", "--bot", "random")   # newest, but bots only
    shown = run(db, "show", "--json")
    assert shown.returncode == 0 and json.loads(shown.stdout)["game"] == mine, shown.stderr
    logged = run(db, "log", "--json")
    assert logged.returncode == 0 and logged.stdout == run(db, "log", mine, "--json").stdout
    assert run(db, "show", older, "--json").stdout != shown.stdout
    judged = run(db, "analyze", "--bot", "mcts:iterations=8", "--workers", "1", "--json")
    assert judged.returncode == 0 and json.loads(judged.stdout)["game"] == mine, judged.stderr
    r = run(db, "review")
    assert r.returncode == 1 and "review needs a terminal" in r.stderr
    mine_seen = run(db, "export", "--as", "you")
    assert mine_seen.returncode == 0 and mine_seen.stdout == run(db, "export", mine, "--as", "you").stdout
    whole = run(db, "export")   # the latest is still being played: not the whole log
    assert whole.returncode == 1 and "export --as SEAT" in whole.stderr and whole.stdout == ""


def test_new_and_rules_without_a_game_name_the_games(tmp_path):
    """`dinocli new` (or rules) alone: a usage error (exit 2) on one line naming every game, not click's
    bare "Missing argument"."""
    for cmd in ("new", "rules"):
        r = run(tmp_path / "g.db", cmd)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, (cmd, r.stderr)
        assert "which game?" in r.stderr and "dingo (The Dingo Ate The Baby)" in r.stderr and "dodos (" in r.stderr


def test_actions_and_hint_without_an_id_answer_for_the_latest_unfinished_game(tmp_path):
    """At the shell, `dinocli actions` and `dinocli hint` alone speak of the game being played, as `play`
    resumes it; `move` still names its game."""
    db = tmp_path / "g.db"
    r = run(db, "actions")
    assert r.returncode == 1 and "no unfinished game" in r.stderr
    new_id(db, "sos", "--seed", "3")
    mine = new_id(db, "dingo", "--bot", "random", "--seed", "5")
    listed = run(db, "actions", "--json")
    assert listed.returncode == 0 and listed.stdout == run(db, "actions", mine, "--json").stdout
    assert json.loads(listed.stdout)["game"] == mine
    hinted = run(db, "hint", "--bot", "mcts:iterations=16", "--json")
    assert hinted.returncode == 0 and json.loads(hinted.stdout)["game"] == mine, hinted.stderr


def test_a_word_people_reach_for_names_the_command_meant(tmp_path):
    """`dinocli list`, `resume`, `start`, `help`: a usage error (exit 2) on one line naming the command
    meant; a typo still gets click's closest command."""
    for word, meant in (("list", "dinocli games"), ("resume", "dinocli play"), ("start", "dinocli new"),
                        ("help", "dinocli --help")):
        r = run(tmp_path / "g.db", word)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, (word, r.stderr)
        assert f"No such command '{word}'. Did you mean '{meant}'?" in r.stderr
    r = run(tmp_path / "g.db", "lgo")
    assert r.returncode == 2 and "Did you mean 'log'?" in r.stderr
    assert not (tmp_path / "g.db").exists()


def test_play_in_a_terminal_opens_the_latest_game_with_its_id_in_the_toolbar(tmp_path):
    """#22: `dinocli play` in a real (pseudo-)terminal opens the prompt on the latest game; the toolbar
    shows its id; Ctrl-D leaves saying how to resume."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    db = tmp_path / "g.db"
    gid = new_id(db, "sos", "--seed", "3")
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if k != "DINOCLI_DB"} | {"TERM": "xterm", "NO_COLOR": "1"}
    proc = subprocess.Popen([str(EXE), "--db", str(db), "play"], stdin=slave, stdout=slave, stderr=slave,
                            env=env, close_fds=True)
    os.close(slave)
    seen = b""

    def read_until(token: bytes, timeout: float = 60) -> bytes:
        nonlocal seen
        end = time.monotonic() + timeout
        while token not in seen and time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                seen += chunk
                if b"\x1b[6n" in chunk:  # answer the cursor position request as a terminal would
                    os.write(master, b"\x1b[20;1R")
        return seen

    try:
        assert gid.encode() in read_until(f"sos {gid}".encode()), seen[-2000:]
        os.write(master, b"\x04")
        assert b"Resume with" in read_until(b"Resume with")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


def test_move_takes_the_number_actions_shows(tmp_path):
    """#22: `move ID 2` plays the second move `actions` lists; a number out of range is refused."""
    db = tmp_path / "g.db"
    gid = new_id(db, "dingo", "--bot", "rules", "--bot", "rules", "--seed", "7")
    listed = json.loads(run(db, "actions", gid, "--json").stdout)["actions"]
    r = run(db, "move", gid, "2", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["played"][0]["action"] == listed[1]
    r = run(db, "move", gid, "999")
    assert r.returncode == 1 and "choose 1 to" in r.stderr and r.stderr.count("\n") == 1


def test_shell_completion_offers_the_legal_moves_word_by_word(tmp_path):
    """#22: `dinocli move ID <TAB>` offers the first words of the legal moves, then what may follow."""
    db = tmp_path / "g.db"
    gid = new_id(db, "dingo", "--bot", "rules", "--bot", "rules", "--seed", "7")
    listed = json.loads(run(db, "actions", gid, "--json").stdout)["actions"]

    def offered(line: str) -> list[str]:
        env = {k: v for k, v in os.environ.items() if k != "DINOCLI_DB"}
        env |= {"_DINOCLI_COMPLETE": "bash_complete", "COMP_LINE": line, "COMP_POINT": str(len(line))}
        out = subprocess.run([str(EXE)], capture_output=True, text=True, timeout=60, env=env).stdout
        return [w.split(",", 1)[1] for w in out.split()]

    assert sorted(offered(f"dinocli --db {db} move {gid} ")) == sorted({t.split()[0] for t in listed})
    plays = [t for t in listed if t.startswith("play ")]
    card = plays[0].split()[1]
    assert sorted(offered(f"dinocli --db {db} move {gid} play {card} ")) == sorted(
        t.split()[2] for t in plays if t.split()[1] == card)


def test_usage_mistakes_exit_2_and_say_what_was_meant(tmp_path):
    """#22: one player too few says how to add one; misspellings get difflib's suggestion; exit 2."""
    db = tmp_path / "g.db"
    r = run(db, "new", "dingo")
    assert r.returncode == 2 and "--bots 1" in r.stderr and "--player NAME" in r.stderr
    r = run(db, "new", "dingoo")
    assert r.returncode == 2 and "did you mean dingo?" in r.stderr
    r = run(db, "new", "dingo", "--bot", "rulez")
    assert r.returncode == 2 and "did you mean rules?" in r.stderr
    r = run(db, "rules", "chess")
    assert r.returncode == 2 and "unknown game 'chess'" in r.stderr
    assert run(db, "games", "--json").stdout.strip() in ("[]", "")


def test_peeking_at_another_seat_is_refused_while_a_person_plays(tmp_path):
    """#22: `show/log/export --as rex` against bots is a peek: refused in one line while the game runs;
    a game started with --casual allows it; a strict hot-seat game refuses it too."""
    db = tmp_path / "g.db"
    gid = new_id(db, "dingo", "--bot", "rules", "--seed", "7")
    for cmd in (["show", gid, "--as", "rex"], ["log", gid, "--as", "rex"], ["export", gid, "--as", "rex"]):
        r = run(db, *cmd)
        assert r.returncode == 1 and r.stderr.count("\n") == 1 and "hidden" in r.stderr, cmd
        assert r.stdout == ""
    assert run(db, "show", gid, "--as", "you").returncode == 0
    for fmt in ("jsonl", "text", "html"):   # the whole log shows every hand and the deck order: the same peek
        r = run(db, "export", gid, "--format", fmt)
        assert r.returncode == 1 and r.stdout == "" and "--with-seed a private save" in r.stderr, fmt
    assert run(db, "export", gid, "--as", "you").returncode == 0
    assert '"seed":"' in run(db, "export", gid, "--with-seed").stdout   # asked for by name: the private save
    casual = new_id(db, "dingo", "--bot", "rules", "--seed", "7", "--casual")
    assert run(db, "show", casual, "--as", "rex").returncode == 0
    assert run(db, "export", casual).returncode == 0
    hot = new_id(db, "dingo", "--player", "ann", "--player", "bob", "--seed", "7")
    to_move = json.loads(run(db, "show", hot, "--json").stdout)["to_move_name"]
    other = "bob" if to_move == "ann" else "ann"
    assert run(db, "show", hot, "--as", other).returncode == 1


def test_after_the_game_everything_is_public(tmp_path):
    """#22: once the game is over, --as any seat is allowed."""
    from dinocli.service import Service

    db = tmp_path / "g.db"
    svc = Service.open(str(db))
    g = svc.new_game("dingo", players=["you"], bots=["random"], seed="2", options={"goal": 0})  # A01: short
    while True:
        list(svc.run_bots(g))
        if g.over:
            break
        g, _ = svc.move(g.id, g.legal_texts()[0])
    svc.close()
    gid = g.id
    assert run(db, "show", gid, "--as", "rex").returncode == 0
    assert run(db, "log", gid, "--as", "rex").returncode == 0
    assert run(db, "export", gid).returncode == 0


def test_hint_explains_its_figures_and_numbers_the_move(tmp_path):
    """#22: one format (the prompt's): the move's number, what "expected result" means."""
    db = tmp_path / "g.db"
    gid = new_id(db, "dingo", "--bot", "rules", "--seed", "7")
    r = run(db, "hint", gid, "--bot", "mcts:iterations=60")
    assert r.returncode == 0, r.stderr
    first, figures = r.stdout.splitlines()[:2]
    assert re.match(r"Hint: #\d+ ", first)
    assert "expected result" in figures and "1 = a sure win" in figures
    assert run(db, "hint", gid, "--bot", "mctz").returncode == 2


def test_where_prints_the_database_in_use(tmp_path):
    """#22: `where` names the database file: --db, else DINOCLI_DB, else the user data directory."""
    db = tmp_path / "g.db"
    assert run(db, "where").stdout.strip() == str(db)
    r = run(None, "where", "--json", env={"DINOCLI_DB": str(tmp_path / "env.db")})
    data = json.loads(r.stdout)
    assert data == {"schema": 1, "db": str(tmp_path / "env.db"), "exists": False, "chosen_by": "DINOCLI_DB"}
    r = run(None, "where", "--json", env={"XDG_DATA_HOME": str(tmp_path / "xdg")})
    assert json.loads(r.stdout)["db"].startswith(str(tmp_path / "xdg"))


def test_import_suggests_a_show_with_the_same_db_and_a_seedless_game_says_why_it_cannot_go_on(tmp_path):
    """#22: the suggested command finds the game; an imported unfinished game without its seed says
    why it cannot be continued and what to do."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    gid = new_id(a, "dingo", "--bot", "rules", "--seed", "7", "--casual")
    log = tmp_path / "game.jsonl"
    assert run(a, "export", gid, "-o", log).returncode == 0
    r = run(b, "import", log)
    assert r.returncode == 0 and f"dinocli --db {b} show {gid}" in r.stdout
    r = run(b, "move", gid, "1")
    assert r.returncode == 1 and "imported without its seed" in r.stderr and "--with-seed" in r.stderr


def on_a_terminal(db, *args, env=None) -> list[str]:
    """The lines ``dinocli [--db DB] ARGS`` writes to a 24-line pty, $PAGER marking each line it pages
    (``env``: variables set or changed)."""
    import pty

    env = {**os.environ, "PAGER": "sed s/^/PAGED:/", "TERM": "dumb", "LINES": "24", "COLUMNS": "100", **(env or {})}
    env.pop("DINOCLI_DB", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: stdout is the pty
        os.execve(str(EXE), [str(EXE), *(["--db", str(db)] if db is not None else []), *args], env)
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.waitpid(pid, 0)
    return [line for line in b"".join(chunks).decode("utf-8", "replace").splitlines() if line.strip()]


@pytest.mark.skipif(sys.platform == "win32" or not Path("/bin/sed").exists() and not Path("/usr/bin/sed").exists(),
                    reason="needs a POSIX pty and sed")
def test_a_long_log_goes_through_the_pager_and_last_shows_the_tail(tmp_path):
    """A finished game's log is hundreds of lines: on a terminal it goes to $PAGER as `git log` does;
    `--last N` shows only the last N events (as `log N` at the prompt) and, fitting, is printed as is;
    `--last 0` is a usage error."""
    db = tmp_path / "g.db"
    gid = new_id(db, "dingo", "--watch", "--bot", "rules", "--bot", "rules", "--seed", "7")
    whole = run(db, "log", gid).stdout.splitlines()
    assert len(whole) > 50
    paged = on_a_terminal(db, "log", gid)
    assert len(paged) == len(whole) and all(line.startswith("PAGED:") for line in paged)
    tail = run(db, "log", gid, "--last", "3")
    assert tail.returncode == 0 and tail.stdout.splitlines() == whole[-3:]
    assert on_a_terminal(db, "log", gid, "--last", "3") == whole[-3:]
    assert len(json.loads(run(db, "log", gid, "--last", "3", "--json").stdout)) == 3
    bad = run(db, "log", gid, "--last", "0")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
