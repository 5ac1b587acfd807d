"""One table of limits (issue 37, dinocli/limits.py): every bounded command-line option reads it, and every
bound on a value a log can carry is enforced alike by the command that makes the value and by the verifier
(import, replay --verify): a game `new` makes always verifies, and one step past a bound is refused by both."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from dinocli import limits
from dinocli.cli import cli
from dinocli.events import notes
from dinocli.games.names import check_name
from dinocli.service import Service
from tests.clirunner import Dino
from tests.reliability.corpus import Log

ROOT = Path(__file__).resolve().parents[2]
SOS = ROOT / "saves" / "sos-2p-rules.jsonl"
# Options bounded below only, and why no upper bound is needed: a count of steps or events is compared in
# Python, never bound into SQL, and one past the end says so in one line.
OPEN_ABOVE = {("undo", "steps"), ("log", "last"), ("branch", "at"), ("tournament", "seats"), ("takeover", "at")}


def options(group: click.Group = cli, path: tuple[str, ...] = ()):
    """(command path, option) of every option in the command tree."""
    for name, cmd in sorted(group.commands.items()):
        if isinstance(cmd, click.Group):
            yield from options(cmd, (*path, name))
        for p in cmd.params:
            if isinstance(p, click.Option):
                yield (*path, name), p


def test_every_bounded_option_reads_the_limits_table():
    """A range on an option is a Bound of the table (or bounded below only, for a reason listed above)."""
    table = {(b.low, b.high, b.low_open, b.real) for b in limits.TABLE.values()}
    found = 0
    for path, opt in options():
        t = opt.type
        if not isinstance(t, click.types._NumberRangeBase):
            continue
        found += 1
        if t.max is None:
            assert (path[-1], opt.name) in OPEN_ABOVE, f"{' '.join(path)} --{opt.name}: no upper bound"
            continue
        real = isinstance(t, click.FloatRange)
        assert (t.min, t.max, t.min_open, real) in table, f"{' '.join(path)} --{opt.name}: a bound not in the table"
    assert found >= 12


def forged_log(tmp_path: Path, edit) -> Path:
    """The SOS save with its header edited by ``edit`` and every hash recomputed (a finished, valid game)."""
    g = Log.parse(SOS.read_text())
    edit(g.header)
    g.relink()
    path = tmp_path / "forged.jsonl"
    path.write_bytes(g.data())
    return path


def spec_of_length(n: int) -> str:
    """A valid bot spec of exactly ``n`` characters (an exploration constant padded with zeros)."""
    base = "mcts:c=0.5"
    return base + "0" * (n - len(base))


# bound -> (the value at the bound and one step past it, as a bot spec a log's seat can carry)
SPECS = {
    "BOT_ITERATIONS": (f"mcts:iterations={limits.BOT_ITERATIONS.high}",
                       f"mcts:iterations={limits.BOT_ITERATIONS.high + 1}"),
    "BOT_SECONDS": (f"mcts:seconds={limits.BOT_SECONDS.high}", f"mcts:seconds={limits.BOT_SECONDS.high + 0.5}"),
    "BOT_WEIGHT": (f"mcts:c={limits.BOT_WEIGHT.high}", f"mcts:c={limits.BOT_WEIGHT.high + 1}"),
    "SPEC": (spec_of_length(limits.SPEC.high), spec_of_length(limits.SPEC.high + 1)),
}


@pytest.mark.parametrize("bound", sorted(SPECS))
def test_a_bot_spec_at_its_bound_is_taken_by_new_and_the_verifier_and_one_past_by_neither(bound, tmp_path):
    """BOT_ITERATIONS, BOT_SECONDS, BOT_WEIGHT, SPEC (in_log): new seats the spec and its game verifies; a log
    whose seat carries it imports; one step past the bound: new refuses (exit 2), import refuses (exit 4)."""
    assert limits.TABLE[bound].in_log
    at, past = SPECS[bound]
    dino = Dino(tmp_path / "g.sqlite")
    made = dino("new", "sos", "--bot", at, "--no-play")     # you move first in SOS: no bot searches here
    assert made.exit_code == 0, made.stderr
    assert dino("verify", "--all").exit_code == 0
    assert dino("new", "sos", "--bot", past, "--no-play").exit_code == 2
    ok = forged_log(tmp_path, lambda h: h["seats"][0].update(bot=at))
    assert dino("import", str(ok)).exit_code == 0
    bad = forged_log(tmp_path, lambda h: h["seats"][0].update(bot=past))
    r = dino("import", str(bad))
    assert r.exit_code == 4 and r.stderr.startswith("dinocli: log rejected: line 1:"), r.stderr
    assert dino("replay", str(bad), "--verify").exit_code == 4


def test_a_name_at_its_bound_is_taken_by_new_and_the_verifier_and_one_past_by_neither(tmp_path):
    """NAME (in_log): a 16-character player name plays, exports and imports; a 17-character one is refused by
    new (exit 2) and, forged into a log's header, by import (exit 4)."""
    high = limits.NAME.high
    at, past = "a" * high, "a" * (high + 1)
    dino = Dino(tmp_path / "g.sqlite")
    assert check_name(at) == at
    svc = Service.open(":memory:")
    g = svc.new_game("sos", players=[at], bots=["rules"], seed="names", undo="casual")
    while not g.over:
        g, _ = svc.move(g.id, g.game.format_action(g.state, g.game.legal_actions(g.state)[0]))
        list(svc.run_bots(g))
        g = svc.load(g.id)
    (tmp_path / "at.jsonl").write_text("".join(svc.export_lines(g.id)))
    svc.close()
    assert dino("import", str(tmp_path / "at.jsonl")).exit_code == 0
    assert dino("new", "sos", "--player", past, "--bots", "1", "--no-play").exit_code == 2

    def rename(h: dict) -> None:
        h["seats"][0]["name"] = h["config"]["names"][0] = past

    r = dino("import", str(forged_log(tmp_path, rename)))
    assert r.exit_code == 4 and "player name" in r.stderr, r.stderr


def test_seat_counts_new_refuses_are_refused_in_a_log(tmp_path):
    """A game's seat range (GameInfo, as the table's BOTS stays within): one seat too many is refused by new
    (exit 2) and, forged into a log's header, by the verifier (exit 4)."""
    dino = Dino(tmp_path / "g.sqlite")
    assert dino("new", "sos", "--bots", str(limits.BOTS.high), "--no-play").exit_code == 2
    assert dino("new", "sos", "--bots", str(limits.BOTS.high + 1), "--no-play").exit_code == 2

    def crowd(h: dict) -> None:
        names = [f"p{i}" for i in range(5)]
        h["config"]["names"] = names
        h["seats"] = [{"name": n, "bot": "rules"} for n in names]

    r = dino("import", str(forged_log(tmp_path, crowd)))
    assert r.exit_code == 4 and "line 1: bad config" in r.stderr, r.stderr


def test_notes_at_their_bounds_are_taken_by_annotate_and_import_and_one_past_by_neither(tmp_path):
    """NOTE and NOTES (in_log): annotate takes a note of 500 characters and a log carries it; 501 characters, or
    a log with 1,001 notes, are refused by annotate (exit 1) and by import (exit 4)."""
    dino = Dino(tmp_path / "g.sqlite")
    assert dino("import", str(SOS)).exit_code == 0
    gid = dino.json("games")[0]["game"]
    assert dino("annotate", gid, "x" * limits.NOTE.high).exit_code == 0
    assert dino("annotate", gid, "x" * (limits.NOTE.high + 1)).exit_code == 1
    lines = SOS.read_text().splitlines(keepends=True)
    for text, count in (("x" * (limits.NOTE.high + 1), 1), ("ok", limits.NOTES.high + 1)):
        note = '{"note":{"event":1,"text":"%s"}}\n' % text
        path = tmp_path / "notes.jsonl"
        path.write_text("".join(lines[:-1]) + note * count + lines[-1])
        r = Dino(tmp_path / f"n{count}.sqlite")("import", str(path))
        assert r.exit_code == 4 and "note" in r.stderr, r.stderr
    assert notes.MAX_TEXT == limits.NOTE.high and notes.MAX_PER_GAME == limits.NOTES.high
