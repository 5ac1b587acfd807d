"""The output boundary: text from a log, the database or the command line made terminal-safe.

Control characters (C0, DEL, C1: ESC, bell, NUL, carriage return ...), bidirectional
overrides and isolates (U+202A-U+202E, U+2066-U+2069, marks) and line/paragraph separators
are shown as visible escapes (``\\x1b``, ``\\u202e``), so a name or an action text can neither
drive the terminal nor reorder what is shown. ``--json`` output never passes through here.
"""

from __future__ import annotations

import re

from dinocli.events.text import MARKS, UNSAFE

__all__ = ["safe", "safe_block"]

_UNSAFE = re.compile(f"[{UNSAFE}]")
_UNSAFE_IN_BLOCK = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{MARKS}]")   # newlines kept
# the colours and weights dinocli's own renderers ask click.style for (never conceal, blink or cursor moves)
_SGR = re.compile(r"\x1b\[(?:(?:0|1|2|4|7|22|24|27|3[0-79]|9[0-7])(?:;|(?=m)))*m")


def _escape(match: re.Match) -> str:
    c = match.group()
    return f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}"


def safe(text: object) -> str:
    """One line of terminal-safe text: every control, bidi or separator character escaped visibly."""
    return _UNSAFE.sub(_escape, str(text))


def safe_block(text: object, *, colour: bool = False) -> str:
    """Terminal-safe text that keeps its newlines (and, with ``colour``, dinocli's own SGR colours)."""
    text = str(text)
    if not colour:
        return _UNSAFE_IN_BLOCK.sub(_escape, text)
    parts = []
    last = 0
    for m in _SGR.finditer(text):
        parts.append(_UNSAFE_IN_BLOCK.sub(_escape, text[last:m.start()]))
        parts.append(m.group())
        last = m.end()
    parts.append(_UNSAFE_IN_BLOCK.sub(_escape, text[last:]))
    return "".join(parts)
