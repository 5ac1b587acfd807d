"""Analyses kept with the game (issues 20, 41): each judged decision beside the event tree, outside the hash chain.

A judgement is kept in table ``analyses`` by the hash of the decision's event, the bot spec that
judged and the seat whose decision it was, so a second bot's judgement sits beside the first.
Export writes one line per judgement after the notes, in event, seat and bot order::

    {"analysis": {"event": 12, "seat": 0, "bot": "mcts:medium", "budget": 200, "before": 0.61,
                  "after": 0.38, "best": "play 3", "drop": 0.23, "noise": 0.04, "mark": "?", "reason": ""}}

``before`` is the seat's expected result before the decision (with the best move the bot found),
``after`` with the move made, both from that seat's information only (0 a sure loss, 1 a sure win);
``best`` the better move (null when the move made was the best found); ``mark`` one of
:data:`MARKS` or null. Import checks every line (on a decision of that seat, numbers in range,
the mark its drop's) as notes are checked, and no hash covers one: anyone may add or remove them.
"""

from __future__ import annotations

import math
import re
import sqlite3
from typing import Any

import msgspec

from .errors import LogRejected
from .text import UNSAFE

__all__ = ["THRESHOLDS", "ONLY_GAP", "NOISE", "MARKS", "ONLY", "Judged", "label", "mark_of", "cached", "keep",
           "any_kept", "of_path", "shown", "export_lines", "LINES", "checked", "stored"]

THRESHOLDS = (("blunder", 0.30), ("mistake", 0.15), ("inaccuracy", 0.05))
NOISE = 2.0          # a drop is labelled only above this many standard errors
ONLY_GAP = 0.15      # "!": the move made was the best, and every other one loses at least this much
MARKS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
ONLY = "!"
_LABEL_OF = {m: name for name, m in MARKS.items()}
_SPEC = re.compile(r"^mcts(:[a-z0-9=.,_-]{1,200})?$")
_UNSAFE = re.compile(f"[{UNSAFE}]")
MAX_BOTS = 16        # judgements of one decision an imported log may carry


class Judged(msgspec.Struct, forbid_unknown_fields=True):
    """One exported judgement (the body of an ``{"analysis": ...}`` line)."""

    event: int
    seat: int
    bot: str
    budget: int | None
    before: float
    after: float
    best: str | None
    drop: float
    noise: float
    mark: str | None
    reason: str


class _Line(msgspec.Struct, forbid_unknown_fields=True):
    analysis: Judged


_ENC = msgspec.json.Encoder()
LINES = msgspec.json.Decoder(_Line)   # an ``{"analysis": ...}`` line (the log reader's)


def label(drop: float, noise: float = 0.0) -> str | None:
    """The label of a drop in expected result (None below the smallest threshold or within twice its noise)."""
    if drop <= NOISE * noise:
        return None
    return next((name for name, at in THRESHOLDS if drop >= at - 1e-9), None)


def mark_of(data: dict[str, Any]) -> str | None:
    """The glyph of a kept judgement: ``??`` ``?`` ``?!`` by its label, ``!`` for the only move that keeps the result."""
    if data.get("label"):
        return MARKS[data["label"]]
    return ONLY if data.get("only") else None


def cached(conn: sqlite3.Connection, event_hash: str, spec: str, seat: int) -> Any:
    """A kept judgement (JSON data) or None."""
    row = conn.execute("SELECT data FROM analyses WHERE event_hash = ? AND spec = ? AND seat = ?",
                       (event_hash, spec, seat)).fetchone()
    return None if row is None else msgspec.json.decode(row[0])


def keep(conn: sqlite3.Connection, event_hash: str, spec: str, seat: int, data: Any, *, replace: bool = True) -> None:
    """Keep a judgement (call inside the store's write transaction); ``replace=False`` keeps one already there."""
    verb = "INSERT OR REPLACE" if replace else "INSERT OR IGNORE"
    conn.execute(f"{verb} INTO analyses (event_hash, spec, seat, data) VALUES (?, ?, ?, ?)",
                 (event_hash, spec, seat, msgspec.json.encode(dict(sorted(data.items()))).decode()))


def any_kept(conn: sqlite3.Connection) -> bool:
    """Whether the database keeps any judgement at all (if not, no line of play needs reading for them)."""
    return conn.execute("SELECT EXISTS (SELECT 1 FROM analyses)").fetchone()[0] == 1


def of_path(conn: sqlite3.Connection, path: list, seats: Any = None) -> dict[int, dict[str, dict]]:
    """The judgements of the decisions on a line of play (stored events), by event number then bot spec
    (sorted); ``seats`` (a collection) keeps only those seats' decisions."""
    actor = {s.hash: (s.seq, s.actor) for s in path if s.command == s.id and s.actor is not None}
    if not actor:
        return {}
    out: dict[int, dict[str, dict]] = {}
    rows = conn.execute("SELECT event_hash, spec, seat, data FROM analyses "
                        "WHERE event_hash IN (SELECT value FROM json_each(?)) ORDER BY spec",
                        (msgspec.json.encode(list(actor)).decode(),))
    for h, spec, seat, data in rows:
        seq, who = actor[h]
        if seat != who or (seats is not None and seat not in seats):
            continue
        judged = msgspec.json.decode(data)
        if "only" in judged:   # judged by this version (older rows are re-judged by analyze)
            out.setdefault(seq, {})[spec] = judged
    return out


def shown(judged: dict[str, dict]) -> tuple[str, dict]:
    """The judgement shown where one is: the judge with the largest budget (then the first spec)."""
    return max(judged.items(), key=lambda kv: ((kv[1].get("budget") or 0), [-ord(c) for c in kv[0]]))


def export_lines(path: list, judged: dict[int, dict[str, dict]]) -> list[str]:
    """The ``{"analysis": ...}`` lines of a line of play's judgements (event, seat, bot order)."""
    by_seq = {s.seq: s for s in path}
    out = []
    for seq in sorted(judged):
        s = by_seq[seq]
        for spec, d in sorted(judged[seq].items()):
            best = None if d["best"] == s.action else d["best"]
            out.append(_ENC.encode(_Line(Judged(seq, s.actor, spec, d.get("budget"), d["best_value"], d["chosen_value"],
                                                best, d["drop"], d["noise"], mark_of(d), d.get("reason") or "")))
                       .decode() + "\n")
    return out


def checked(no: int, j: Judged, entries: list, out: list[Judged]) -> Judged:
    """The judgement of analysis line ``no``, checked against the log's ``entries`` and the judgements ``out``
    kept before it: on a decision of its seat, its numbers and mark consistent, in order (LogRejected if not)."""
    why = _wrong(j, entries)
    if why:
        raise LogRejected(no, f"bad analysis: {why}")
    if out and (out[-1].event, out[-1].seat, out[-1].bot) == (j.event, j.seat, j.bot):
        raise LogRejected(no, f"a second analysis of event {j.event} by {j.bot}")
    if out and (out[-1].event, out[-1].seat, out[-1].bot) > (j.event, j.seat, j.bot):
        raise LogRejected(no, "analysis lines out of order (by event, seat, bot)")
    if sum(1 for o in out[-MAX_BOTS:] if (o.event, o.seat) == (j.event, j.seat)) >= MAX_BOTS:   # in order: together
        raise LogRejected(no, f"more than {MAX_BOTS} analyses of event {j.event}")
    return j


def _wrong(j: Judged, entries: list) -> str:
    """What is wrong with one judgement of this log ("" if nothing)."""
    if not 1 <= j.event <= len(entries):
        return f"event {j.event}, which the log does not have"
    e = entries[j.event - 1]
    if not e.starts_command or e.actor != j.seat:
        return f"event {j.event} is not a decision of seat {j.seat}"
    if not _SPEC.match(j.bot):
        return f"the judge must be an mcts bot spec, not {j.bot[:40]!r}"
    if j.budget is not None and not 1 <= j.budget <= 10_000_000:
        return "budget is a number of iterations, 1 to 10,000,000"
    for name in ("before", "after", "drop", "noise"):
        v = getattr(j, name)
        if not (math.isfinite(v) and 0 <= v <= 1):
            return f"{name} must be between 0 and 1"
    if abs(j.before - j.after - j.drop) > 2e-4:
        return "drop must be before minus after"
    expect = label(j.drop, j.noise)
    if j.mark not in (None, ONLY, *MARKS.values()) or _LABEL_OF.get(j.mark) != expect or \
            (j.mark == ONLY and j.drop != 0):
        return f"mark {j.mark!r} is not the mark of a drop of {j.drop} ± {j.noise}"
    if j.drop > 0 and j.best is None:
        return "a drop comes with the better move (best)"
    for name in ("best", "reason"):
        text = getattr(j, name)
        if text is not None and (len(text) > 500 or _UNSAFE.search(text)):
            return f"{name} is one line of at most 500 characters"
    return ""


def stored(j: Judged, action: str | None) -> dict[str, Any]:
    """The kept form of an imported judgement of a decision whose action is ``action``."""
    return {"chosen_value": j.after, "best_value": j.before, "best": j.best if j.best is not None else action,
            "drop": j.drop, "noise": j.noise, "label": _LABEL_OF.get(j.mark), "only": j.mark == ONLY,
            "reason": j.reason, "budget": j.budget}
