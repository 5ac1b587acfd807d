"""#23 levels a player can climb: after a win over bots of one level, the game-over screen, `show`
and `move` name the next level and the command that starts it."""

from __future__ import annotations

import msgspec

from dinocli.climb import next_level
from dinocli.events.records import SeatRecord


def command(*words):
    return "dinocli " + " ".join(words)


def rebot(g, spec):
    """Seat a bot of ``spec`` in seat 1 of the loaded game ``g`` (its table's seating only)."""
    g.table.genesis = (g.table.genesis[0], SeatRecord(g.table.genesis[1].name, spec), *g.table.genesis[2:])


def won(svc, bots, players=("you",), kind="dingo"):
    """A short finished game (goal 0, A01) that the people won against ``bots``; the person plays
    the first legal move, and seeds are tried until that wins."""
    for seed in range(80):
        g = svc.new_game(kind, players=list(players), bots=list(bots), seed=f"climb{seed}", options={"goal": 0})
        while True:
            list(svc.run_bots(g))
            if g.over:
                break
            g, _ = svc.move(g.id, g.legal_texts()[0])
        if set(players) & set(g.winners()):
            return g
    raise AssertionError("no seed where the person won")


def test_a_win_names_the_next_level(svc):
    """random -> rules -> mcts:medium -> mcts:hard, the same number of bots, the person's own name."""
    g = won(svc, ["random"])
    assert next_level(g, command) == "You beat random. Next level: dinocli new dingo --bot rules"
    from dinocli.repl.screen import result_lines
    lines = [t for t, _ in result_lines(g, command)]
    assert lines[1].startswith("Review it:") and lines[2] == "You beat random. Next level: dinocli new dingo --bot rules"
    g = won(svc, ["random", "random"], players=("ann",))
    assert next_level(g, command) == "You beat random. Next level: dinocli new dingo --player ann --bot rules --bot rules"


def test_no_next_level_after_a_loss_mixed_bots_or_a_team_game(svc):
    g = won(svc, ["random"])
    rebot(g, "mcts")                                 # canonical: mcts:medium
    assert next_level(g, command).endswith("dinocli new dingo --bot mcts:hard")
    rebot(g, "mcts:hard")
    assert next_level(g, command) == "You beat mcts:hard, the strongest level."
    rebot(g, "mcts:iterations=77")                 # a custom budget is no rung of the ladder
    assert next_level(g, command) is None
    g = won(svc, ["random", "rules"])                # mixed levels
    assert next_level(g, command) is None
    lost = svc.new_game("dingo", players=["you"], bots=["rules"], seed="x", options={"goal": 0})
    assert next_level(lost, command) is None         # not over
    sos = svc.new_game("sos", players=["you"], bots=["rules"], seed="x")
    assert next_level(sos, command) is None          # cooperative, and not over


def test_show_names_the_next_level_in_a_fresh_process(svc, tmp_path):
    from tests.process.conftest import run

    g = won(svc, ["random"])
    out = run("show", g.id, db=tmp_path / "games.db", env={"NO_COLOR": "1"})
    assert out.returncode == 0
    assert f"You beat random. Next level: dinocli --db {tmp_path / 'games.db'} new dingo --bot rules" in out.stdout


def test_move_and_hint_on_a_finished_game_say_the_result_and_what_next(svc, tmp_path):
    """#42 item 4: `move` or `hint` on a finished game is one line, exit 1: the result, then review,
    analyze and the `new` command one level up (after a win), or the same table again (a loss, a
    bots-only game)."""
    from tests.process.conftest import run

    db = tmp_path / "games.db"
    g = won(svc, ["random"])
    for args in (("move", g.id, "1"), ("hint", g.id)):
        out = run(*args, db=db, env={"NO_COLOR": "1"})
        assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
        line = out.stderr
        assert line.startswith(f"dinocli: the game is over: you won (you {g.result()['scores'][0]:g}, rex ")
        assert f"review {g.id}" in line and f"analyze {g.id}" in line
        assert line.rstrip().endswith(f"next level: dinocli --db {db} new dingo --bot rules")
    watched = svc.new_game("dingo", players=[], bots=["rules", "rules"], seed="w", options={"goal": 0})
    list(svc.run_bots(watched))
    out = run("move", watched.id, "play 1", db=db, env={"NO_COLOR": "1"})
    assert out.returncode == 1 and out.stderr.rstrip().endswith(f"play again: dinocli --db {db} new dingo --bot rules --bot rules")


def test_a_level_that_only_takes_longer_is_no_rung_of_that_game_s_ladder(svc, monkeypatch):
    """#40: where no change tells a level from the one below (as Dodos hard was on s8), the game offers only
    the levels that differ: the ladder steps over it, and a win over the level below is a win over the game's
    strongest level. Every game offers every level on its default board (Dodos hard climbs on h40-kestrel); on
    the 5x5 'Dillos board (DILLO-02) hard was not told apart from medium (h40-ibis), so there medium is the top."""
    from dinocli import climb

    assert all(climb.offered(kind, level) for kind in ("dingo", "dodos", "dillos", "sos") for level in climb.MCTS_LEVELS)
    assert climb.rung_above("dodos", "mcts:medium") == "mcts:hard" and climb.rung_above("dingo", "mcts:medium") == "mcts:hard"
    assert climb.rung_above("dillos", "mcts:medium", ("houston",)) == "mcts:hard"
    assert not climb.offered("dillos", "mcts:hard", ("small",)) and climb.offered("dillos", "mcts:medium", ("small",))
    assert climb.rung_above("dillos", "mcts:medium", ("small", "houston")) is None
    assert climb.rung_above("dillos", "mcts:easy", ("small",)) == "mcts:medium"
    monkeypatch.setitem(climb.TIME_ONLY, "dodos", ("mcts:hard",))
    assert climb.rung_above("dodos", "rules") == "mcts:medium" and climb.rung_above("dodos", "mcts:medium") is None
    g = won(svc, ["random"])
    rebot(g, "mcts:medium")
    monkeypatch.setitem(climb.TIME_ONLY, "dingo", ("mcts:hard",))
    assert next_level(g, command) == ("You beat mcts:medium, the strongest level of The Dingo Ate The Baby "
                                      "(mcts:hard there is mcts:medium with more time).")
    assert climb.game_over(g, command).endswith("play again: dinocli new dingo --bot mcts:medium")
    monkeypatch.setitem(climb.TIME_ONLY, "dingo", ())
    monkeypatch.setitem(climb.TIME_ONLY, "dingo/quick", ("mcts:hard",))   # a variant with a ladder of its own
    assert next_level(g, command).endswith("Next level: dinocli new dingo --bot mcts:hard")
    g.config = msgspec.structs.replace(g.config, variants=(*g.config.variants, "quick"))
    assert next_level(g, command) == ("You beat mcts:medium, the strongest level of The Dingo Ate The Baby with the "
                                      "quick variant (mcts:hard there is mcts:medium with more time).")
    assert climb.game_over(g, command).endswith("play again: dinocli new dingo --bot mcts:medium --variant quick")


def test_a_served_seat_climbs_on_its_own_result(svc):
    """At a served game's client only its own seat is played at the keyboard: another person's win over the
    bots is no win of this seat's, and this seat's next level seats bots where the other people sat."""
    g = won(svc, ["random"], players=("ann", "bob"))
    winner, = [x for x in g.table.people if g.names[x] in g.winners()]
    loser = 1 - winner
    assert next_level(g, command, people=[loser]) is None
    name = g.names[winner]
    assert next_level(g, command, people=[winner]) == (
        f"You beat random. Next level: dinocli new dingo --player {name} --bot rules --bot rules")
    from dinocli.repl.screen import result_lines
    assert not any("You beat" in t for t, _ in result_lines(g, command, people=[loser]))
