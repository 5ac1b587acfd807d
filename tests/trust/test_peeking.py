"""Ways to look at hidden cards while a game runs that a helper found by attacking the commands (session 14),
each shut and checked here: `replay --as` another seat, the moves of a bot left to move (actions, hint,
completion, `move N`), the prompt's `export` before any seat was shown, and going back past a reveal in
a strict game through `branch --at` or `checkout` instead of `undo`. Each command that a person types is
also run once as its own `dinocli` process."""

from __future__ import annotations

import os
import subprocess

import pytest

from dinocli.service import ServiceError

from ..cli.test_first_hour import EXE, run

needs_exe = pytest.mark.skipif(not EXE.exists(), reason="the dinocli script is not installed next to this Python")


def _bot_left_to_move(svc):
    """You against a bot at Dingo (guarded: a person at the table), your move made and the bot's not yet:
    the state a prompt left while the bot thought, or a killed `move`, leaves behind."""
    g = svc.new_game("dingo", players=["you"], bots=["rules"], seed="peek")
    if g.to_move != 0:
        list(svc.run_bots(g))
        g = svc.load(g.id)
    svc.move(g.id, g.legal_texts()[0])
    g = svc.load(g.id)
    assert g.to_move == 1
    return g


@needs_exe
def test_replay_as_another_seat_is_refused_while_the_game_runs(tmp_path, svc):
    """`replay GAME --as rex` showed rex's hand and every card it drew (show, log and export --as refuse);
    now the same one-line refusal; your own seat and a finished or --casual game still replay."""
    db = svc.store.path_str
    g = _bot_left_to_move(svc)
    rex = run(db, "replay", g.id, "--as", "rex")
    assert rex.returncode == 1 and rex.stderr.count("\n") == 1 and "replay --as rex would show" in rex.stderr
    assert rex.stdout == ""
    assert run(db, "replay", g.id, "--as", "you").returncode == 0
    casual = svc.new_game("dingo", players=["you"], bots=["rules"], seed="peek", undo="casual")
    assert run(db, "replay", casual.id, "--as", "rex").returncode == 0


@needs_exe
def test_a_bots_moves_are_not_listed_while_it_is_to_move(svc):
    """actions, hint and shell completion listed the bot's moves (its hand) and `move 99` counted them."""
    db = svc.store.path_str
    g = _bot_left_to_move(svc)
    hand = {t.split()[1] for t in g.legal_texts() if t.startswith("play ")}
    for args in (["actions", g.id], ["actions", g.id, "--json"], ["hint", g.id]):
        r = run(db, *args)
        assert r.returncode == 1 and r.stderr.count("\n") == 1 and "rex's turn (a bot)" in r.stderr, args
        assert not any(card in r.stdout + r.stderr for card in hand)
    bad = run(db, "move", g.id, "99")
    assert bad.returncode == 1 and "rex's turn (a bot)" in bad.stderr and "choose 1 to" not in bad.stderr
    env = {**os.environ, "_DINOCLI_COMPLETE": "bash_complete", "COMP_WORDS": f"dinocli --db {db} move {g.id} play ",
           "COMP_CWORD": "5"}
    done = subprocess.run([str(EXE)], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not any(card in done.stdout for card in hand)


def test_the_prompt_does_not_export_everything_before_a_seat_is_shown(svc, tmp_path):
    """Two people and a bot, the bot to move and nobody shown yet: `export FILE` wrote the whole log
    (every hand); now it is refused and writes nothing."""
    from prompt_toolkit.input import create_pipe_input

    from dinocli.repl import InputError, Repl
    from dinocli.repl.commands import do_export

    from ..repl.conftest import Recorder

    g = svc.new_game("dingo", players=["ann", "bob"], bots=["rules"], seed="peek")
    while g.to_move != 2:
        svc.move(g.id, g.legal_texts()[0])
        g = svc.load(g.id)
    with create_pipe_input() as inp:
        repl = Repl(svc, g.id, input=inp, output=Recorder(), fast=True)
        assert repl.viewer() is None
        with pytest.raises(InputError, match="no seat's view is on the screen"):
            do_export(repl, str(tmp_path / "x.jsonl"))
    assert not (tmp_path / "x.jsonl").exists()


def _past_a_reveal(svc):
    """A strict Dodos game against two bots, one round played: the cards were revealed (DODO-14)."""
    g = svc.new_game("dodos", players=["you"], bots=["rules", "rules"], seed="peek", undo="strict")
    list(svc.run_bots(g))
    g = svc.load(g.id)
    before = g.head
    svc.move(g.id, g.legal_texts()[0])
    for _ in svc.run_bots(svc.load(g.id)):
        pass
    g = svc.load(g.id)
    assert any(s.event.tag == "dodos.cards_revealed" for s in g.path)
    return g, next(s.seq for s in g.path if s.id == before)


@needs_exe
def test_strict_undo_cannot_be_walked_round_with_branch_or_checkout(svc):
    """`undo` was refused past the reveal, yet `branch pre --at 6; checkout pre` (or a branch made before
    the pick) let you pick again knowing the others' cards. Both are refused now, in one line, and change
    nothing; a branch at the head, and everything once the game is over or casual, still work."""
    db = svc.store.path_str
    g, before = _past_a_reveal(svc)
    with pytest.raises(ServiceError, match="strict undo stops at"):
        svc.undo(g.id)
    r = run(db, "branch", g.id, "pre", "--at", before)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "a branch at event" in r.stderr
    assert [b.name for b in svc.branches(g.id)] == ["main"]
    assert run(db, "branch", g.id, "here").returncode == 0          # at the head: nothing is undone
    early = svc.new_game("dodos", players=["you"], bots=["rules", "rules"], seed="early", undo="strict")
    list(svc.run_bots(early))
    svc.branch(early.id, "pre")                                     # made before the pick ...
    svc.move(early.id, svc.load(early.id).legal_texts()[0])
    list(svc.run_bots(svc.load(early.id)))                          # ... and the reveal came on main
    r = run(db, "checkout", early.id, "pre")
    assert r.returncode == 1 and "checkout pre would go back past" in r.stderr
    assert svc.load(early.id).record.branch == "main"
    casual = svc.new_game("dodos", players=["you"], bots=["rules", "rules"], seed="peek", undo="casual")
    list(svc.run_bots(casual))
    svc.move(casual.id, svc.load(casual.id).legal_texts()[0])
    list(svc.run_bots(svc.load(casual.id)))
    svc.branch(casual.id, "pre", at=before)
    assert svc.checkout(casual.id, "pre").record.branch == "pre"


def test_review_with_a_bot_to_move_at_a_table_of_two_shows_the_table_not_a_crash(svc):
    """Two people and a bot to move: nobody's seat is the default, and the review board crashed ("everything
    is shown only once the game is over"); it now shows what the table sees, no hand, nothing it hides."""
    from dinocli.repl.review import Board

    g = svc.new_game("dingo", players=["ann", "bob"], bots=["rules"], seed="peek")
    while g.to_move != 2:
        svc.move(g.id, g.legal_texts()[0])
        g = svc.load(g.id)
    board = Board(svc, g.id)
    assert board.seat is None and board.who() == "the table"
    board.cursor = len(board.steps) - 1
    text = board.board_text()
    assert "Your hand" not in text and "hand:" not in text
    assert all("drew a card" in line or " drew " not in line for st in board.steps for line in st.lines)
    draw = next(s.seq for s in g.path if s.event.tag == "dingo.card_drawn")   # ann's draw: hidden from the table
    svc.annotate(g.id, "kept the Red Baby", at=draw)
    svc.annotate(g.id, "a public note")
    notes = Board(svc, g.id).notes
    assert "a public note" in str(notes) and "Red Baby" not in str(notes)


@needs_exe
def test_a_refused_undo_does_not_tell_the_card_it_protects(svc):
    """Hot seat: bob's `undo` was refused with "ann already saw 'ann drew Red Baby.'", telling bob the card
    strict undo protects; now the event is named as the table saw it ("ann drew a card.")."""
    db = svc.store.path_str
    g = svc.new_game("dingo", players=["ann", "bob"], seed="s1")
    for _ in range(5):   # ann's fifth decision: her draw after it is what stops bob's undo
        g = svc.load(g.id)
        texts = g.legal_texts()
        svc.move(g.id, next((t for t in texts if t.startswith("discard")), texts[0]))
    g = svc.load(g.id)
    r = run(db, "undo", g.id)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "strict undo stops at event" in r.stderr
    assert "drew a card" in r.stderr and "was already shown something hidden" in r.stderr
    drawn = [s.event for s in g.path if s.event.tag == "dingo.card_drawn"]
    names = {g.describe(e).split(" drew ")[1].rstrip(".") for e in drawn}
    assert not any(name in r.stderr for name in names)


def test_the_prompt_does_not_read_a_move_against_a_stopped_bots_hand(svc):
    """Ctrl-C stops a thinking bot and the prompt takes input: a move typed then was read against the bot's
    hand, so "discard dingo" answered "trike holds no dingo" and a card it held answered "it is trike's
    turn": its hand, card by card (found by the second attack round). Now every move typed while a bot is
    to move gets the same answer, whatever the card."""
    from prompt_toolkit.input import create_pipe_input

    from dinocli.repl import InputError, Repl

    from ..repl.conftest import Recorder

    g = _bot_left_to_move(svc)
    held = [t for t in g.legal_texts() if t.startswith(("play", "discard"))]
    card = held[0].split()[1]
    with create_pipe_input() as inp:
        repl = Repl(svc, g.id, input=inp, output=Recorder(), fast=True)
        answers = set()
        for text in (f"discard {card}", "discard no-such-card", "discard red-dingo", "discard blue-crocodile",
                     f"play {card} you", "play 3", "1"):
            with pytest.raises(InputError) as exc:
                repl.interpret(text)
            answers.add(str(exc.value))
    assert answers == {"it is rex's turn (a bot)"}
