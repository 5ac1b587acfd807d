"""The output boundary: text from a log, the database or the command line made terminal-safe.

Control characters (C0, DEL, C1: ESC, bell, NUL, carriage return ...), bidirectional
overrides and isolates (U+202A-U+202E, U+2066-U+2069, marks) and line/paragraph separators
are shown as visible escapes (``\\x1b``, ``\\u202e``), so a name or an action text can neither
drive the terminal nor reorder what is shown. ``--json`` output never passes through here.
"""

from __future__ import annotations

import functools
import re

from dinocli.events.text import UNSAFE

__all__ = ["safe", "safe_block"]


def _escapes(ranges: str) -> dict[int, str]:
    """A str.translate table sending each character of regular-expression class ``ranges`` to its escape."""
    points: list[int] = []
    i = 0
    while i < len(ranges):
        if i + 2 < len(ranges) and ranges[i + 1] == "-":
            points += range(ord(ranges[i]), ord(ranges[i + 2]) + 1)
            i += 3
        else:
            points.append(ord(ranges[i]))
            i += 1
    return {c: f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" for c in points}


_UNSAFE = _escapes(UNSAFE)
_UNSAFE_IN_BLOCK = {c: e for c, e in _UNSAFE.items() if c != 0x0A}   # newlines kept


@functools.cache
def _sgr() -> re.Pattern:
    """The colours and weights dinocli's own renderers ask click.style for (never conceal, blink or cursor moves)."""
    return re.compile(r"\x1b\[(?:(?:0|1|2|4|7|22|24|27|3[0-79]|9[0-7])(?:;|(?=m)))*m")


def safe(text: object) -> str:
    """One line of terminal-safe text: every control, bidi or separator character escaped visibly."""
    return str(text).translate(_UNSAFE)


def safe_block(text: object, *, colour: bool = False) -> str:
    """Terminal-safe text that keeps its newlines (and, with ``colour``, dinocli's own SGR colours)."""
    text = str(text)
    if not colour:
        return text.translate(_UNSAFE_IN_BLOCK)
    parts = []
    last = 0
    for m in _sgr().finditer(text):
        parts.append(text[last:m.start()].translate(_UNSAFE_IN_BLOCK))
        parts.append(m.group())
        last = m.end()
    parts.append(text[last:].translate(_UNSAFE_IN_BLOCK))
    return "".join(parts)
