"""voice: after a take-over, the bot in a seat named "you" is not spoken to as "you".

A person plays as the default "you" against rex, then practises from a position in rex's seat: the seat
named "you" is now a bot's, so the branch shows it under a spare bot name (the first of BOT_NAMES no seat
uses) in every line a person reads — narration, the board, seat labels, the moves, `show`, `log`, the
prompt — and says so once in the take-over's banner. The genesis keeps "you": events, hashes, exports,
snapshots, `replay --verify` and the main line read exactly as before."""

from __future__ import annotations

import random
import re

import msgspec
import pytest

from dinocli.events import SeededRng
from dinocli.games.runner import fold_all
from dinocli.service import Service
from tests.clirunner import Dino
from tests.process.conftest import ok, refused, run

from .conftest import lines

SECOND = re.compile(r"\byour?\b", re.IGNORECASE)
# what may still say "you": the person (you as rex, the board's (you) marker, their hand), the prompt's own
# words to them, the banner, and an error quoting what they typed
ABOUT_THE_PERSON = re.compile(r"you as \w+> .*|you as \w+|\(you\)|Your hand \(\w+\)|Your hand|Since your last move|"
                              r"New branch .*|unknown player 'you'.*|no player called 'you'.*")


def spoken_to(text: str) -> list[str]:
    """The lines of ``text`` that still say "you"/"your" about someone other than the person."""
    return [line for line in text.splitlines() if SECOND.search(ABOUT_THE_PERSON.sub("", line))]


def _played(dino: Dino) -> str:
    """The issue's game: you against rex (dingo, seed 3, casual), three moves; its id."""
    gid = dino.json("new", "dingo", "--bots", "1", "--seed", "3", "--no-play", "--casual")["game"]
    for _ in range(3):
        assert dino("move", gid, "1").exit_code == 0
    return gid


def _dump(db) -> list[str]:
    """Everything stored, as SQL (what viewing a branch must not change)."""
    import sqlite3

    conn = sqlite3.connect(db)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def test_the_bot_in_the_you_seat_is_shown_by_another_name(tmp_path):
    """The issue's commands: the banner says it once; the bot's lines, the board, show, log and actions call
    it trike; the person is marked at rex; 'you' typed as a seat or a target is refused in one line."""
    dino = Dino(tmp_path / "games.sqlite")
    gid = _played(dino)
    main_log = dino("log", gid).stdout
    assert "you drew " in main_log and "your turn." in main_log   # the main line speaks to you
    r = dino("takeover", gid, "--at", "2", "--seat", "rex")
    assert r.exit_code == 0, r.output
    first, rest = r.stdout.split("\n", 1)
    assert first.startswith("New branch takeover-2: you play rex; a bot (mcts:medium) plays your old seat, "
                            "shown as trike on this branch. Practice branch takeover-2")
    assert spoken_to(rest) == [] and "trike (bot): discard yellow-sheep\n    trike drew a card.\n" in rest
    for out in (rest, dino("show", gid).stdout):
        assert re.search(r"^> rex .*\(you\)$", out, re.M) and re.search(r"^  trike +red ", out, re.M), out
        assert "day 1, trike started" in out and "To move: you as rex" in out and spoken_to(out) == []
    log = dino("log", gid).stdout
    assert spoken_to(log) == [] and "   10  trike: play blue-horse trike\n" in log and "  you as rex: " in log
    assert log.splitlines()[:2] == ["    1        Starting Cards: trike is red, rex is purple",
                                    "    2        Day 1 begins; trike starts. The d10 shows 8: target 18."]
    assert main_log.splitlines()[:2] == ["    1        Starting Cards: you are red, rex is purple",
                                         "    2        Day 1 begins; you start. The d10 shows 8: target 18."]
    actions = dino("actions", gid).stdout
    assert "play purple-sheep trike" in actions and spoken_to(actions) == []
    shown = dino.json("show", gid)
    assert shown["names"] == ["trike", "rex"] and shown["seats"][0]["name"] == "you"   # the record keeps the genesis
    assert shown["view"]["names"] == shown["names"]   # issue 38: one name list (the view was in the genesis names)
    assert {r["name"] for r in dino.json("log", gid) if r["name"]} == {"trike", "rex"}
    refusal = dino("show", gid, "--as", "you")
    assert refusal.exit_code == 1 and refusal.stdout == "" and refusal.stderr.count("\n") == 1
    assert refusal.stderr.startswith("dinocli: no seat 'you' on practice branch takeover-2: a bot plays the seat "
                                     "named you there, shown as trike, and you as rex is seat 1; seats are 0 trike, 1 rex")
    assert dino("show", gid, "--as", "trike").exit_code == 0    # casual: the bot's seat by the name shown
    hint = dino("hint", gid, "--bot", "mcts:iterations=30")
    assert hint.exit_code == 0 and spoken_to(hint.stdout) == []
    listed = dino.json("actions", gid)["actions"]
    assert "play purple-sheep trike" in listed
    assert {a["action"] for a in dino.json("hint", gid, "--bot", "mcts:iterations=30")["advice"]} <= set(listed)
    head = dino.json("show", gid)["head"]
    typed = dino("move", gid, "play purple-sheep you")
    assert typed.exit_code == 1 and "unknown player 'you'; players: trike, rex" in typed.stderr
    assert dino.json("show", gid)["head"] == head   # nothing played
    moved = dino("move", gid, "play purple-sheep trike")
    assert moved.exit_code == 0 and moved.stdout.startswith("you as rex: play purple-sheep trike\n")
    assert spoken_to(moved.stdout) == []
    assert dino("checkout", gid, "main").exit_code == 0
    assert dino("log", gid).stdout == main_log   # the main line reads exactly as before
    assert dino("replay", gid, "--verify").exit_code == 0


def test_viewing_the_take_over_stores_nothing(tmp_path, drive, svc):
    """Every way of reading the branch (show, log, actions, replay, text and html exports, svg, the prompt)
    leaves the database as it was; the main line's export is byte-identical; replay --verify passes."""
    dino = Dino(tmp_path / "games.db")   # the svc/drive fixtures' database
    gid = _played(dino)
    assert dino("takeover", gid, "--at", "2", "--seat", "rex", "--bot", "random").exit_code == 0
    assert dino("checkout", gid, "main").exit_code == 0
    saved = dino("export", gid, "--with-seed").stdout
    assert dino("checkout", gid, "takeover-2").exit_code == 0
    before = _dump(dino.db)
    for args in (("show", gid), ("show", gid, "--json"), ("log", gid), ("log", gid, "--json"), ("actions", gid),
                 ("replay", gid), ("export", gid, "--format", "text"), ("export", gid, "--format", "html"),
                 ("show", gid, "--svg", "-"), ("branches", gid), ("games",)):   # games: the game's own seats
        r = dino(*args)
        assert r.exit_code == 0, (args, r.output)
        if args[0] != "games" and "--json" not in args and "--svg" not in args and "html" not in args:
            assert spoken_to(r.stdout) == [], (args, spoken_to(r.stdout))
        if "--svg" in args or "html" in args:
            assert ">you<" not in r.stdout and "trike" in r.stdout
    out = drive(gid, lines("log 40", "actions", "board", "quit"))
    assert spoken_to(out) == [] and "trike" in out
    from dinocli.repl.review import Board

    review = Board(svc, gid)   # the full-screen review's panes, on the take-over branch
    for n in range(len(review.steps)):
        review.go(n)
        text = "\n".join([review.board_text(), *review.detail_lines(), *review.move_lines(), review.title()])
        assert spoken_to(text) == [] and "trike" in text, text
    assert _dump(dino.db) == before
    assert dino("checkout", gid, "main").exit_code == 0
    assert dino("export", gid, "--with-seed").stdout == saved
    verified = dino("replay", gid, "--verify")
    assert verified.exit_code == 0 and "every decision on 2 lines of play" in verified.stdout


def test_the_prompt_calls_the_bot_by_its_shown_name(svc, drive):
    """The REPL via pipe input: the bots' decision lines, the recap, log and the moves say trike; a move
    typed at 'you' is refused (one line), the same move at trike is played; the main line still says you."""
    g = svc.new_game("dingo", players=["you"], bots=["random"], seed="3", undo="casual")
    for _ in range(3):
        g, _p = svc.move(g.id, g.legal_texts()[0])
        list(svc.run_bots(g))
    main = drive(g.id, lines("log 40", "quit"))
    assert re.search(r"\byou (drew|played)\b", main) and "your turn." in main
    t = svc.takeover(g.id, 2, "rex", "random")
    assert t.names == ("trike", "rex") and t.config.names == ("you", "rex")
    list(svc.run_bots(t))
    at_trike = next(text for text in t.legal_texts() if text.endswith(" trike"))
    out = drive(g.id, lines("log 40", at_trike[:-len("trike")] + "you", at_trike, "log 40", "quit"))
    assert spoken_to(out) == [], spoken_to(out)
    assert "unknown player 'you'; players: trike, rex" in out
    assert re.search(r"rex played .* into trike's ranch\.", out) and "trike drew a card." in out
    assert "you as rex> " in out and "you> " not in out.replace("you as rex> ", "")


def test_as_separate_processes(tmp_path):
    """The issue's exact commands as a user types them (fresh dinocli processes)."""
    db = tmp_path / "v.sqlite"
    made = run("new", "dingo", "--bots", "1", "--seed", "3", "--no-play", "--casual", "--json", db=db)
    ok(made)
    gid = msgspec.json.decode(made.stdout)["game"]
    for _ in range(3):
        ok(run("move", gid, "1", db=db))
    main_log = run("log", gid, db=db).stdout
    taken = run("takeover", gid, "--at", "2", "--seat", "rex", db=db)
    ok(taken, r"^New branch takeover-2: you play rex; a bot \(mcts:medium\) plays your old seat, shown as trike")
    assert spoken_to(taken.stdout) == [] and "trike (bot): " in taken.stdout
    shown = run("show", gid, db=db)
    ok(shown, r"\n> rex .*\(you\)\n")
    assert spoken_to(shown.stdout) == [] and "\n  trike " in shown.stdout
    assert spoken_to(run("log", gid, db=db).stdout) == []
    refused(run("show", gid, "--as", "you", db=db), 1, r"no seat 'you' on practice branch takeover-2")
    ok(run("checkout", gid, "main", db=db))
    assert run("log", gid, db=db).stdout == main_log
    ok(run("replay", gid, "--verify", db=db), r"^Verified")


# -- attacks -------------------------------------------------------------------------------------------

def _casual(svc: Service, kind: str, players: list[str], bots: int, decisions: int = 3, seed: str = "voice",
            **options):
    """A casual game of ``kind``, the people playing their first legal move, ``decisions`` human decisions in."""
    g = svc.new_game(kind, players=players, bots=["random"] * bots, seed=seed, undo="casual", options=options)
    list(svc.run_bots(g))
    for _ in range(decisions):
        if g.over:
            break
        g, _p = svc.move(g.id, g.legal_texts()[0])
        list(svc.run_bots(g))
    return g


def test_a_seat_named_You_in_capitals(svc, tmp_path):
    """'You' is second person too (grammar.is_you): taken over, it is shown as the spare name, ptera."""
    g = _casual(svc, "dingo", ["You"], 2)
    t = svc.takeover(g.id, 2, "rex", "random")
    assert t.names == ("ptera", "rex", "trike") and t.renamed == {0: ("You", "ptera")}
    list(svc.run_bots(t))
    text = "\n".join(t.describe(s.event) for s in t.path)
    assert spoken_to(text) == [] and "ptera drew" in text
    assert t.say_action("play red-dingo You") == "play red-dingo ptera"
    with pytest.raises(Exception, match="no seat 'you' on practice branch"):
        t.seat_of("you")
    assert t.seat_of("ptera") == 0 and t.seat_of("pt") == 0 and t.seat_of(0) == 0


def test_the_shown_name_is_nobodys_name(tmp_path):
    """--player trike as rex: the bot in the 'you' seat is not shown as trike too, but as the next spare name."""
    dino = Dino(tmp_path / "games.sqlite")
    gid = _played(dino)
    r = dino("takeover", gid, "--at", "2", "--seat", "rex", "--player", "trike", "--bot", "random")
    assert r.exit_code == 0 and r.stdout.startswith("New branch takeover-2: trike plays rex; a bot (random) plays the "
                                                    "seat named \"you\", shown as ptera on this branch."), r.stdout
    assert "To move: trike as rex" in r.stdout and "ptera (bot): " in r.stdout and spoken_to(r.stdout) == []


def test_taking_over_your_own_seat_changes_nothing(tmp_path):
    """The person back in their own 'you' seat: nothing is renamed, the branch reads as the main line did."""
    dino = Dino(tmp_path / "games.sqlite")
    gid = _played(dino)
    main_log = dino("log", gid).stdout.splitlines()
    r = dino("takeover", gid, "--at", "2", "--seat", "you", "--bot", "random")
    assert r.exit_code == 0 and r.stdout.startswith("New branch takeover-2: you play you. Practice"), r.stdout
    assert "shown as" not in r.stdout and "To move: you\n" in r.stdout
    log = dino("log", gid).stdout.splitlines()
    assert log[:15] == main_log[:15] and "    5        you drew Blue Horse." in log
    svc = Service.open(dino.db)
    t = svc.load(gid)
    assert t.names == t.config.names == ("you", "rex") and t.renamed == {} and t.words is t.config
    svc.close()


def test_three_bots_and_the_shown_name_in_dodos(svc):
    """Four seats (you, rex, trike, ptera): taking trike's seat shows 'you' as bronto and nobody else changes;
    dodos names seats in its notation too, so the moves and a typed 'you' follow the shown names."""
    g = _casual(svc, "dodos", ["you"], 3, decisions=2)
    t = svc.takeover(g.id, 1, "trike", "random")
    assert t.names == ("bronto", "rex", "trike", "ptera")
    list(svc.run_bots(t))
    words = [t.describe(s.event) for s in t.path] + [t.render(t.view(t.takeover.seat))]
    assert spoken_to("\n".join(words)) == [] and any("bronto" in w for w in words)
    assert all("you" not in text.split() for text in t.legal_texts())
    assert spoken_to(t.game.status(t.shown(t.view(2)))) == []


def test_a_take_over_of_a_take_over(tmp_path):
    """From the branch where rex is yours: back into the genesis 'you' seat (named trike there) nothing is
    renamed; rex again keeps 'trike'; '--seat you' on the renamed branch is one line and changes nothing."""
    dino = Dino(tmp_path / "games.sqlite")
    gid = _played(dino)
    assert dino("takeover", gid, "--at", "2", "--seat", "rex", "--bot", "random").exit_code == 0
    dino("move", gid, "1")
    branches = dino("branches", gid).stdout
    bad = dino("takeover", gid, "--at", "3", "--seat", "you")
    assert bad.exit_code == 1 and bad.stderr.count("\n") == 1 and "no seat 'you' on practice branch" in bad.stderr
    assert dino("branches", gid).stdout == branches
    again = dino("takeover", gid, "--at", "3", "--seat", "rex", "--bot", "random")
    assert again.exit_code == 0 and "shown as trike" in again.stdout and spoken_to(again.stdout) == []
    assert dino("checkout", gid, "takeover-2").exit_code == 0
    back = dino("takeover", gid, "--at", "3", "--seat", "trike", "--bot", "random")
    assert back.exit_code == 0 and back.stdout.startswith("New branch takeover-3-1: you play you.")
    assert "shown as" not in back.stdout and "Your hand (you):\n" in back.stdout and "To move: you\n" in back.stdout
    svc = Service.open(dino.db)
    assert svc.load(gid).renamed == {} and svc.load(gid, branch="takeover-3").renamed == {0: ("you", "trike")}
    svc.close()
    assert dino("replay", gid, "--verify").exit_code == 0


@pytest.mark.parametrize("kind", ["dingo", "dodos", "dillos", "sos"])
def test_every_game_shows_the_spare_name(svc, kind):
    """Each game's narration, board and toolbar read the shown name (the names live in a 'Dillos view's table)."""
    g = _casual(svc, kind, ["you"], 2, decisions=2)
    t = svc.takeover(g.id, 1, "rex", "random")
    spare = t.names[0]
    assert spare == "ptera" and t.config.names[0] == "you"
    list(svc.run_bots(t))
    me = t.takeover.seat
    text = "\n".join([*(t.describe(s.event) for s in t.path), t.render(t.view(me)), t.game.status(t.shown(t.view(me)))])
    assert spoken_to(text) == [] and spare in text


@pytest.mark.parametrize("kind", ["dingo", "dodos"])
def test_notation_in_the_shown_names_round_trips(svc, kind):
    """The games that name seats in notation: at every position of random play, a stored move in the shown
    names (say_action) is what formatting in them gives, and it reads back as the same move."""
    g = _casual(svc, kind, ["you"], 2, decisions=1)
    t = svc.takeover(g.id, 1, "rex", "random")
    game, rnd, rng = t.game, random.Random(7), SeededRng("voice-notation")
    state = fold_all(game, game.initial(t.config), game.setup(t.config, rng))
    seen = 0
    for _ in range(150):
        if game.to_move(state) is None:
            break
        legal = game.legal_actions(state)
        for action in legal:
            text = t.say_action(game.format_action(state, action))
            assert text == game.format_action(t.shown(state), action)
            assert game.parse_action(t.shown(state), text) == action
            seen += "ptera" in text.split()
        state, _events = game.advance(state, rnd.choice(legal), rng)
    assert seen, "no move named the renamed seat"


def test_snapshots_keep_the_games_own_names(svc):
    """A finished practice branch keeps a snapshot: it holds the genesis names, loads into the same state as a
    whole fold, and the branch loaded from it is shown renamed; the main line loads as 'you'."""
    g = _casual(svc, "dingo", ["you"], 1, decisions=500, goal=2)   # played to its end: a result is recorded
    assert g.over
    t = svc.takeover(g.id, 1, "rex", "random")
    list(svc.run_bots(t))
    while not t.over:
        t, _p = svc.move(g.id, t.legal_texts()[0])
        list(svc.run_bots(t))
    blobs = svc.store.connection.execute("SELECT state FROM snapshots WHERE game_id = ?", (g.id,)).fetchall()
    assert blobs and all(msgspec.msgpack.decode(b[0], type=type(t.state)).names == ("you", "rex") for b in blobs)
    again = svc.load(g.id)
    assert again._path is None   # from the snapshot
    assert again.state == fold_all(again.game, again.game.initial(again.config), (s.event for s in again.path))
    assert again.names == ("trike", "rex") and again.state.names == ("you", "rex")
    assert "you" not in again.winners() and set(again.winners()) <= {"trike", "rex"}
    assert svc.load(g.id, branch="main").names == ("you", "rex")
    assert svc.verify(g.id)
