"""Issue #16, binding: a seat's export still verifies every decision of the exporting seat against the
rules as far as its information allows, and says which parts it could not check. The view is folded
over what the seat saw (``fold_view`` in each game's view.py, an event it may not see by its shown
form); its own decisions are checked in a full state drawn from that view, which answers as the true
state would because legal actions depend on the mover's information only (both tested here)."""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from dinocli import games
from dinocli.cli import cli
from dinocli.events import SeededRng
from dinocli.events.chain import commitment, json_text
from dinocli.service import Service

from .forge import DATA, dump, relink, rows, run


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A database with a finished Dingo, Dodos and Houston 'Dillos game, all bots."""
    db = tmp_path_factory.mktemp("seatview") / "games.sqlite"
    svc = Service.open(str(db))
    ids = {}
    for kind, kw in (("dingo", {"options": {"goal": 2}}), ("dodos", {}), ("dillos", {"variants": ["houston"]})):
        g = svc.new_game(kind, bots=["random"] * 3, seed=f"seatview-{kind}", **kw)
        list(svc.run_bots(g))
        assert g.game.to_move(svc.load(g.id).state) is None
        ids[kind] = g.id
    svc.close()
    return db, ids


def verify_view(db: Path, text: str, tmp_path: Path, *, process: bool = False) -> tuple[int, str, str]:
    """``replay FILE --verify`` on a view: (exit code, stdout, stderr)."""
    path = tmp_path / "view.jsonl"
    path.write_text(text, encoding="utf-8")
    if process:
        r = run(db, "replay", str(path), "--verify")
        return r.returncode, r.stdout, r.stderr
    r = CliRunner().invoke(cli, ["--db", str(db), "replay", str(path), "--verify"])
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("kind", ["dingo", "dodos"])
def test_a_seats_export_of_a_finished_game_checks_its_own_decisions(played, tmp_path, kind):
    """#16 binding: every seat's export of a finished Dingo / Dodos game verifies with the seat's own
    decisions checked legal, and lists what it could not check (hidden events, others' legality, draws)."""
    db, ids = played
    svc = Service.open(str(db))
    names = svc.load(ids[kind]).config.names
    texts = ["".join(svc.export_lines(ids[kind], as_seat=seat)) for seat in range(len(names))]
    svc.close()
    for seat, text in enumerate(texts):
        code, out, err = verify_view(db, text, tmp_path, process=seat == 0)
        assert code == 0, err
        verified, *not_checked = out.splitlines()
        own = next(part for part in verified.split("; ") if "own decisions" in part)
        assert f"the own decisions of {names[seat]} (" in own and "legal from what" in own, own
        assert int(own.split("(")[1].split(")")[0]) > 0
        assert "the result, from what the view shows" in verified
        assert "every decision" in verified and "was made by the seat to move" in verified
        assert any("may not see (their commitments only" in u for u in not_checked), not_checked
        assert any("legality of the other seats' decisions" in u for u in not_checked)
        assert any("the draws" in u for u in not_checked)


def test_houston_dillos_view_checks_every_decision(played, tmp_path):
    """#16 binding for 'Dillos: face-down Houston tiles are hidden from every seat alike, so a view
    folds the laid-out board by its shown form and checks every seat's decisions, not only its own."""
    db, ids = played
    text = CliRunner().invoke(cli, ["--db", str(db), "export", ids["dillos"], "--as", "2"]).stdout
    assert any(r.get("commit") for r in rows(text)[1:-1])   # the Houston layout is hidden
    code, out, err = verify_view(db, text, tmp_path)
    assert code == 0, err
    assert "own decisions" in out and "every decision was the mover's and legal (every seat sees alike)" in out


def _forge_play(lines: list[dict], kind: str, seat: int, full: list[dict]) -> int:
    """Make the seat's first own decision play (Dingo) or pick (Dodos) a card of a kind it does not
    hold; the number of the forged event."""
    game = games.get(kind)
    config = game.configure(tuple(s["name"] for s in lines[0]["seats"]), tuple(lines[0]["config"]["variants"]),
                            lines[0]["config"]["options"])
    state = game.initial(config)
    for i, (e, true) in enumerate(zip(lines[1:-1], full[1:-1]), 1):
        head = e["commit"] is None and e["actor"] == seat and e["command"] == e["n"]
        wanted = {"dingo": "dingo.card_played", "dodos": "dodos.card_picked"}[kind]
        if head and e["type"] == wanted:
            break
        state = game.fold(state, _event(true))
    else:
        raise AssertionError("no decision to forge")
    if kind == "dingo":
        from dinocli.games.dingo.data import ALL, KIND, LABEL

        held = {KIND[c] for c in state.hands[seat]}
        card = next(c for c in ALL if KIND[c] not in held)
        e["action"] = f"play {LABEL[card]} {config.names[seat]}"
        e["body"] = {**e["body"], "card": card, "ranch": seat}
    else:
        from dinocli.games.dodos.data import COLOR, DECK, KIND, SLUG

        held = {KIND[c] for c in state.hands[seat]}
        card = next(c for c in DECK if KIND[c] not in held and COLOR[c] != "green")
        e["action"] = f"pick {SLUG[KIND[card]]}"
        e["body"] = {**e["body"], "card": card}
    relink(lines)
    return i


def _event(line: dict):
    from dinocli.events.codec import decode

    return decode(line["type"], json_text(line["body"]), line["v"])


@pytest.mark.parametrize("kind", ["dingo", "dodos"])
def test_a_view_whose_seat_plays_a_card_it_never_drew_is_refused(played, tmp_path, kind):
    """#16 binding: a forged view (chain recomputed) in which the seat plays or picks a card it does not
    hold is refused with exit 4 naming the event, by `import` and by `replay FILE --verify`, each as a
    separate dinocli process and in-process, with the same words."""
    db, ids = played
    seat = 1
    full = rows(run(db, "export", ids[kind]).stdout)
    lines = rows(run(db, "export", ids[kind], "--as", str(seat)).stdout)
    n = _forge_play(lines, kind, seat, full)
    path = tmp_path / "forged.jsonl"
    path.write_text(dump(lines), encoding="utf-8")
    fresh = tmp_path / "fresh.sqlite"
    replayed = run(fresh, "replay", str(path), "--verify")
    imported = run(fresh, "import", str(path))
    where = f"line {n + 1}: event {n}:"
    for r in (replayed, imported):
        assert r.returncode == 4 and where in r.stderr and "is not legal" in r.stderr, r.stderr
        assert "Verified" not in r.stdout and "Imported" not in r.stdout
    assert replayed.stderr.replace("log rejected: ", "") == imported.stderr.replace("log rejected: ", "")
    inproc = CliRunner().invoke(cli, ["--db", str(fresh), "import", str(path)])
    assert inproc.exit_code == 4 and inproc.stderr == imported.stderr
    assert run(fresh, "games", "--json").stdout.strip() in ("[]", "")   # nothing was imported


def test_a_shown_form_that_does_not_fit_the_seats_information_is_refused(played, tmp_path):
    """#16 binding: what a view shows of a hidden event must also fit what the seat knows. In format 3 the
    hash covers it, so the edit breaks the chain there; with the chain recomputed (another chain, ending at
    another final hash) a hidden draw shown as the seat's own (it would see its own cards) is still refused
    at its event, and a hidden event shown as nothing is refused where the game is held (it ends at no event
    of it) and elsewhere leaves the legality of decisions unchecked, said so."""
    db, ids = played
    seat = 0
    text = run(db, "export", ids["dingo"], "--as", str(seat)).stdout
    lines = rows(text)
    i = next(k for k, e in enumerate(lines[1:-1], 1) if e["commit"] and e["shown"])
    lines[i]["shown"]["body"]["seat"] = seat
    code, _out, err = verify_view(db, dump(lines), tmp_path)
    assert code == 4 and f"line {i + 1}: the hash does not match the event" in err, err
    code, _out, err = verify_view(db, dump(relink(lines)), tmp_path, process=True)
    assert code == 4 and f"line {i + 1}: event {i}: it does not fit what seat {seat} knows" in err, err
    lines = rows(text)
    lines[i]["shown"] = None
    code, out, err = verify_view(db, dump(relink(lines)), tmp_path)   # polish6: here the game is held (as import)
    assert code == 4 and "ends at no event of it here" in err, err
    code, out, err = verify_view(tmp_path / "elsewhere.sqlite", dump(relink(lines)), tmp_path)
    assert code == 0, err
    assert f"Not checked: the legality of decisions (hidden event {i} has no shown form to fold)." in out
    assert "legal from what" not in out


def test_a_view_that_hides_nothing_new_still_says_what_it_hides(played, tmp_path):
    """#16 hiding: checking decisions adds nothing to the export. The view's lines have no field beyond
    dinocli-log-format(5)'s, no hidden line carries a body, salt or action, and a hidden line's ``seen`` never
    lists the seat (format 3)."""
    db, ids = played
    for kind in ("dingo", "dodos"):
        lines = rows(run(db, "export", ids[kind], "--as", "2").stdout)
        fields = {"n", "type", "v", "body", "actor", "action", "rolls", "salt", "rolls_salt", "commit",
                  "rolls_commit", "shown", "seen", "command", "parent_hash", "hash"}
        for e in lines[1:-1]:
            assert set(e) == fields
            if e["commit"]:
                assert (e["type"], e["body"], e["actor"], e["action"], e["salt"]) == (None,) * 5
                assert e["shown"] is None or set(e["shown"]) == {"type", "v", "body", "actor"}
                assert 2 not in e["seen"]
        assert lines[-1]["seed"] is None


def _random_game(kind: str, seats: int, seed: int, variants: tuple[str, ...] = ()):
    game = games.get(kind)
    config = game.configure(tuple(f"p{i}" for i in range(seats)), variants, {})
    rng, rnd = SeededRng(f"fold-view-{seed}"), random.Random(seed)
    state = game.initial(config)
    commands = [(None, list(game.setup(config, rng)))]
    for e in commands[0][1]:
        state = game.fold(state, e)
    while game.to_move(state) is not None and len(commands) < 400:
        action = rnd.choice(game.legal_actions(state))
        produced = game.decide(state, action, rng)
        commands.append((action, produced))
        for e in produced:
            state = game.fold(state, e)
    return game, config, commands


CASES = [("dingo", 3, ()), ("dodos", 4, ("abilities",)), ("dodos", 3, ("space",)), ("dillos", 3, ("houston",)),
         ("sos", 2, ())]


def test_every_game_folds_a_view():
    """#16: a view is checked through its game's ``fold_view``: every registered game has one, tested below."""
    assert {kind for kind, *_ in CASES} == set(games.GAMES)
    for kind in games.GAMES:
        assert callable(importlib.import_module(f"dinocli.games.{kind}.view").fold_view)


@pytest.mark.parametrize("kind,seats,variants", CASES)
def test_fold_view_is_observe_after_fold_and_legal_actions_ignore_what_is_hidden(kind, seats, variants):
    """#16 binding, the two facts the view check rests on, for every seat of random games: folding a
    view by what the seat was shown gives exactly ``observe(fold(state, event), seat)``; and the mover's
    legal actions in any full state drawn from its view are its legal actions in the true state (no-peek)."""
    game, config, commands = _random_game(kind, seats, 7, variants)
    view_mod = importlib.import_module(f"dinocli.games.{kind}.view")
    state = game.initial(config)
    views = [game.observe(state, seat) for seat in range(seats)]
    decisions = 0
    for action, events in commands:
        if action is not None:
            mover = game.to_move(state)
            truth = [game.format_action(state, a) for a in game.legal_actions(state)]
            for r in range(2):
                drawn = game.determinize(views[mover], mover, random.Random(r))
                assert game.to_move(drawn) == mover
                assert [game.format_action(drawn, a) for a in game.legal_actions(drawn)] == truth
            decisions += 1
        for e in events:
            state = game.fold(state, e)
            for seat in range(seats):
                shown = game.redact(e, seat)
                views[seat] = view_mod.fold_view(views[seat], shown, shown != e)
                assert views[seat] == game.observe(state, seat), (kind, seat, e)
    assert decisions > 20


def _hide_own_pick(lines: list[dict], seat: int, seen: list[int] | None = None) -> int:
    """Write the seat's first secret pick (Dodos) as hidden, shown as another seat's (``seen``: format 3's
    seeing set to write, else the bound one); the number of the event."""
    i, e = next((k, x) for k, x in enumerate(lines[1:-1], 1)
                if x["type"] == "dodos.card_picked" and x["actor"] == seat and x["salt"])
    other = (seat + 1) % len(lines[0]["seats"])
    e["commit"] = commitment(e["salt"], e["type"], e["v"], json_text(e["body"]), e["actor"], e["action"])
    e["shown"] = {"type": e["type"], "v": e["v"], "body": {"seat": other, "card": -1}, "actor": other}
    if seen is not None:
        e["seen"] = seen
    e.update(type=None, v=None, body=None, actor=None, action=None, salt=None)
    return i


def test_a_view_cannot_hide_the_seats_own_decision(played, tmp_path):
    """#16 binding: a forger may write one of the seat's own secret picks as hidden. In format 2 the chain
    still checks out (a sealed event's hash covers only its commitment); the seat was to move there, so
    the view is refused at that event rather than skipping the decision's check. In format 3 the bound
    seeing set lists the seat, so it is refused for that; rewriting the set too and recomputing the
    chain still meets the to-move check."""
    db, ids = played
    seat = 1
    v2 = rows((DATA / "format2-dodos-seat1.jsonl").read_text())
    i = _hide_own_pick(v2, seat)
    code, _out, err = verify_view(db, dump(v2), tmp_path, process=True)
    assert code == 4 and f"line {i + 1}: event {i}: seat {seat} was to move, but this decision is hidden" in err, err
    lines = rows(run(db, "export", ids["dodos"], "--as", str(seat)).stdout)
    i = _hide_own_pick(lines, seat)
    code, _out, err = verify_view(db, dump(lines), tmp_path)
    assert code == 4 and f"line {i + 1}: the hash does not match the event" in err, err
    code, _out, err = verify_view(db, dump(relink(lines)), tmp_path, process=True)
    assert code == 4 and f"line {i + 1}: event {i}: seat {seat} may see this event" in err, err
    lines = rows(run(db, "export", ids["dodos"], "--as", str(seat)).stdout)
    i = _hide_own_pick(lines, seat, seen=[(seat + 1) % 3])
    code, _out, err = verify_view(db, dump(relink(lines)), tmp_path)
    assert code == 4 and f"line {i + 1}: event {i}: seat {seat} was to move, but this decision is hidden" in err, err
