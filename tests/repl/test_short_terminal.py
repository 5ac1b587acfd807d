"""Issue #22 at the prompt (prompt_toolkit pipe input): at 80x24 a 5-player Dingo and a 6-player Dodos
keep the board's header line and your own ranch/row and hand on the screen, above the prompt and its
toolbar, move after move."""

from __future__ import annotations

import random
import re

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input

from dinocli.repl import Repl

from .conftest import CTRL_D, play_out
from .test_first_hour import Terminal80x24

ME = "Alexandrina-1234"  # the longest name `new` accepts


def first_screen(svc, game_id: str, prompt: str = f"{ME}> ") -> tuple[list[str], list[str]]:
    """What the prompt shows before its first input line at 80x24 (the lines above ``prompt``), and its
    toolbar lines."""
    out = Terminal80x24()
    with create_pipe_input() as inp:
        inp.send_text(CTRL_D)
        inp.close()
        repl = Repl(svc, game_id, input=inp, output=out, fast=True, history=InMemoryHistory())
        repl.loop()
    text = out.text.replace("\r", "")
    screen = text[: text.index(prompt)].rstrip("\n").split("\n")
    return screen, repl.toolbar_lines()


def screens_of_a_game(svc, g, moves: int):
    """Each first screen (and toolbar) of ``g`` at 80x24 as the person moves at random (seed 22) after the
    bots, until ``moves`` moves or the end; with the game as loaded for that screen."""
    rnd = random.Random(22)
    for _ in range(moves):
        list(svc.run_bots(g))
        g = svc.load(g.id)
        if g.over:
            return
        screen, bar = first_screen(svc, g.id)
        yield g, screen, bar
        g, _ = svc.move(g.id, rnd.choice(g.legal_texts()))


@pytest.mark.parametrize("kind,bots,header,mine", [
    pytest.param("dingo", 4, "THE DINGO ATE THE BABY", re.compile(rf"^[> ] {ME[:10]}.*(\(you\)|you:)"), id="dingo5"),
    pytest.param("dodos", 5, "Dodos Riding Dinos", re.compile(rf"^ [A-F] {ME[:12]} .*\(you\)"), id="dodos6"),
])
def test_five_player_dingo_and_six_player_dodos_fit_80x24(svc, kind, bots, header, mine):
    """#22: the header line, your own ranch (Dingo) or row (Dodos) and your hand stay on screen at 80x24:
    the board, what it leaves room for and the prompt fit above the toolbar, no line wider than 80."""
    g = svc.new_game(kind, players=[ME], bots=["rules"] * bots, seed="22")
    for g, screen, bar in screens_of_a_game(svc, g, 10):
        shown = "\n".join(screen)
        assert len(screen) + 1 + len(bar) <= 24, shown
        assert max(map(len, screen)) <= 80, shown
        assert screen[0].startswith(header), shown
        assert any(mine.match(line) for line in screen), shown
        assert any(line.startswith("Your hand") for line in screen), shown
        assert any(line.startswith(f"{ME} to move") for line in screen), shown


@pytest.mark.parametrize("kind,bots", [pytest.param("dingo", 4, id="dingo5"), pytest.param("dodos", 5, id="dodos6")])
def test_a_finished_five_or_six_player_game_fits_80x24_with_its_result(svc, kind, bots):
    """#22: at the end the board (everything public), the winner line and as much of the rest as fits
    stay above the prompt and its toolbar at 80x24."""
    g = play_out(svc, svc.new_game(kind, players=[ME], bots=["random"] * bots, seed="end"), random.Random(1))
    screen, bar = first_screen(svc, g.id, "game over> ")
    shown = "\n".join(screen)
    assert len(screen) + 1 + len(bar) <= 24 and max(map(len, screen)) <= 80, shown
    assert screen[0].startswith(("THE DINGO ATE THE BABY", "Dodos Riding Dinos")), shown
    assert any("Winner: " in line for line in screen), shown


def test_what_does_not_fit_under_the_board_is_said_not_dropped(svc):
    """At 80x24 a Dodos round told under the board lost its first lines without a word (the reveal, a hit);
    now the heading says how many earlier lines are not shown and where they are (`log`)."""
    from dinocli.repl import screen as drawing

    g = svc.new_game("dodos", players=[ME], bots=["rules", "rules", "rules"], seed="22")
    marked = 0
    for g, shown, _ in screens_of_a_game(svc, g, 12):
        _, told = drawing.recap(g, 0)
        heading = next((i for i, line in enumerate(shown) if line.startswith(("Since your last move", "Last moves",
                                                                                 "So far"))), None)
        under = 0 if heading is None else sum(1 for line in shown[heading + 1:] if line.startswith("  "))
        if heading is not None and under < len(told):   # (with no room at all, nothing is told)
            assert "earlier line" in shown[heading] and "type log" in shown[heading], shown
            marked += 1
    assert marked
