"""Annotations (issue 20): comments on events, kept beside the event tree and outside the hash chain.

A note names the event it is on (its row id); export writes it as ``{"note": {"event": N, "text": T}}``
with N the event's number on the exported line of play. Analyses of decisions are kept beside them
(:mod:`dinocli.events.analyses`).
"""

from __future__ import annotations

import datetime
import re
import sqlite3
from typing import Any

from dinocli.limits import NOTE, NOTES

from .text import UNSAFE

__all__ = ["MAX_TEXT", "MAX_PER_GAME", "NoteRefused", "check_text", "add", "by_event"]

MAX_TEXT = NOTE.high       # characters in one note (the limits table)
MAX_PER_GAME = NOTES.high  # notes on one game (an imported log may not carry more)
_UNSAFE = re.compile(f"[{UNSAFE}]")


class NoteRefused(ValueError):
    """A note that cannot be kept (empty, too long, too many)."""


def check_text(text: Any) -> str:
    """The note's text, stripped; NoteRefused if it is not a string of 1 to MAX_TEXT characters."""
    if not isinstance(text, str):
        raise NoteRefused("a note is text")
    text = text.strip()
    if not text:
        raise NoteRefused("an empty note")
    if len(text) > MAX_TEXT:
        raise NoteRefused(f"a note is at most {MAX_TEXT} characters, not {len(text)}")
    if _UNSAFE.search(text):
        raise NoteRefused("a note is one line of text: no control, direction-changing or separator characters")
    return text


def add(conn: sqlite3.Connection, game_id: str, event_id: int, text: str) -> None:
    """Keep a note on one event of a game (call inside the store's write transaction)."""
    text = check_text(text)
    (count,) = conn.execute("SELECT count(*) FROM notes WHERE game_id = ?", (game_id,)).fetchone()
    if count >= MAX_PER_GAME:
        raise NoteRefused(f"game {game_id} already has {MAX_PER_GAME} notes")
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    conn.execute("INSERT INTO notes (game_id, event, text, created) VALUES (?, ?, ?, ?)",
                 (game_id, event_id, text, now))


def by_event(conn: sqlite3.Connection, game_id: str) -> dict[int, list[str]]:
    """A game's notes by event row id, oldest first."""
    out: dict[int, list[str]] = {}
    for event, text in conn.execute("SELECT event, text FROM notes WHERE game_id = ? ORDER BY id", (game_id,)):
        out.setdefault(event, []).append(text)
    return out

