"""Random append/undo/redo/branch/checkout sequences keep the store's invariants."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dinocli.events.store import Store

from .conftest import auto, count, decision, new_game

ops = st.lists(st.tuples(st.sampled_from(["move", "move", "auto", "undo", "redo", "jump", "branch", "checkout"]),
                         st.integers(0, 10**6)), max_size=25)


def ancestors(store: Store, gid: str, event_id: int | None) -> set[int]:
    return {s.id for s in store.path(gid, event_id)}


@settings(max_examples=60, deadline=None)
@given(ops)
def test_random_histories_keep_every_event_reachable_and_the_chain_sound(script):
    with Store.open(":memory:") as store:
        gid = new_game(store)
        rows = 0
        made = 0
        for op, r in script:
            current = store.game(gid).branch
            b = store.branch(gid, current)
            if op in ("move", "auto"):
                cmd = decision(r % 3, f"act {r}", made, made + 1) if op == "move" else auto(made)
                made += 2
                store.append(gid, current, [cmd], b.head)
            elif op == "undo" and b.head is not None:
                path = store.path(gid, b.head)
                store.set_head(gid, current, path[r % len(path)].parent, b.head)
            elif op == "redo" and b.tip is not None and b.tip != b.head:
                line = store.path(gid, b.tip)
                depth = 0 if b.head is None else store.event(b.head).seq
                store.set_head(gid, current, line[depth + r % (len(line) - depth)].id, b.head)
            elif op == "jump":
                ids = [x[0] for x in store.connection.execute("SELECT id FROM events WHERE game_id = ?", [gid]).fetchall()]
                if ids:
                    store.set_head(gid, current, ids[r % len(ids)], b.head)
            elif op == "branch":
                name = f"b{r % 5}"
                if name not in {x.name for x in store.branches(gid)}:
                    store.create_branch(gid, name, b.head)
            elif op == "checkout":
                names = [x.name for x in store.branches(gid)]
                store.checkout(gid, names[r % len(names)])
            assert count(store) >= rows  # nothing is ever deleted
            rows = count(store)
        everything = {x[0] for x in store.connection.execute("SELECT id FROM events WHERE game_id = ?", [gid])}
        reachable: set[int] = set()
        for br in store.branches(gid):
            assert ancestors(store, gid, br.head) <= ancestors(store, gid, br.tip)  # head lies on the tip's line
            reachable |= ancestors(store, gid, br.tip)
        assert reachable == everything
        assert store.verify_chain(gid) == len(everything)
