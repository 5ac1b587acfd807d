"""Issue #22 at the prompt (prompt_toolkit pipe input): the id, a rejected line, Ctrl-C while a bot
thinks, fitting 80x24, the hint and the strategies' reasons."""

from __future__ import annotations

import random
import re

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.history import InMemoryHistory

from dinocli.repl import Repl

from .conftest import CTRL_C, CTRL_D, Recorder, lines


class Terminal80x24(Recorder):
    """A recorder that reports an 80x24 terminal."""

    def get_size(self) -> Size:
        return Size(rows=24, columns=80)


def decisions(g, seat=None):
    return [s for s in g.path if s.actor is not None and s.command == s.id and (seat is None or s.actor == seat)]


def test_help_names_this_games_id_to_resume_it(svc, drive):
    """#22: help says "resume later with dinocli play <the id>", and the id heads the toolbar."""
    g = svc.new_game("dingo", players=["you"], bots=["rules"], seed="7")
    text = drive(g.id, lines("help") + CTRL_D)
    assert f"resume later with dinocli play {g.id}" in text
    assert f"The Dingo Ate The Baby {g.id}:" in text


def test_a_rejected_line_is_cleared_and_its_reason_shown_whole(svc, drive):
    """#22: a refused line does not stay in the input (the next line is not appended to it), and the
    reason is printed in full, wrapped at word boundaries, never cut."""
    g = svc.new_game("dingo", players=["you"], bots=["rules", "rules"], seed="7")
    list(svc.run_bots(g))
    before = len(decisions(svc.load(g.id), 0))
    bad = "play " + "x" * 30 + " you99"
    text = drive(g.id, lines(bad, "1") + CTRL_D)
    assert len(decisions(svc.load(g.id), 0)) == before + 1      # "1" alone was read, and played
    errors = [line for line in text.replace("\r", "").split("\n") if line.startswith("! ")]
    assert errors and "…" not in errors[0]
    assert all(len(line) <= 79 for line in text.replace("\r", "").split("\n") if not line.startswith(("you>", " ")))


def test_ctrl_c_while_a_bot_thinks_stops_the_bot_and_stays(svc, drive):
    """#22: Ctrl-C during a bot's move returns to the prompt (the game is not left); Enter lets the bots
    go on."""
    g = svc.new_game("dingo", players=["you"], bots=["rules", "rules"], seed="7")
    list(svc.run_bots(g))
    svc.move(g.id, g.legal_texts()[0])             # now a bot is to move
    real = svc.bot_step
    interrupted = []

    def stop_once(game):
        if not interrupted:
            interrupted.append(True)
            raise KeyboardInterrupt
        return real(game)

    def setup(repl):
        repl.service.bot_step = stop_once

    text = drive(g.id, lines("", "1") + CTRL_D, setup=setup)
    svc.bot_step = real
    assert "Stopped the bots" in text
    after = svc.load(g.id)
    assert len(decisions(after, 0)) == 2            # the bots went on after Enter, then "1" was played
    assert "Resume with" in text


@pytest.mark.parametrize("kind,bots", [("dingo", ["rules", "rules"]), ("dodos", ["rules"]),
                                       ("dillos", ["rules"]), ("sos", [])])
def test_each_screen_fits_80x24_with_the_prompt_and_toolbar(svc, kind, bots):
    """#22, #42 items 2 and 10: at 80x24 the board's first line stays on the screen: board, recap and moves
    fit above the prompt, the rows its completion menu opens in and its toolbar; no line wider than 79;
    the toolbar not cut, and broken between the status's fields, never inside one."""
    import re

    from dinocli.repl.screen import MENU_LEAST, MENU_ROWS

    g = svc.new_game(kind, players=["you"], bots=bots, seed="7")
    rnd = random.Random(5)
    for _ in range(12):
        list(svc.run_bots(g))
        if g.over:
            break
        out = Terminal80x24()
        repl = Repl(svc, g.id, input=None, output=out, history=InMemoryHistory())
        repl.draw()
        screen = out.text.replace("\r", "").rstrip("\n").split("\n")
        bar = repl.toolbar_lines()
        menu = repl.session.reserve_space_for_menu   # the prompt's line and the rows its menu opens in
        assert len(screen) + menu + len(bar) == 24, "\n".join(screen)
        assert menu >= (MENU_LEAST if kind == "dillos" else MENU_ROWS), "\n".join(screen)  # the 7x7 board has no shorter form
        assert all(len(line) <= 80 for line in screen) and all(len(line) <= 79 for line in bar)
        status = g.game.status(g.view(0))
        fields = re.split(r" [|·-] ", status)
        assert all(any(f in line for line in bar) for f in fields), (fields, bar)   # each field whole on a line
        words = " ".join(" ".join(bar).split())
        assert words.startswith(f"{kind} {g.id} | branch main |") and "…" not in words
        g, _ = svc.move(g.id, rnd.choice(g.legal_texts()))


def test_hint_at_the_prompt_prints_what_the_shell_prints(svc, drive, tmp_path):
    """#22: one format for the prompt's hint and `dinocli hint` (the same advice, the same lines)."""
    from click.testing import CliRunner

    from dinocli.cli import cli

    g = svc.new_game("dingo", players=["you"], bots=["rules"], seed="7")
    list(svc.run_bots(g))
    spec = "mcts:iterations=60"
    text = drive(g.id, lines("hint") + CTRL_D, hint_spec=spec)
    db = tmp_path / "games.db"     # the svc fixture's database
    r = CliRunner().invoke(cli, ["--db", str(db), "--color", "never", "hint", g.id, "--bot", spec])
    assert r.exit_code == 0, r.output
    screen = " ".join(text.split())          # the prompt wraps long lines at word boundaries
    for line in r.stdout.splitlines():
        assert " ".join(line.split()) in screen, line
    assert "expected result" in screen and "1 = a sure win" in screen and "the most searched" in screen


def test_the_best_move_has_a_reason_when_a_runner_up_has_one():
    """#22: the hint's first move is never the only one without a reason."""
    from dinocli import games
    from dinocli.ai.hint import hint
    from dinocli.events.rng import SeededRng
    from dinocli.games.runner import start, step

    for kind in ("dingo", "dodos", "sos"):
        game = games.get(kind)
        config = game.configure(("ann", "bob"), (), {})
        rng = SeededRng("hint")
        state, _ = start(game, config, rng)
        rnd = random.Random(1)
        for _ in range(6):
            seat = game.to_move(state)
            if seat is None:
                break
            legal = game.legal_actions(state)
            view = game.observe(state, seat)
            advice = hint(game, view, seat, legal, random.Random(2), spec="mcts:iterations=40")
            if any(a.reason for a in advice[1:]):
                assert advice[0].reason, (kind, advice)
            state, _ = step(game, state, game.strategy(view, seat, legal, rnd)[0], rng)


def test_dillos_reasons_speak_to_the_player_not_as_the_bot():
    """#22: no 'Dillos reason says "me" or "my" (it is read by the person asking for a hint)."""
    from dinocli import games
    from dinocli.events.rng import SeededRng
    from dinocli.games.runner import start, step

    game = games.get("dillos")
    for seed in ("a", "b", "c"):
        state, _ = start(game, game.configure(("ann", "bob", "cat"), (), {}), rng := SeededRng(seed))
        rnd = random.Random(seed)
        for _ in range(150):
            seat = game.to_move(state)
            if seat is None:
                break
            action, why = game.strategy(game.observe(state, seat), seat, game.legal_actions(state), rnd)
            assert not re.search(r"\b(me|my|mine|I)\b", why), why
            state, _ = step(game, state, action, rng)
