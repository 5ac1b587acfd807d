"""The characters that must never reach a person raw: one definition for every output boundary.

Control characters (C0, DEL, C1: ESC, bell, NUL, carriage return ...), direction marks,
overrides and isolates (U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069), line and paragraph
separators and the byte-order mark: as regular-expression character-class ranges.
"""

from __future__ import annotations

__all__ = ["CONTROLS", "MARKS", "UNSAFE"]

CONTROLS = "\x00-\x1f\x7f-\x9f"
MARKS = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff"
UNSAFE = CONTROLS + MARKS
