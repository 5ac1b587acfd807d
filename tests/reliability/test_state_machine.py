"""A hypothesis state machine per registered game (issue 11): new, move, undo, redo, branch,
checkout, export and import in any order.

Invariants after every step: the fold of the log from the root equals the live state the
service handed back; nothing is ever deleted or altered (every event seen keeps its hash);
every event stays reachable from a branch, and each head lies on its branch's line; the hash
chain of the whole tree verifies. Export/import round-trips (same events, hashes and state),
and the rules re-run over the current branch at the end of every example.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from dinocli import games
from dinocli.events.errors import LogRejected, StoreError
from dinocli.events.log import read_log
from dinocli.games.protocol import GameError
from dinocli.service import Service, ServiceError

from .conftest import LARGE, add_figure, size

EXAMPLES = size(15, 300)
STEPS = size(20, 40)
SHORT = {"dingo": {"goal": 1}}   # options that keep a game short, where a game has them
NAMES = ("ann", "bob", "cy", "di")
BRANCHES = ("side", "try", "x/y", "main")


def machine_for(kind: str) -> type[RuleBasedStateMachine]:
    """The state machine class for one game kind."""
    game = games.get(kind)
    lo, hi = game.info.min_seats, min(game.info.max_seats, 4)

    class History(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.svc = Service.open(":memory:")
            self.seen: dict[int, str] = {}   # every event ever stored: id -> hash
            self.live = None

        # -- commands ---------------------------------------------------------------------

        @initialize(seats=st.integers(lo, hi), humans=st.integers(1, 4), seed=st.integers(0, 10**9),
                    strict=st.booleans())
        def new(self, seats: int, humans: int, seed: int, strict: bool) -> None:
            humans = min(humans, seats)
            g = self.svc.new_game(kind, players=list(NAMES[:humans]), bots=["random"] * (seats - humans),
                                  seed=str(seed), undo="strict" if strict else "casual", options=SHORT.get(kind))
            list(self.svc.run_bots(g))
            self.gid, self.live = g.id, g
            add_figure("hypothesis examples", 1)

        @rule(choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=6))
        def move(self, choices: list[int]) -> None:
            for choice in choices:
                g = self.svc.load(self.gid)
                if g.to_move is not None and not g.is_human(g.to_move):
                    # a checkout onto a bot's turn: the bots move first, as when the game is resumed
                    with pytest.raises(GameError, match="a bot"):
                        self.svc.move(self.gid, g.legal_texts()[0])
                    list(self.svc.run_bots(g))
                    self.live = g
                legal = g.legal_texts()
                if not legal:
                    with pytest.raises(GameError):
                        self.svc.move(self.gid, "anything")
                    return
                text = legal[choice % len(legal)]
                g, played = self.svc.move(self.gid, text)
                assert played.action == text and played.seat == self.live.to_move
                list(self.svc.run_bots(g))
                self.live = g

        @rule(steps=st.integers(1, 3))
        def undo(self, steps: int) -> None:
            self.attempt(lambda: self.svc.undo(self.gid, steps))

        @rule()
        def redo(self) -> None:
            self.attempt(lambda: self.svc.redo(self.gid))

        @rule(name=st.sampled_from(BRANCHES), at=st.none() | st.integers(0, 10**6))
        def branch(self, name: str, at: int | None) -> None:
            if at is not None:
                # a command boundary on the current path, or (one time in five) no event at all;
                # an event inside a command: see test_pending_fixes
                path = self.svc.load(self.gid).path
                ends = [s.seq for i, s in enumerate(path)
                        if i + 1 == len(path) or path[i + 1].command == path[i + 1].id]
                at = len(path) + 1 + at if at % 5 == 0 or not ends else ends[at % len(ends)]
            before = self.svc.store.branches(self.gid)
            try:
                self.svc.branch(self.gid, name, at)
            except (ServiceError, StoreError):
                assert self.svc.store.branches(self.gid) == before
                return
            assert name in {b.name for b in self.svc.store.branches(self.gid)}

        @rule(name=st.sampled_from(BRANCHES + ("main-1", "nope")))
        def checkout(self, name: str) -> None:
            self.attempt(lambda: self.svc.checkout(self.gid, name))

        @rule()
        def export_import(self) -> None:
            g = self.svc.load(self.gid)
            text = "".join(self.svc.export_lines(self.gid))
            other = Service.open(":memory:")
            try:
                rec = other.import_log(text.encode())
                h = other.load(rec.id)
                assert [(s.event, s.actor, s.action, s.rolls, s.hash) for s in h.path] == \
                       [(s.event, s.actor, s.action, s.rolls, s.hash) for s in g.path]
                assert h.state == g.state
                assert "".join(other.export_lines(rec.id)).splitlines()[1:] == text.splitlines()[1:]
                for seat in range(len(g.seats)):   # one seat's view reads, but never imports
                    view = "".join(self.svc.export_lines(self.gid, as_seat=seat)).encode()
                    assert read_log(view, allow_view=True).is_view
                    with pytest.raises(LogRejected):
                        other.import_log(view)
            finally:
                other.close()

        def attempt(self, command) -> None:
            """Run a command that may be refused; refused, it changes nothing."""
            head = self.svc.load(self.gid)
            try:
                self.live = command()
            except (ServiceError, StoreError):
                again = self.svc.load(self.gid)
                assert (again.head, again.record.branch) == (head.head, head.record.branch)

        # -- invariants -------------------------------------------------------------------

        @invariant()
        def fold_of_the_log_is_the_live_state(self) -> None:
            if self.live is not None:
                fresh = self.svc.load(self.gid)
                assert fresh.head == self.live.head and fresh.state == self.live.state

        @invariant()
        def nothing_is_deleted_or_altered(self) -> None:
            if self.live is None:
                return
            rows = dict(self.svc.store.connection.execute("SELECT id, hash FROM events WHERE game_id = ?", [self.gid]))
            assert all(rows.get(i) == h for i, h in self.seen.items())
            self.seen = rows

        @invariant()
        def branches_stay_reachable_and_the_chain_verifies(self) -> None:
            if self.live is None:
                return
            store = self.svc.store
            reachable: set[int] = set()
            for b in store.branches(self.gid):
                line = {s.id for s in store.path(self.gid, b.tip)}
                assert b.head is None or b.head in line
                reachable |= line
            everything = {r[0] for r in store.connection.execute("SELECT id FROM events WHERE game_id = ?", [self.gid])}
            assert reachable == everything
            assert store.verify_chain(self.gid) == len(everything)

        def teardown(self) -> None:
            if self.live is not None:
                self.svc.verify(self.gid)   # the rules, re-run over the current branch
            self.svc.close()

    History.__name__ = f"History_{kind}"
    return History


@pytest.mark.long(4)
@pytest.mark.parametrize("kind", sorted(games.GAMES))
def test_random_histories_keep_the_log_and_the_state_in_step(kind):
    """Issue 11: any order of new, move, undo, redo, branch, checkout, export and import keeps every
    invariant, for every registered game (strict and casual undo, humans and random bots)."""
    run_state_machine_as_test(machine_for(kind), settings=settings(
        max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None, derandomize=not LARGE,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]))


def test_an_unfinished_line_withholds_the_seed_another_line_revealed(tmp_path):
    """Found by the state machine under another hypothesis seed: a game that ended (its seed revealed)
    and was then undone exported its unfinished line WITH the seed, and the import, taking it for a
    private save, exported it back without: export -> import -> export was not the same log. An
    unfinished line now withholds the seed unless --with-seed (#16: a log that withholds it is unfinished)."""
    import json

    svc = Service.open(str(tmp_path / "g.sqlite"))
    g = svc.new_game("dingo", players=["ann"], bots=["random", "random"], seed="61887", undo="casual",
                     options=SHORT["dingo"])
    list(svc.run_bots(g))
    while not (g := svc.load(g.id)).over:
        svc.move(g.id, g.legal_texts()[0])
        list(svc.run_bots(svc.load(g.id)))
    svc.undo(g.id, 1)
    assert not svc.load(g.id).over
    text = "".join(svc.export_lines(g.id))
    assert json.loads(text.splitlines()[-1])["seed"] is None
    other = Service.open(":memory:")
    rec = other.import_log(text.encode())
    assert "".join(other.export_lines(rec.id)).splitlines()[1:] == text.splitlines()[1:]
    assert json.loads("".join(svc.export_lines(g.id, with_seed=True)).splitlines()[-1])["seed"] == "61887"
