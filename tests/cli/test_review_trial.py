"""Issue 20, "Done when: tried in tmux as a new user would": what that trial tripped over, at 80x24."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dinocli.service import Service

EXE = Path(sys.executable).with_name("dinocli")


def _bots(svc, kind, seed, n=2):
    g = svc.new_game(kind, bots=["rules"] * n, seed=seed)
    list(svc.run_bots(g))
    return svc.load(g.id)


class _Text(io.StringIO):
    encoding = "utf-8"   # what a terminal's stream says; a bare StringIO has none


def _screen(svc, game_id, keys: str, rows=24, columns=80) -> str:
    """The review run on pipe input drawn into a rows x columns vt100 screen; the text it wrote."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from dinocli.repl.review import run

    out = _Text()
    with create_pipe_input() as inp:
        inp.send_text(keys)
        run(svc, game_id, input=inp, output=Vt100_Output(out, lambda: Size(rows=rows, columns=columns)))
    return out.getvalue()


def test_a_dillos_board_taller_than_its_pane_says_so_and_scrolls(svc):
    """#20 trial: at 80x24 the 'Dillos board (19 lines) lost its legend and who won under the step
    panel; now the rule under the pane says which lines show, and Up/Down bring the rest."""
    from dinocli.repl.review import Board

    g = _bots(svc, "dillos", 4)
    b = Board(svc, g.id)
    full = b.board_text(15).split("\n")
    assert len(full) > 15
    shown, note = b.board_pane(15)
    assert shown == full[:15] and "↓ more below" in note and "above" not in note
    b.scroll(+100)                                   # past the end: kept inside the board
    shown, note = b.board_pane(15)
    assert shown == full[-15:] and "↑ more above" in note and "below" not in note
    b.scroll(-1)
    assert b.board_pane(15)[0] == full[-16:-1] and "above" in b.board_pane(15)[1]
    assert b.board_pane(len(full)) == (full, "") and b.top == 0   # room enough: no note, no scroll
    screen = _screen(svc, g.id, "\x1b[B" * 50 + "q")  # Down arrows, then leave
    assert "more above" in screen and full[-1].strip()[:20] in screen


def test_the_step_panel_grows_so_the_reason_is_not_cut(svc):
    """#20 trial: a decision with its analysis and the rule bot's reason took more than the six lines
    of the step panel (the 'why' was cut at 80x24); the panel now grows, up to 10 lines."""
    from dinocli.repl import review

    g = _bots(svc, "dingo", 6, n=3)
    b = review.Board(svc, g.id)
    step = next(st for st in b.steps if st.seat is not None)
    reason = "play red-dog into own ranch (15 -> 18 of 20) and destroy the protected card, then remove a cow"
    row = {"label": "inaccuracy", "chosen_value": 0.04, "best": "play red-dog rex", "best_value": 0.16,
           "drop": 0.12, "noise": 0.01, "reason": reason, "only": False}
    from dinocli.events import analyses

    first = b.steps[step.number - 1].seq + 1   # the decision is the step's first event
    with svc.store.write():
        analyses.keep(svc.store.connection, next(p.hash for p in g.path if p.seq == first), "mcts:medium",
                      step.seat, row)
    b = review.Board(svc, g.id)
    b.go(step.number)
    assert len(b.detail_text(47)) > 6
    screen = _screen(svc, g.id, f"g{step.number}\r" + "q")
    assert "remove a cow" in screen


def test_page_down_goes_to_the_seat_s_next_turn_not_its_follow_up(svc):
    """#20 trial: in Dingo a card's effect is the same seat's next decision (play, then target); PgDn
    from the play stopped on the target. A round is now the seat's next turn: its first decision
    after another seat's."""
    from dinocli.repl.review import Board

    g = _bots(svc, "dingo", 6, n=3)
    b = Board(svc, g.id)
    seats = [st.seat for st in b.steps]
    twice = [n for n in range(1, len(seats) - 1) if seats[n] is not None and seats[n + 1] == seats[n]]
    assert twice, "this seed has a decision followed by the same seat's"
    for n in twice[:5]:
        b.go(n)
        b.round(+1)
        assert b.cursor > n + 1 and seats[b.cursor] == seats[n] and seats[b.cursor - 1] != seats[n]
        back = b.cursor
        b.round(-1)
        assert b.cursor < back and seats[b.cursor] == seats[n] and seats[b.cursor - 1] != seats[n]


def test_analysis_of_a_cooperative_game_speaks_of_the_team_score_and_gives_the_result(svc):
    """#20 trial: SOS is cooperative, yet the curve said '0 = sure loss, 1 = sure win'; and no report
    said how the game really ended beside the expected return."""
    from dinocli.analysis import outcome, report_lines

    rows = [{"decision": 1, "action": "move red n", "best_value": 0.5, "chosen_value": 0.5, "drop": 0.0,
             "label": None, "reason": "", "best": "move red n"}]
    sos = _bots(svc, "sos", 4)
    res = sos.result()
    text = "\n".join(report_lines(rows, "rules0", "mcts:medium", cooperative=True, result=outcome(sos, 0)))
    assert "Expected team score" in text and "sure win" not in text
    assert f"result {res['returns'][0]:.2f} (team score {res['scores'][0]:g})" in text
    dingo = _bots(svc, "dingo", 6, n=3)
    winners = dingo.result()["winners"]
    for seat, s in enumerate(dingo.seats):
        said = outcome(dingo, seat)
        assert ("(won)" in said) == ([s.name] == winners)
        assert (s.name not in winners) == ("lost;" in said)
    running = svc.new_game("dingo", bots=["rules", "rules"], seed=1)
    assert outcome(running, 0) == ""


def test_game_over_keeps_the_review_line_and_a_team_score_under_a_tall_board(svc):
    """#20 trial: the 'Dillos game-over screen at 80x24 dropped 'Review it: ...' to fit the board;
    SOS said 'Winner: rules0, rules1' of a team. One move is '1 move'."""
    from prompt_toolkit.output import DummyOutput

    from dinocli.repl.screen import Screen, draw, result_lines

    def command(*args):
        return "dinocli " + " ".join(args)

    sos = _bots(svc, "sos", 4)
    lines = [t for t, _ in result_lines(sos, command)]
    assert lines[0].startswith("Game over. Team score ") and "Winner" not in lines[0]
    assert lines[1] == f"Review it: dinocli review {sos.id}"
    dillos = _bots(svc, "dillos", 4)
    screen = Screen(DummyOutput(), color=False, terminal=False)
    said = []
    screen.say = lambda text, style="": said.append(text)
    screen.rows = lambda: 24
    draw(screen, dillos, None, [], command, toolbar=2)
    assert f"Review it: dinocli review {dillos.id}" in said


@pytest.mark.skipif(not EXE.exists(), reason="the dinocli script is not installed next to this Python")
def test_analyze_as_a_separate_process_names_the_team_score_and_the_result(tmp_path):
    """#20 trial, from the shell: `dinocli analyze` on a finished SOS game."""
    db = tmp_path / "g.sqlite"
    s = Service.open(db)
    gid = _bots(s, "sos", 4).id
    s.close()
    env = {k: v for k, v in os.environ.items() if k != "DINOCLI_DB"} | {"NO_COLOR": "1"}
    r = subprocess.run([str(EXE), "--db", str(db), "analyze", gid, "--bot", "mcts:iterations=20", "--workers", "1"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Expected team score over the game" in r.stdout and "; result " in r.stdout


class _Terminal:
    """``dinocli ARGS`` as its own process in a 24x80 pseudo-terminal."""

    def __init__(self, db, *args):
        import fcntl
        import pty
        import struct
        import termios

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {k: v for k, v in os.environ.items() if k != "DINOCLI_DB"} | {"TERM": "xterm", "NO_COLOR": "1"}
        self.proc = subprocess.Popen([str(EXE), "--db", str(db), *args], stdin=slave, stdout=slave, stderr=slave,
                                     env=env, close_fds=True)
        os.close(slave)
        self.seen = b""

    def read_until(self, token: bytes, timeout: float = 60) -> bytes:
        """What the process wrote, read until ``token`` shows (or the time is up)."""
        import select
        import time

        end = time.monotonic() + timeout
        while token not in self.seen and time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                self.seen += chunk
                if b"\x1b[6n" in chunk:  # answer the cursor position request as a terminal would
                    os.write(self.master, b"\x1b[20;1R")
        return self.seen

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        os.close(self.master)


@pytest.mark.skipif(not EXE.exists(), reason="the dinocli script is not installed next to this Python")
def test_review_in_a_24x80_terminal_as_a_separate_process_scrolls_the_dillos_board(tmp_path):
    """#20 trial, in a real (pseudo-)terminal: `dinocli review` of a 'Dillos game shows the scroll rule,
    Down scrolls, q leaves with status 0."""
    db = tmp_path / "g.sqlite"
    s = Service.open(db)
    gid = _bots(s, "dillos", 4).id
    s.close()
    term = _Terminal(db, "review", gid)
    try:
        assert b"more below" in term.read_until(b"more below"), term.seen[-2000:]
        before = len(term.seen)
        term.send(b"\x1b[B" * 10)
        term.read_until(b"above")    # the screen is redrawn by difference: "below" becomes "above"
        assert b"above" in term.seen[before:], term.seen[-2000:]
        term.send(b"q")
        assert term.proc.wait(timeout=30) == 0
    finally:
        term.close()


@pytest.mark.skipif(not EXE.exists(), reason="the dinocli script is not installed next to this Python")
def test_takeover_in_a_terminal_wraps_its_practice_line_between_words(tmp_path):
    """#20 trial: `dinocli takeover --at N` printed its practice line as one 190-character line that an
    80-column terminal broke inside words ("nothi|ng"); on a terminal it is wrapped between words."""
    db = tmp_path / "g.sqlite"
    s = Service.open(db)
    gid = _bots(s, "dodos", 4).id
    s.close()
    term = _Terminal(db, "takeover", gid, "--at", "3", "--bot", "rules", "--fast")
    try:
        term.read_until(b"tournaments).")
        text = term.seen.decode("utf-8", "replace")
        said = text[text.index("New branch"):text.index("tournaments).") + len("tournaments).")]
        lines = said.replace("\r", "").split("\n")
        assert len(lines) > 1 and all(len(line) <= 79 for line in lines), lines
        assert "counts for nothing" in " ".join(lines)
        assert b"counts for nothing) | branch" in term.read_until(b"counts for nothing) | branch")   # the toolbar: the prompt is open
        term.send(b"\x04")
        assert term.proc.wait(timeout=60) == 0
    finally:
        term.close()


def test_watching_off_a_terminal_keeps_the_last_moves_and_says_how_to_review(dino):
    """#20 trial: a game watched to its end now says how to review it (off a terminal: the last 12 moves)."""
    r = dino("new", "dingo", "--watch", "--bot", "rules", "--bot", "random", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert r.output.count("(bot): ") <= 12 and "Game over" in r.output
    gid = r.output.split()[2].rstrip(":")
    assert f"review {gid}" in r.output.splitlines()[-1]


@pytest.mark.skipif(not EXE.exists(), reason="the dinocli script is not installed next to this Python")
def test_watching_in_a_terminal_shows_each_move_as_it_is_made(tmp_path):
    """#20 trial: `new --watch` printed nothing until the bots had finished the game, then only its last
    12 moves; on a terminal every move is now shown as it is made, the first long before the end."""
    term = _Terminal(tmp_path / "g.sqlite", "new", "dingo", "--watch", "--bot", "rules", "--bot", "random",
                     "--seed", "3")
    try:
        term.read_until(b"Review it:")
        assert term.proc.wait(timeout=60) == 0
        text = term.seen.decode("utf-8", "replace")
        assert text.count("(bot): ") > 12 and "Game over" in text
        assert text.index("(bot): ") < text.index("Game over")
    finally:
        term.close()


def test_analyze_judges_the_game_itself_after_a_take_over_with_branch(svc, tmp_path):
    """#20 trial: after a take-over the practice branch is current, and `analyze ID` judged it; with
    ``--branch main`` it judges the game as played (a separate process); an unknown branch is one line."""
    import json

    g = _bots(svc, "sos", 4)
    t = svc.takeover(g.id, 4, 0)
    assert t.branch != "main"
    db = str(tmp_path / "games.sqlite")
    base = [str(EXE), "--db", db, "analyze", g.id, "--seat", "0", "--bot", "mcts:iterations=8", "--workers", "1", "--json"]
    env = {k: v for k, v in os.environ.items() if k != "DINOCLI_DB"}
    current = json.loads(subprocess.run(base, capture_output=True, text=True, env=env, check=True).stdout)
    main = json.loads(subprocess.run([*base, "--branch", "main"], capture_output=True, text=True, env=env,
                                     check=True).stdout)
    assert current["branch"] == t.branch and main["branch"] == "main"
    assert len(main["decisions"]) > len(current["decisions"])      # the practice line stops at decision 4
    assert max(d["decision"] for d in main["decisions"]) > 4 >= max((d["decision"] for d in current["decisions"]), default=0)
    bad = subprocess.run([*base, "--branch", "nope"], capture_output=True, text=True, env=env)
    assert bad.returncode == 1 and bad.stdout == "" and len(bad.stderr.strip().splitlines()) == 1
    assert "no branch 'nope'" in bad.stderr


def test_the_games_list_wraps_its_seats_under_their_column_on_a_narrow_terminal(monkeypatch):
    """#20 trial: at 80 columns a four-seat row's SEATS ran into the next line's first column."""
    import os as _os
    import shutil

    from dinocli import cli as cli_module

    text = "rules0, rules1 (rules); mcts2 (mcts:easy); random3 (random)"
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a, **k: _os.terminal_size((80, 24)))
    lines = cli_module._wrapped(text, indent=59, least=20).split("\n")
    assert len(lines) > 1 and all(len(line) <= 79 for line in lines)
    assert all(line.startswith(" " * 59) and not line[59].isspace() for line in lines[1:])
    assert " ".join(line.strip() for line in lines) == text
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    assert cli_module._wrapped(text, indent=59, least=20) == text        # piped: one line a game, for scripts


def test_analysis_speaks_to_you_in_the_second_person():
    """The default seat name 'you' read "Analysis of you's 5 decisions ... (from you's information only)";
    one decision is not "1 decisions"."""
    from dinocli.analysis import report_lines

    rows = [{"decision": 1, "action": "pass", "best_value": 0.5, "chosen_value": 0.5, "drop": 0.0,
             "label": None, "reason": "", "best": "pass"}]
    assert report_lines(rows, "you", "mcts:medium")[0] == (
        "Analysis of your 1 decision by mcts:medium (from your information only):")
    assert report_lines(rows, "rex", "mcts:medium")[0].startswith("Analysis of rex's 1 decision by")
    assert "The numbers are the steps of review: g N there jumps to one." in " ".join(
        report_lines(rows, "you", "mcts:medium", width=400))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_review_at_80x24_shows_the_setup_of_dingo_whole(svc, seats):
    """Issue 42 item 12: at 80x24, step 0 of Dingo scrolled the board by one line ("board lines 1-11 of 12"):
    the step panel took 10 lines though the board needed them. The board now gets the lines it needs first."""
    g = _bots(svc, "dingo", 11, n=seats)
    screen = _screen(svc, g.id, "\x1b[H" + "q")   # Home: the setup
    assert "board lines" not in screen and "Step 0/" in screen


def test_review_draws_the_evaluation_as_a_sparkline_with_the_cursor(svc):
    """Issue 41: with a kept analysis, the line under the board is the evaluation curve, one column a step (or
    a few), the current step's column marked │."""
    from dinocli.events import analyses
    from dinocli.repl.review import Board

    g = _bots(svc, "sos", 3)
    decisions = [s for s in g.path if s.command == s.id and s.actor == 0]
    with svc.store.write():
        for k, s in enumerate(decisions):
            v = k / max(1, len(decisions) - 1)
            analyses.keep(svc.store.connection, s.hash, "mcts:medium", 0,
                          {"chosen_value": v, "best_value": v, "best": s.action, "drop": 0.0, "noise": 0.0,
                           "label": None, "only": False, "reason": "", "budget": 300})
    b = Board(svc, g.id)
    n = len(b.steps)
    b.go(0)
    start = b.curve(n)
    assert len(start) == n and start[0] == "│" and start.count("│") == 1
    b.go(n - 1)
    end = b.curve(n)
    assert end[-1] == "│" and end.count("│") == 1 and end[0] == " "   # nothing judged at the setup
    assert "█" in start and "▁" in end   # the curve rises from the lowest block to the highest
    assert len(b.curve(20)) <= 20
    assert b.curve_seat() == 0   # everything: the judged seat's line
    screen = _screen(svc, g.id, "q")
    assert f"── {g.names[0]}'s evaluation " in screen
