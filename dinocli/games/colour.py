"""Terminal colour for the boards, knowing nothing of click: ANSI SGR codes (the bytes click.style
writes), stripping them again, and whether to colour at all.

Colour is on only when asked (``always``) or, by default (``auto``), when the stream is a terminal
and NO_COLOR is not set (https://no-color.org); FORCE_COLOR (https://force-color.org) or a
CLICOLOR_FORCE other than 0 turn it on in ``auto`` even off a terminal, unless NO_COLOR is set. Renderers take a ``color`` flag and call
:func:`style`; they never decide on their own.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO

__all__ = ["COLOURS", "MODES", "style", "unstyle", "wanted"]

COLOURS = {
    "black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "white": 37,
    "bright_black": 90, "bright_red": 91, "bright_green": 92, "bright_yellow": 93, "bright_blue": 94,
    "bright_magenta": 95, "bright_cyan": 96, "bright_white": 97,
}
MODES = ("auto", "always", "never")
_RESET = "\x1b[0m"
_SGR = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


def style(text: str, fg: str | None = None, *, bold: bool = False, dim: bool = False, reverse: bool = False) -> str:
    """``text`` in colour ``fg`` (a name in COLOURS), bold, dim and/or reversed, then reset."""
    codes = ([COLOURS[fg]] if fg is not None else []) + [c for c, on in ((1, bold), (2, dim), (7, reverse)) if on]
    return "".join(f"\x1b[{c}m" for c in codes) + text + _RESET


def unstyle(text: str) -> str:
    """``text`` without its colour codes (its width on screen)."""
    return _SGR.sub("", text)


def wanted(mode: str = "auto", stream: TextIO | None = None) -> bool:
    """Whether to colour ``stream`` (stdout by default): ``always``; ``never``; or (auto) unless NO_COLOR,
    when FORCE_COLOR or CLICOLOR_FORCE asks or the stream is a terminal."""
    if mode == "always":
        return True
    if mode == "never" or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR") or os.environ.get("CLICOLOR_FORCE", "0") != "0":
        return True
    stream = sys.stdout if stream is None else stream
    return bool(getattr(stream, "isatty", None) and stream.isatty())
