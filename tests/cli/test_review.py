"""Issue 20: annotate, takeover, analyze and review (the analysis board)."""

from __future__ import annotations

import json

import pytest

from dinocli.events.log import LogRejected
from dinocli.service import Service, ServiceError

from tests.ai.toygame import HIGHCARD, Act, HCState
from tests.clirunner import DINOCLI


def finished(svc, kind="sos", seed=3):
    """A finished bots-only game."""
    g = svc.new_game(kind, bots=["rules", "rules"], seed=seed)
    list(svc.run_bots(g))
    return svc.load(g.id)


# -- annotate ---------------------------------------------------------------------------------------

def test_notes_are_shown_by_log_carried_by_export_kept_by_import_and_skipped_by_verify(svc, dino, tmp_path):
    """Issue 20 (annotations): beside the tree, in `log`, in the jsonl log, imported, outside the chain."""
    g = finished(svc)
    svc.close()
    assert "Noted on event 5" in dino("annotate", g.id, "--at", "5", "a", "fine", "move").output
    assert "Noted on event" in dino("annotate", g.id, "the end").output
    out = dino("log", g.id).output
    assert "{ a fine move }" in out and "{ the end }" in out
    rows = dino.json("log", g.id)
    assert [r["notes"] for r in rows if r["event"] == 5] == [["a fine move"]]
    assert "{a fine move}" in dino("export", g.id, "--format", "text").output
    lines = dino("export", g.id).output.splitlines()
    assert json.loads(lines[-2]) == {"note": {"event": len(lines) - 4, "text": "the end"}}
    assert dino("verify", g.id).exit_code == 0
    other = Service.open(tmp_path / "other.sqlite")
    record = other.import_log("\n".join(lines).encode())
    assert other.notes(other.load(record.id)) == {5: ["a fine move"], len(lines) - 4: ["the end"]}
    other.verify(record.id)
    # a note is not covered by the hash chain, but it must still be well formed and on an event of the log
    bad = lines[:-2] + ['{"note":{"event":99999,"text":"x"}}'] + lines[-1:]
    with pytest.raises(LogRejected, match="a note on event 99999"):
        Service.open(tmp_path / "x.sqlite").import_log("\n".join(bad).encode())
    bad = lines[:-2] + ['{"note":{"event":1,"text":"\\u001b[2J"}}'] + lines[-1:]
    with pytest.raises(LogRejected, match="bad note"):
        Service.open(tmp_path / "y.sqlite").import_log("\n".join(bad).encode())
    bad = lines[:-4] + lines[-3:-2] + lines[-4:-3] + lines[-1:]   # the last event after a note
    with pytest.raises(LogRejected, match="after the notes"):
        Service.open(tmp_path / "z.sqlite").import_log("\n".join(bad).encode())


def test_hostile_notes_are_refused_and_change_nothing(svc, dino):
    """Issue 20: notes are hostile input: a length limit, no control or direction characters."""
    g = finished(svc)
    svc.close()
    for text in ("x" * 501, "a\x1b[2Jb", "\u202eevil", "   "):
        r = dino("annotate", g.id, text)
        assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1, r.output
    assert dino("annotate", g.id, "--at", "0", "x").exit_code == 1
    assert all(not r["notes"] for r in dino.json("log", g.id))


def test_a_seat_view_export_carries_only_notes_on_events_that_seat_may_see(svc):
    """Issue 20: a note on a hidden event must not leak through `export --as`."""
    g = finished(svc, "dingo", seed=5)
    hidden = next(s for s in g.path if g.game.redact(s.event, 0) != s.event)
    open_ = next(s for s in g.path if all(g.game.redact(s.event, k) == s.event for k in range(2)))
    svc.annotate(g.id, "secret note", hidden.seq)
    svc.annotate(g.id, "public note", open_.seq)
    view = "".join(svc.export_lines(g.id, as_seat=0))
    full = "".join(svc.export_lines(g.id))
    assert "public note" in view and "secret note" not in view
    assert "secret note" in full


# -- takeover ---------------------------------------------------------------------------------------

def test_takeover_is_a_practice_branch_with_its_own_seating(svc):
    """Issue 20: a branch from decision N, a person in one seat, bots in the others; the genesis seats
    and the game's result stay; the branch counts for nothing."""
    g = finished(svc)
    result = g.record.result
    t = svc.takeover(g.id, 2, "1")
    assert t.branch == "takeover-2" and t.practice and t.is_human(1) and not t.is_human(0)
    assert t.record.seats == g.record.seats   # the genesis header's seats are untouched
    assert len([s for s in t.path if s.command == s.id]) == 3
    while not t.over:
        if t.is_human(t.to_move):
            svc.move(t.id, t.legal_texts()[0])
            t = svc.load(t.id)
        list(svc.run_bots(t))
        t = svc.load(t.id)
    assert svc.store.game(g.id).result == result   # a practice ending records no result
    with pytest.raises(ServiceError, match="practice take-over"):   # nor can it be laundered through a log
        list(svc.export_lines(g.id))
    svc.verify(g.id)
    assert svc.takeover(g.id, 2).branch == "takeover-2-1"


def test_takeover_of_a_game_a_person_is_playing_is_refused(svc, dino):
    """Issue 20 (peeking): taking over shows the other seats' cards: refused while a person plays."""
    g = svc.new_game("dingo", players=["ann"], bots=["rules"], seed=2)
    list(svc.run_bots(g))
    with pytest.raises(ServiceError, match="still being played"):
        svc.takeover(g.id, 1)
    svc.close()
    r = dino("takeover", g.id, "--at", "1")
    assert r.exit_code == 1 and "still being played" in r.stderr
    assert dino("takeover", g.id, "--at", "-1").exit_code == 2


def test_takeover_from_the_shell_finishes_bot_turns_and_says_how_to_play(svc, dino):
    g = finished(svc, "dingo", seed=9)
    svc.close()
    r = dino("takeover", g.id, "--at", "4", "--seat", "0")
    assert r.exit_code == 0, r.output
    assert "Practice branch takeover-4" in r.output and "dinocli" in r.output
    assert "practice branch takeover-4 (current)" in dino("games").output
    assert "Practice branch" in dino("show", g.id).output
    assert dino("takeover", g.id, "--at", "100000").exit_code == 1


# -- analyze ----------------------------------------------------------------------------------------

def test_folding_the_best_card_is_a_blunder():
    """Issue 20: a position where one action loses outright: holding a 9 in high card, folding loses
    for sure while keeping cannot lose."""
    from dinocli.analysis import judge

    state = HCState(hands=(9, 4))
    view = HIGHCARD.observe(state, 0)
    legal = HIGHCARD.legal_actions(state)
    fold = judge(HIGHCARD, view, 0, legal, Act("fold"), "mcts:iterations=200")
    # values are the spec's playouts (random here: a later random fold can still lose with the 9)
    assert fold["label"] == "blunder" and fold["chosen_value"] == 0.0 and fold["best_value"] > 0.7
    assert fold["best"] in ("keep", "draw")
    keep = judge(HIGHCARD, view, 0, legal, Act("keep"), "mcts:iterations=200")
    assert keep["label"] is None


def test_a_known_blunder_gets_the_same_label_whatever_the_analysis_seed():
    """Issue 20 (analysis noise): four analysis seeds, one label for folding the 9, and a drop far
    above its noise; keeping it is judged fine by every seed."""
    from dinocli.analysis import judge

    state = HCState(hands=(9, 4))
    view, legal = HIGHCARD.observe(state, 0), HIGHCARD.legal_actions(state)
    for salt in ("", "1", "2", "3"):
        fold = judge(HIGHCARD, view, 0, legal, Act("fold"), "mcts:iterations=200", salt=salt)
        assert fold["label"] == "blunder" and fold["drop"] > 0.3 + 2 * fold["noise"]
        assert judge(HIGHCARD, view, 0, legal, Act("keep"), "mcts:iterations=200", salt=salt)["label"] is None


class _Synonyms(type(HIGHCARD)):
    """High card where 'keep' has three names: every action a seat has is the same move."""

    def legal_actions(self, state):
        return [] if state.over else [Act("keep"), Act("stay"), Act("hold")]

    def decide(self, state, action, rng):
        return super().decide(state, Act("keep"), rng)


def test_equal_actions_never_show_a_drop_whatever_the_analysis_seed():
    """Issue 20 (analysis noise): where every action is the same move, no label and no drop at all,
    for any analysis seed (paired playouts cancel the luck; unpaired means differed by chance)."""
    from dinocli.analysis import judge

    game = _Synonyms()
    for hands in ((5, 1), (2, 8), (7, 7)):
        state = HCState(hands=hands)
        view, legal = game.observe(state, 0), game.legal_actions(state)
        for salt in ("", "1", "2", "3"):
            for chosen in legal:
                out = judge(game, view, 0, legal, chosen, "mcts:iterations=120", salt=salt)
                assert out["label"] is None and out["drop"] == 0.0, (hands, salt, chosen, out)


def test_the_analysis_never_peeks():
    """Issue 20: the same information set with different hidden cards gives the same analysis."""
    from dinocli.analysis import judge

    legal = HIGHCARD.legal_actions(HCState(hands=(5, 1)))
    a = judge(HIGHCARD, HIGHCARD.observe(HCState(hands=(5, 1)), 0), 0, legal, Act("keep"), "mcts:iterations=100")
    b = judge(HIGHCARD, HIGHCARD.observe(HCState(hands=(5, 9)), 0), 0, legal, Act("keep"), "mcts:iterations=100")
    assert a == b


def test_analyze_reports_caches_and_agrees_with_workers(svc, dino):
    """Issue 20: labels, curve, worst three; a second run comes from the cache; --workers gives the same."""
    import time

    g = finished(svc, "sos", seed=4)
    svc.close()
    r = dino("analyze", g.id, "--seat", "0", "--bot", "mcts:iterations=20", "--workers", "1")
    assert r.exit_code == 0, r.output
    assert "Analysis of rex's" in r.output and "Labels: inaccuracy >= 0.05" in r.output
    assert any(ch in r.output for ch in "▁▂▃▄▅▆▇█")
    t = time.perf_counter()
    first = dino.json("analyze", g.id, "--seat", "0", "--bot", "mcts:iterations=20")
    assert time.perf_counter() - t < 2
    again = Service.open(dino.db)
    from dinocli.analysis import analyze

    fresh = analyze(again, again.load(g.id), 0, "mcts:iterations=21", workers=2)
    assert [d["decision"] for d in fresh] == [d["decision"] for d in first["decisions"]]
    assert dino("analyze", g.id, "--bot", "rules").exit_code == 2


# -- review -----------------------------------------------------------------------------------------

def _review(svc, game_id, keys: str, **kw):
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from dinocli.repl.review import run

    with create_pipe_input() as inp:
        inp.send_text(keys)
        return run(svc, game_id, input=inp, output=DummyOutput(), **kw)


LEFT, RIGHT, HOME, END, PGUP, PGDN = "\x1b[D", "\x1b[C", "\x1b[H", "\x1b[F", "\x1b[5~", "\x1b[6~"


def test_review_steps_jumps_switches_seats_annotates_and_leaves(svc):
    """Issue 20: the review driven by keys through pipe input."""
    from dinocli.repl.review import Board

    g = finished(svc, "dingo", seed=6)
    b = Board(svc, g.id)
    assert b.cursor == len(b.steps) - 1 and b.seat is None
    b.go(0)
    b.round(+1)
    assert 0 < b.cursor <= 10
    assert _review(svc, g.id, HOME + RIGHT + RIGHT + LEFT + "g7\r" + "cwhy here?\r" + PGDN + PGUP + END + "s" + "q") is None
    notes = svc.notes(svc.load(g.id))
    assert ["why here?"] in notes.values()
    b = Board(svc, g.id)
    assert "note: why here?" in "\n".join((b.go(7), b.detail_lines())[1])
    assert b.move_lines()[7].endswith("*")
    assert _review(svc, g.id, "g12\r" + "\x03") is None    # Ctrl-C leaves
    assert _review(svc, g.id, "\x04") is None              # Ctrl-D leaves
    assert _review(svc, g.id, "gxyz\rq") is None           # a bad jump is a message, not a crash
    b.switch_seat()
    assert b.seat == 0 and "Now as rex" in b.message
    assert b.board_text()


def test_review_takes_over_from_the_cursor(svc):
    g = finished(svc, "sos", seed=8)
    out = _review(svc, g.id, HOME + RIGHT + RIGHT + RIGHT + "t")
    assert out == ("takeover", 3, None, "main")
    t = svc.takeover(g.id, out[1], out[2], branch=out[3])
    assert t.practice and t.branch == "takeover-3"


def test_review_of_a_running_game_shows_only_the_person_seat(svc):
    """Issue 20 (peeking): while a person plays, `s` does not switch to another seat."""
    from dinocli.repl.review import Board

    g = svc.new_game("dingo", players=["ann"], bots=["rules"], seed=2)
    list(svc.run_bots(g))
    b = Board(svc, g.id)
    assert b.seats() == [0] and b.seat == 0
    b.switch_seat()
    assert b.seat == 0 and "Only your own seat" in b.message
    assert _review(svc, g.id, "t" + "q") in (None, ("takeover", b.cursor, 0, "main"))


def test_review_wraps_a_step_at_word_boundaries(svc):
    """#20: at 80 columns the step's lines wrap between words beside the move list, never inside one."""
    from dinocli.repl.review import Board

    board = Board(svc, finished(svc, "dingo").id)
    for cursor in range(len(board.steps)):
        board.go(cursor)
        words = " ".join(board.detail_lines()).split()
        lines = board.detail_text(47)
        assert all(len(line) <= 47 for line in lines if " " in line.strip())
        assert " ".join(lines).split() == words


# -- everything, for a finished game (issue 20 item "or everything, for a finished game") ------------

def _bots(svc, kind, n, seed, **kw):
    g = svc.new_game(kind, bots=["rules"] * n, seed=seed, **kw)
    list(svc.run_bots(g))
    return svc.load(g.id)


def test_everything_on_a_finished_dodos_game_shows_the_face_down_picks_and_hands(svc):
    """Issue 20: switching to everything (pipe input) on a finished game shows another seat's secret
    pick and hand, which that step's board as a seat did not."""
    from dinocli.games.dodos.events import CardPicked
    from dinocli.games.dodos.render import card_name
    from dinocli.repl.review import Board

    g = _bots(svc, "dodos", 3, 5)
    # rex (seat 0) starts as the viewer; s goes to trike, ptera, then everything; t reports the viewer
    assert _review(svc, g.id, "sss" + "t", seat=0) == ("takeover", len(Board(svc, g.id).steps) - 1, None, "main")
    every, rex = Board(svc, g.id), Board(svc, g.id, seat=0)
    assert every.seat is None and every.who() == "everything" and every.seats() == [None, 0, 1, 2]
    picked = next(st for st in every.steps if st.seat == 1 and st.action.startswith("pick "))
    event = next(s.event for s in g.path if s.seq <= picked.seq and isinstance(s.event, CardPicked)
                 and s.event.seat == 1 and s.seq > every.steps[picked.number - 1].seq)
    every.go(picked.number)
    rex.go(picked.number)
    assert f"trike: {card_name(event.card)}" in every.board_text()
    assert "Face-down picks" not in rex.board_text() and "trike's hand" not in rex.board_text()
    assert "trike's hand: " in every.board_text() and "ptera's hand: " in every.board_text()
    assert every.move_lines()[picked.number].endswith(f"trike: {picked.action}")
    assert rex.move_lines()[picked.number].endswith("trike: (hidden)")


def test_everything_on_a_finished_dingo_game_shows_every_hand_and_the_next_draws(svc):
    """Issue 20: every hand, and the deck's next card as the seed will deal it (the card really drawn next)."""
    from dinocli.games.dingo.events import CardDealt, CardDrawn, DayStarted
    from dinocli.games.dingo.render import card_text
    from dinocli.repl.review import Board

    g = _bots(svc, "dingo", 3, 7)
    b = Board(svc, g.id)
    deck = [s for s in g.path if isinstance(s.event, (CardDrawn, CardDealt, DayStarted))]
    checked = 0
    for st in b.steps[1::7]:
        coming = next(s.event for s in deck if s.seq > st.seq)
        if isinstance(coming, DayStarted):   # the deck is whole again for a new day: nothing to foresee
            continue
        b.go(st.number)
        text = b.board_text(height=30)
        for name, hand in zip(st.state.names, st.state.hands):
            assert f"{name}'s hand: {', '.join(map(card_text, hand)) or 'empty'}" in text
        assert f"next: {card_text(coming.card)}" in text
        assert all(len(line) <= 80 for line in text.splitlines())
        checked += 1
    assert checked > 5


def test_everything_is_not_offered_while_a_game_runs(svc):
    """Issue 20 (never leaking): a running game nobody plays offers each seat but never everything, and
    says when it will be; one a person plays offers only that seat."""
    from itertools import islice

    from dinocli.pictures.export import steps
    from dinocli.repl.review import Board

    g = svc.new_game("dodos", bots=["rules"] * 3, seed=5)
    list(islice(svc.run_bots(g), 12))
    g = svc.load(g.id)
    assert not g.over
    b = Board(svc, g.id)
    assert b.seats() == [0, 1, 2] and b.seat == 0
    for _ in range(4):
        b.switch_seat()
        assert b.seat is not None and "Everything is shown once it is over" in b.message
        assert "Face-down picks" not in b.board_text() and "'s hand: " not in b.board_text()
    assert _review(svc, g.id, "ssss" + "t")[2] == 1
    with pytest.raises(ValueError, match="only once the game is over"):
        list(steps(g, None, everything=True))


# -- export --format text: numbered by round (issue 20) ----------------------------------------------

def _rounds(text: str) -> list[tuple[int, str]]:
    """The move list of a text export, unwrapped: (round number, the rest of the line)."""
    moves = text.split("\n\n")[1]
    assert all(len(line) <= 79 for line in moves.splitlines())
    out = []
    for line in moves.replace("\n    ", " ").splitlines():
        number, rest = line.split(". ", 1)
        out.append((0 if number == "Setup" else int(number), rest))
    return out


@pytest.mark.parametrize("kind", ["dingo", "dodos", "dillos", "sos"])
def test_text_export_numbers_decisions_by_the_rulebook_round(svc, kind):
    """Issue 20: one numbered line a round (a day in Dingo, DINGO-09; a round of phases in Dodos,
    DODO-13; every seat's turn once in 'Dillos and SOS), each seat's decisions in play order."""
    from dinocli.pictures.export import steps, text_record

    g = _bots(svc, kind, 2 if kind == "sos" else 3, 11)
    text = text_record(g, None)
    rounds = _rounds(text)
    numbers = [n for n, _ in rounds]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) and numbers[0] in (0, 1)
    final = g.state
    played = [st for st in steps(g, None, everything=True) if st.seat is not None]
    assert sum(rest.count(", ") + rest.count(": ") for _, rest in rounds) == len(played)
    assert "(hidden)" not in text and '[View "everything (the game is over)"]' in text
    names = [s.name for s in g.seats]
    if kind == "dingo":
        assert numbers[-1] == final.day and numbers[0] == 1
    elif kind == "dodos":
        assert numbers[-1] == final.round
        for n, rest in rounds:
            if n:   # every seat picks once a round, face down (DODO-10)
                assert rest.count(": pick ") + rest.count(", pick ") == len(names), rest
    else:
        turns = final.turn
        assert numbers[-1] == -(-turns // len(names))
    if kind == "sos":   # each player's turn once a round, in turn order
        for _, rest in rounds[:-1]:
            assert sorted(w[:-1] for w in rest.split() if w[:-1] in names and w.endswith(":")) == sorted(names)


def test_text_export_as_a_separate_process(svc, tmp_path):
    """Issue 20: `dinocli export ID --format text` run as a user runs it."""
    import subprocess

    exe = DINOCLI or pytest.skip("dinocli is not installed")
    g = _bots(svc, "dodos", 3, 2)
    svc.close()
    proc = subprocess.run([exe, "--db", str(tmp_path / "games.sqlite"), "export", g.id, "--format", "text"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    rounds = _rounds(proc.stdout)
    assert [n for n, _ in rounds] == list(range(1, len(rounds) + 1)) and rounds[0][1].startswith("rex: pick ")


def test_switching_to_a_running_branch_leaves_everything(svc):
    """Issue 20 (never leaking): from everything on the finished main line, `b` to a take-over still
    being played shows only the person's seat there (and back on main, everything is offered again)."""
    from dinocli.repl.review import Board

    g = _bots(svc, "dodos", 3, 5)
    t = svc.takeover(g.id, 6, "1")
    assert not t.over and svc.load(g.id).branch == t.branch
    b = Board(svc, g.id)
    assert b.branch == t.branch and b.seats() == [1] and b.seat == 1
    b.next_branch()
    assert b.branch == "main" and b.seat == 1 and None in b.seats()
    while b.seat is not None:
        b.switch_seat()
    assert "Face-down picks" in "".join((b.go(k), b.board_text())[1] for k in range(len(b.steps)))
    b.next_branch()
    assert b.branch == t.branch and b.seat == 1
    assert all("Face-down picks" not in (b.go(k), b.board_text())[1] for k in range(len(b.steps)))
    assert _review(svc, g.id, "b" + "sss" + "b" + "t")[2:] == (1, t.branch)


def test_everything_in_dillos_names_the_face_down_tiles_and_sos_hides_nothing(svc):
    """Issue 20: Houston tiles lie face down (DILLO-28): everything names each with its roads; a seat
    sees them as unknown. SOS shows every tile to all (SOS-11): everything is the board itself."""
    from dinocli.games.dillos.data import FACEDOWN
    from dinocli.games.dillos.state import geo
    from dinocli.repl.review import Board

    g = _bots(svc, "dillos", 3, 4, variants=["houston"])
    every, rex = Board(svc, g.id), Board(svc, g.id, seat=0)
    st = next(st for st in every.steps if sum(c >= FACEDOWN for c in st.state.board) > 1)
    every.go(st.number)
    rex.go(st.number)
    down = [sq for sq, c in enumerate(st.state.board) if c >= FACEDOWN]
    names = [w for w in every.board_text().replace("\n", " ").split() if w[:1].isalpha() and w[1:].isdigit()]
    assert {geo(st.state).name(sq) for sq in down} <= set(names)
    assert "Face down:" in every.board_text() and "Face down:" not in rex.board_text()
    s = _bots(svc, "sos", 2, 4)
    sos = Board(svc, s.id)
    assert sos.seat is None and sos.board_text() == s.game.render(s.game.observe(s.state, None), color=False)
