"""The Dodos log carries the agenda's task names (dodos.decision_awaited, issue 37): they are a documented,
versioned part of the log format (dinocli-dodos(6) THE LOG, dinocli-log(5)), never Python identifiers. A
name changed, added or dropped without a new version of the event fails here; every stored Dodos log
(saves/, every format) still replays."""

from __future__ import annotations

import random
import re
from pathlib import Path

from dinocli.events import SeededRng
from dinocli.games.dodos import GAME
from dinocli.games.dodos.data import ATOMS
from dinocli.games.dodos.engine import AUTOMATIC
from dinocli.games.dodos.events import DecisionAwaited
from dinocli.games.dodos.state import AGENDA, DECISIONS, Task
from dinocli.games.runner import start, step
from dinocli.service import Service, read_log_for_game

ROOT = Path(__file__).resolve().parents[3]

# The frozen vocabulary, by the version of DecisionAwaited that carries it. Change a name only by giving the
# event a new version (with an upcaster for the old one) and adding its set here.
FROZEN = {
    1: frozenset({"draft", "pick", "offer", "discard", "swap", "steal", "throw", "shield", "round", "reveal", "turn",
                  "step1", "effect", "pay", "sphere", "advance", "back", "roll_advance", "roll_back", "draw", "hit",
                  "steal_from", "redbox", "whitebox", "blackbox", "phase3"}),
}
TASK_FIELDS = {1: ("op", "seat", "n", "card", "arg", "src")}


def test_the_agenda_vocabulary_is_the_frozen_one_for_its_event_version():
    """A renamed task (or a renamed Task field) without a format bump fails here."""
    v = DecisionAwaited.version
    assert v in FROZEN, f"DecisionAwaited version {v} has no frozen vocabulary: add it to FROZEN and the man pages"
    assert AGENDA == FROZEN[v]
    assert Task.__struct_fields__ == TASK_FIELDS[v]


def test_the_engine_resolves_tasks_by_their_log_names():
    """Every name is a decision or in the engine's table of automatic tasks (found by name, not by method);
    every effect icon of the data file becomes a task of the vocabulary."""
    assert DECISIONS | set(AUTOMATIC) == AGENDA and not DECISIONS & set(AUTOMATIC)
    assert set(ATOMS) <= AGENDA


def test_the_rules_page_lists_the_vocabulary():
    """dinocli-dodos(6) THE LOG names exactly the frozen task names."""
    page = (ROOT / "man" / "dinocli-dodos.6").read_text()
    section = page.split(".SH THE LOG\n", 1)[1].split("\n.SH ", 1)[0]
    listed = set(re.findall(r"^\.BR? (\w+) ?[,.]?$", section, re.M))
    assert listed == AGENDA


def test_games_and_stored_logs_carry_only_the_vocabulary():
    """Random games of every variant, and every Dodos log kept in saves/ (formats 1 to 4), write and replay
    with names of the vocabulary only."""
    rnd = random.Random(37)
    seen: set[str] = set()
    for variants in ((), ("abilities",), ("space",)):
        rng = SeededRng(f"vocab-{variants}")
        state, _ = start(GAME, GAME.configure(("a", "b", "c"), tuple(variants), {}), rng)
        while GAME.to_move(state) is not None:
            state, events = step(GAME, state, rnd.choice(GAME.legal_actions(state)), rng)
            seen |= {t.op for e in events if isinstance(e, DecisionAwaited) for t in e.agenda}
    assert seen <= AGENDA and len(seen) >= 12
    svc = Service.open(":memory:")
    for path in sorted(ROOT.glob("saves/**/dodos*.jsonl")):
        parsed = read_log_for_game(path.read_bytes())
        ops = {t.op for e in parsed.entries if isinstance(e.event, DecisionAwaited) for t in e.event.agenda}
        assert ops <= FROZEN[1], path
        assert svc.verify(svc.import_log(path.read_bytes()).id).over, path
    svc.close()
