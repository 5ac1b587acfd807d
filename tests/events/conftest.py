"""Tiny test-only events and store fixtures for the event store's tests."""

from __future__ import annotations

import msgspec
import pytest

from dinocli.events import Event
from dinocli.events.chain import event_hash, genesis_hash, json_text
from dinocli.events.store import Command, Store


class Thing(Event, tag="test.thing"):
    """A small event with a nested list."""

    n: int
    card: str = "x"
    tags: list[int] = []


class Other(Event, tag="test.other"):
    """A second event type."""

    seat: int


def things(*ns: int) -> list[Event]:
    """One Thing per number."""
    return [Thing(n=n) for n in ns]


def decision(actor: int, action: str, *ns: int, rolls: list | None = None) -> Command:
    """A seat's decision producing Things."""
    return Command(actor=actor, action=action, rolls=rolls, events=things(*ns))


def auto(*ns: int) -> Command:
    """Automatic events."""
    return Command(actor=None, action=None, rolls=None, events=things(*ns))


def new_game(store: Store, **kw) -> str:
    """A fresh game id."""
    return store.create_game("test", {"variant": ["a"], "n": 2}, [{"name": "ann"}, {"name": "bob", "bot": "random"}],
                             "1.0", "d" * 64, "the-seed", **kw).id


def count(store: Store, table: str = "events") -> int:
    """Rows in a table."""
    return store.connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def relink(lines: list[str]) -> list[str]:
    """Recompute the hash chain and footer of an edited exported log (to test the checks behind the hashes)."""
    header = msgspec.json.decode(lines[0])
    header["genesis"] = genesis_hash(header)
    out = [json_text(header) + "\n"]
    prev = header["genesis"]
    count_ = 0
    for line in lines[1:]:
        d = msgspec.json.decode(line)
        if d.get("footer"):
            d["count"], d["final_hash"] = count_, prev
            out.append(json_text(d) + "\n")
            continue
        d["parent_hash"] = prev
        rolls = None if d["rolls"] is None else json_text(d["rolls"])
        d["hash"] = prev = event_hash(prev, d["type"], d["v"], json_text(d["body"]), d["actor"], d["action"], rolls)
        out.append(json_text(d) + "\n")
        count_ += 1
    return out


@pytest.fixture
def store():
    """An in-memory store."""
    with Store.open(":memory:") as s:
        yield s


@pytest.fixture
def db_path(tmp_path):
    """A path for an on-disk store (its folder made: only the default location's is created; #17)."""
    (tmp_path / "saves").mkdir()
    return tmp_path / "saves" / "dinocli.sqlite"
