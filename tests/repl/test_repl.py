"""The REPL driven end to end: pipe input, a recording DummyOutput, a tmp database."""

from __future__ import annotations

import subprocess
import sys

from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input

from dinocli.repl import run

from .conftest import CLEAR, CTRL_C, CTRL_D, Recorder, lines

SEED = "7"


def new_dingo(svc, players=("you",), bots=("rules", "rules")):
    return svc.new_game("dingo", players=list(players), bots=list(bots), seed=SEED)


def decisions(g, seat=None):
    """The decisions on the current branch (of one seat)."""
    return [s for s in g.path if s.actor is not None and s.command == s.id and (seat is None or s.actor == seat)]


def test_scripted_game_against_two_bots_reaches_the_end_of_a_day(svc):
    """A person plays Dingo against two rule bots through run() until a day is scored (DINGO-31, DINGO-35):
    moves typed by notation and by number, bots answering, the board and toolbar drawn."""
    g = new_dingo(svc)
    # bots may open the day; the first human move is typed in full, then numbers
    first = None
    for _ in svc.run_bots(g):
        pass
    first = g.legal_texts()[0]
    out = Recorder()
    with create_pipe_input() as inp:
        inp.send_text(lines(first, *["1"] * 40) + CTRL_D)
        inp.close()
        run(svc, g.id, color=False, fast=True, input=inp, output=out, history=InMemoryHistory())
    text = out.text
    g = svc.load(g.id)
    mine = decisions(g, 0)
    assert mine[0].action == first
    assert len(mine) >= 10                       # every line was a move that was played
    assert any(s.event.tag == "dingo.day_ended" for s in g.path)
    assert "Day 1 ends" in text                  # the scoring is shown as it happens
    assert "rex played" in text and "trike played" in text   # bot moves, one line each
    assert "Since your last move:" in text
    assert "THE DINGO ATE THE BABY" in text      # the board
    assert f"Resume with: dinocli play {g.id}" in text


def test_illegal_and_nonsense_input_is_refused_and_changes_nothing(svc, drive):
    """A card of the wrong colour into an opponent's ranch (DINGO-19), moves out of range, random
    text, unicode and huge numbers are all refused before anything is sent; the prompt goes on."""
    g = new_dingo(svc)
    list(svc.run_bots(g))
    head = g.head
    bad = ["play no-such-card rex", "0", "999", "9" * 40, "#12345678901234567890", "🦖 ∑ ünïcødé",
           "\x00\x01junk", "undo -3", "undo 99999999999", "log x", "branch", "checkout ../..", "quit now",
           "export", "fast maybe", "x" * 501]
    keys = "".join(b + "\r" + CTRL_C for b in bad) + CTRL_D
    text = drive(g.id, keys)
    after = svc.load(g.id)
    assert after.head == head and len(decisions(after)) == len(decisions(g))
    assert "Traceback" not in text
    assert "Saved (every move is)" in text


def test_toolbar_shows_game_turn_scores_target_and_branch(svc):
    """The bottom toolbar is the game's status line (game.status of the viewer's view) and the branch."""
    from dinocli.repl import Repl

    g = new_dingo(svc)
    list(svc.run_bots(g))
    repl = Repl(svc, g.id, output=Recorder(), input=None, history=InMemoryHistory())
    bar = "".join(t for _, t in repl.toolbar())
    fields = g.game.status(g.view(0)).split(" | ")
    assert all(any(f in line for line in bar.split("\n")) for f in fields)   # #42 item 10: each field whole
    assert "target" in bar and "branch main" in bar
    assert bar.startswith(f" dingo {g.id} |")   # #22: the game id first, where nothing cuts it
    assert all(len(line) <= 79 for line in bar.split("\n")) and bar.count("\n") <= 1


def test_validator_gives_the_games_reason(svc):
    """The validator's message is the game's one-line reason (DINGO-19 colour rule)."""
    from dinocli.repl import InputError, Repl

    g = new_dingo(svc)
    list(svc.run_bots(g))
    repl = Repl(svc, g.id, output=Recorder(), input=None, history=InMemoryHistory())
    legal = set(g.legal_texts())
    hand = [t.split()[1] for t in legal if t.startswith("play ")]
    wrong = [f"play {c} {who}" for c in hand for who in ("rex", "trike") if f"play {c} {who}" not in legal]
    for text in wrong:
        try:
            repl.interpret(text)
        except InputError as exc:
            assert "\n" not in str(exc) and str(exc)
        else:
            raise AssertionError(f"{text} was accepted")
    for text in legal:
        assert repl.interpret(text).kind == "move"


def test_undo_branch_and_checkout_from_the_prompt(svc, drive):
    """branch NAME keeps a line, undo takes the move back (bots' replies too), checkout returns."""
    g = new_dingo(svc)
    list(svc.run_bots(g))
    start = g.head
    text = drive(g.id, lines("1", "branch tried", "undo", "branches") + CTRL_D)
    g2 = svc.load(g.id)
    assert g2.head == start and g2.record.branch == "main"
    assert "* main" in text and "  tried" in text
    tried = svc.load(g.id, branch="tried")
    assert len(decisions(tried, 0)) == len(decisions(g, 0)) + 1
    text = drive(g.id, lines("checkout tried") + CTRL_D)
    g3 = svc.load(g.id)
    assert g3.record.branch == "tried" and g3.head == tried.head
    assert "On branch tried" in text
    text = drive(g.id, lines("checkout main", "redo") + CTRL_D)
    assert svc.load(g.id).head == tried.head and "Redone" in text


def test_hot_seat_passes_the_keyboard_and_clears_private_cards(svc, drive):
    """Two people and a bot: before each private view the screen is cleared and says whose turn it is;
    the other's hand never shows after the pass (DINGO-11: hands are hidden)."""
    g = svc.new_game("dingo", players=["ann", "bob"], bots=["rules"], seed=SEED)
    keys = ""
    for _ in range(6):
        keys += "\r" + lines("1")        # Enter on the pass screen, then a move
    text = drive(g.id, keys + CTRL_D)
    after = svc.load(g.id)
    assert len(decisions(after, 0)) >= 2 and len(decisions(after, 1)) >= 2
    assert "Pass the keyboard to ann" in text and "Pass the keyboard to bob" in text
    # the pass screen says what game this is and whose turn, from what everyone may see (no hand)
    assert f"The Dingo Ate The Baby {g.id}: day 1 | target" in text.split("Pass the keyboard to ")[0]
    # every screen shown after passing to X holds X's hand and nobody else's
    screens = text.split("Pass the keyboard to ")[1:]
    for screen in screens:
        name = screen.split(".", 1)[0]
        other = "bob" if name == "ann" else "ann"
        shown = screen.split(CLEAR)[1]      # what follows the Enter on the pass screen
        assert f"Your hand ({other})" not in shown
        assert f"Your hand ({name})" in shown
    assert text.count(CLEAR) >= 2 * len(screens)


def test_ctrl_d_leaves_and_play_resumes_where_it_stopped(svc, drive):
    """Ctrl-D leaves at once (saved); reopening continues at the same head, Ctrl-C only clears a line."""
    g = new_dingo(svc)
    text = drive(g.id, lines("1") + "half typed" + CTRL_C + CTRL_D)
    assert "Resume with" in text
    g1 = svc.load(g.id)
    assert len(decisions(g1, 0)) == 1
    text = drive(g.id, lines("2") + CTRL_D)
    g2 = svc.load(g.id)
    assert len(decisions(g2, 0)) == 2
    assert g2.path[: len(g1.path)] == g1.path


def test_commands_help_actions_log_save_export_rules_and_hint(svc, drive, tmp_path):
    """The informational commands answer without changing the game; export writes what you may see."""
    g = new_dingo(svc)
    list(svc.run_bots(g))
    head = g.head
    out = tmp_path / "game.jsonl"
    text = drive(g.id, lines("help", "actions", "log 5", "save", f"export {out}", "rules", "hint", "fast off",
                             "fast on") + CTRL_D, hint_spec="mcts:iterations=40")
    assert svc.load(g.id).head == head
    assert "undo [N]" in text and "checkout NAME" in text
    assert "  1. " in text
    assert "every move is saved" in text
    assert out.exists() and out.read_text().count("\n") >= len(g.path)
    assert "what you may see" in text or "you may see" in text
    assert "Hint: " in text
    assert "Bot moves now pause" in text and "without a pause" in text
    assert "DINGO" in text.upper()


def test_a_move_after_another_window_moved_is_not_sent(svc, tmp_path):
    """If another process moved meanwhile, nothing is sent and the new position is shown (Conflict)."""
    from dinocli.repl import Repl
    from dinocli.service import Service

    g = new_dingo(svc)
    list(svc.run_bots(g))
    out = Recorder()
    repl = Repl(svc, g.id, output=out, input=None, history=InMemoryHistory(), fast=True)
    other = Service.open(str(tmp_path / "games.db"))
    other.move(g.id, g.legal_texts()[0])
    other.close()
    assert repl.execute("1") is True
    repl.screen.flush_notices()
    assert "changed in another window" in out.text
    assert len(decisions(svc.load(g.id), 0)) == 1


def test_finished_game_offers_commands_only(svc, drive):
    """Once over, the result is shown; moves are refused; undo still works."""
    g = svc.new_game("dingo", players=["you"], bots=["random"], seed=SEED, options={"goal": 0})  # A01: short
    while True:
        list(svc.run_bots(g))
        if g.over:
            break
        g, _ = svc.move(g.id, g.legal_texts()[0])
    text = drive(g.id, lines("1") + CTRL_C + lines("undo") + CTRL_D)
    screen = text.split("game over>")[0]      # the first screen, before anything is typed
    assert screen.count("Game over") == 1 and "Winner:" in screen     # #22: said once, not three times
    assert f"dinocli replay {g.id} --step" in screen                    # #22: how to look back at it
    assert not svc.load(g.id).over


def test_cli_does_not_import_prompt_toolkit():
    """`dinocli --help` stays light: the REPL's library loads only when a prompt opens."""
    code = "import sys, dinocli.cli; sys.exit('prompt_toolkit' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_conflict_from_the_store_is_one_line_and_reloads(svc, drive):
    """A Conflict raised while appending (another process won the race) is shown as one line."""
    from dinocli.events.store import Conflict

    g = new_dingo(svc)
    list(svc.run_bots(g))

    def setup(repl):
        def play(game_id, action, expected_head=None, **expected):
            raise Conflict("the head moved")
        repl.service = type("Racing", (), {"play": staticmethod(play), "load": svc.load, "store": svc.store,
                                           "bot_step": svc.bot_step})()

    text = drive(g.id, lines("1", "actions") + CTRL_D, setup=setup)
    assert "! the game changed in another window; nothing was sent" in text
    assert "Traceback" not in text


def color_output():
    import io

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    buf = io.StringIO()
    return buf, Vt100_Output(buf, lambda: Size(rows=40, columns=100), term="xterm-256color", enable_cpr=False)


SGR_COLOUR = __import__("re").compile(r"\x1b\[[0-9;]*(3[0-7]|9[0-7]|38;[25];[0-9;]+)m")


def test_colour_only_when_asked(svc):
    """color=False (NO_COLOR, --color never) writes no colour codes; color=True colours the board."""
    g = new_dingo(svc)
    list(svc.run_bots(g))
    for color in (False, True):
        buf, out = color_output()
        with create_pipe_input() as inp:
            inp.send_text(lines("actions") + CTRL_D)
            inp.close()
            run(svc, g.id, color=color, fast=True, input=inp, output=out, history=InMemoryHistory())
        assert bool(SGR_COLOUR.search(buf.getvalue())) is color


def test_default_history_is_a_file_in_the_user_state_directory(monkeypatch, tmp_path):
    """Persistent history under platformdirs' user state directory (XDG_STATE_HOME on Linux)."""
    from prompt_toolkit.history import FileHistory

    from dinocli.repl.session import default_history, history_path

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        assert history_path() == tmp_path / "dinocli" / "history"
    h = default_history()
    assert isinstance(h, FileHistory) and history_path().exists()


def test_branch_names_are_checked_before_anything_is_sent(svc):
    from dinocli.repl import InputError, Repl

    g = new_dingo(svc)
    svc.branch(g.id, "alt")
    repl = Repl(svc, g.id, output=Recorder(), input=None, history=InMemoryHistory())
    for text, why in (("checkout nope", "no branch 'nope'; branches: alt, main"), ("branch alt", "exists")):
        try:
            repl.interpret(text)
        except InputError as exc:
            assert why in str(exc)
        else:
            raise AssertionError(text)


def test_bot_moves_pause_unless_fast(svc, drive, monkeypatch):
    """Each bot decision is one line followed by a pause; --fast (or `fast on`) removes the pause."""
    import dinocli.repl.session as repl_module

    naps: list[float] = []
    monkeypatch.setattr(repl_module.time, "sleep", naps.append)
    g = new_dingo(svc)
    before = len(decisions(svc.load(g.id)))
    text = drive(g.id, lines("1") + CTRL_D, fast=False, delay=0.25)
    after = svc.load(g.id)
    bot_moves = len(decisions(after)) - before - 1
    assert bot_moves >= 2 and naps == [0.25] * bot_moves
    for s in decisions(after)[before:]:
        if s.actor != 0:
            assert after.game.describe(s.event, after.config) in text
    naps.clear()

    def bots_moved(keys, **options) -> int:
        n = len([s for s in decisions(svc.load(g.id)) if s.actor != 0])
        drive(g.id, keys, **options)
        return len([s for s in decisions(svc.load(g.id)) if s.actor != 0]) - n

    assert bots_moved(lines("fast on", "1", "1", "1") + CTRL_D, fast=False, delay=0.25) > 0
    monkeypatch.setenv("DINOCLI_BOT_DELAY", "0")          # the setting
    assert bots_moved(lines("1", "1", "1") + CTRL_D, fast=False) > 0
    assert naps == []
