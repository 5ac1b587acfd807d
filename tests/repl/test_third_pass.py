"""Issue 42, the first hour's third pass, at the prompt (prompt_toolkit pipe input at 80x24) and from
the shell (a separate `dinocli` process each): what a new player tripped over."""

from __future__ import annotations

import json
import os
import random
import subprocess

from prompt_toolkit.history import InMemoryHistory

from dinocli.repl import Repl
from dinocli.repl import screen as drawing

from .conftest import CTRL_D, lines, play_out
from .test_first_hour import Terminal80x24
from .test_short_terminal import first_screen
from tests.process.conftest import run


def finished(svc, kind: str, bots=(), seed="5"):
    """A finished game of ``kind``: you (moving at random, seed 1) against ``bots``."""
    return play_out(svc, svc.new_game(kind, players=["you"], bots=list(bots), seed=seed), random.Random(1))


def test_a_wrong_dodos_card_lists_the_cards_you_can_pick_now(svc, tmp_path):
    """Item 3: a misspelt card keeps "did you mean", then lists the cards legal now (not all 18 of the
    game), the ones `actions` lists; one line, exit 1, nothing played."""
    g = svc.new_game("dodos", players=["you"], bots=["rules"], seed="3")
    db = tmp_path / "games.db"
    listed = json.loads(run("actions", g.id, "--json", db=db).stdout)["actions"]
    picks = sorted(t.split()[1] for t in listed if t.startswith("pick "))
    assert 1 < len(picks) < 18
    near = run("move", g.id, "pick", picks[0][:-1] + "x", db=db)
    assert near.returncode == 1 and near.stderr.count("\n") == 1
    assert f"did you mean {picks[0]}" in near.stderr and near.stderr.rstrip().endswith(
        f"You can pick now: {', '.join(picks)}")
    far = run("move", g.id, "pick", "zzz", db=db)
    assert far.returncode == 1 and far.stderr.rstrip() == f"dinocli: no card called 'zzz'; you can pick now: {', '.join(picks)}"
    assert svc.load(g.id).head == g.head
    held = svc.new_game("dodos", players=["you"], bots=["rules", "rules"], seed="9")   # long-stride, overtake
    other = run("move", held.id, "pick", "dsh", db=db)
    assert other.returncode == 1 and other.stderr == (
        "dinocli: no card called 'dsh' (dash is not yours to pick now); you can pick now: long-stride, overtake\n")


def test_a_finished_sos_says_game_over_once(svc, tmp_path):
    """Item 5: at the end of SOS the screen says the game is over, and the team score, once (the side
    panel and the result line no longer repeat the board's line); `show` too."""
    g = finished(svc, "sos")
    screen, _ = first_screen(svc, g.id, "game over> ")
    text = "\n".join(screen)
    assert text.lower().count("game over") == 1 and text.count("Team score") == 1, text
    assert "Review it:" in text
    shown = run("show", g.id, db=tmp_path / "games.db").stdout
    assert shown.lower().count("game over") == 1 and shown.count("Team score") == 1, shown


def test_move_completion_offers_no_finished_game(svc, tmp_path):
    """Item 6: `dinocli move <TAB>` (and `hint <TAB>`) offer the games still being played, not finished ones."""
    from tests.clirunner import DINOCLI

    over = finished(svc, "dingo", ["random"])
    running = svc.new_game("dingo", players=["you"], bots=["random"], seed="r")
    db = tmp_path / "games.db"

    def offered(line: str) -> list[str]:
        env = {k: v for k, v in os.environ.items() if k != "DINOCLI_DB"}
        env |= {"_DINOCLI_COMPLETE": "bash_complete", "COMP_LINE": line, "COMP_POINT": str(len(line))}
        out = subprocess.run([DINOCLI], capture_output=True, text=True, timeout=60, env=env).stdout
        return [w.split(",", 1)[1] for w in out.split()]

    for command in ("move", "hint"):
        assert offered(f"dinocli --db {db} {command} ") == [running.id], command
    assert sorted(offered(f"dinocli --db {db} show ")) == sorted([running.id, over.id])


def test_undo_at_the_prompt_suggests_the_prompts_own_words(svc, drive):
    """Item 9: `undo 5` after one decision suggests `undo 1`, the prompt's form, not the shell's --steps."""
    g = svc.new_game("dingo", players=["you"], bots=["rules"], seed="7")
    list(svc.run_bots(g))
    text = drive(g.id, lines("1", "undo 5") + CTRL_D)
    errors = [line for line in text.replace("\r", "").split("\n") if line.startswith("! ")]
    assert any("only 1 has been made" in e and "(try undo 1)" in e for e in errors), errors
    assert "--steps" not in text


def test_one_legal_move_is_it_not_them(svc):
    """Item 13: under a board that leaves no room to list the moves, one legal move is "1 move; Tab completes it"."""
    g = svc.new_game("dodos", players=["you"], bots=["rules"] * 5, seed="22")
    list(svc.run_bots(g))
    g = svc.load(g.id)
    out = Terminal80x24()
    repl = Repl(svc, g.id, input=None, output=out, history=InMemoryHistory())
    one = g.legal_texts()[:1]
    for rows in range(24, 60):   # from no room for the list to room for it: the counted form said right
        out.chunks.clear()
        out.get_size = lambda rows=rows: type(Terminal80x24().get_size())(rows=rows, columns=80)
        drawing.draw(repl.screen, g, 0, one, repl.command, 2)
        text = out.text
        assert "Tab completes them" not in text and "1 moves" not in text
        if "1 move; Tab completes it, actions lists it, or help." in text:
            break
    else:
        raise AssertionError("the counted form never showed")
