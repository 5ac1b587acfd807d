"""Text laid out in columns by its width on screen, not its length (issue 42): a wide character
(CJK, most emoji) takes two cells, a combining mark none, so wide-character names line up.

Widths come from wcwidth (prompt_toolkit's own dependency); a character it cannot measure counts
as one cell (names are made terminal-safe before they are shown). Printable ASCII takes one cell a
character, so text that is all printable ASCII is measured without wcwidth, which is imported only
for other text (it costs a command that shows a board some milliseconds).
"""

from __future__ import annotations

__all__ = ["width", "clip", "ljust", "rjust"]


def _plain(text: str) -> bool:
    """Whether ``text`` is printable ASCII only: one cell a character."""
    return text.isascii() and text.isprintable()


def width(text: str) -> int:
    """The cells ``text`` takes on a terminal."""
    if _plain(text):
        return len(text)
    from wcwidth import wcswidth, wcwidth

    n = wcswidth(text)
    return n if n >= 0 else sum(max(wcwidth(c), 0) if wcwidth(c) >= 0 else 1 for c in text)


def clip(text: str, cells: int) -> str:
    """The longest start of ``text`` that fits in ``cells`` cells."""
    if _plain(text):
        return text[:max(cells, 0)]
    from wcwidth import wcwidth

    out, used = [], 0
    for c in text:
        w = wcwidth(c)
        w = 1 if w < 0 else w
        if used + w > cells:
            break
        out.append(c)
        used += w
    return "".join(out)


def ljust(text: str, cells: int) -> str:
    """``text`` padded with spaces on the right to ``cells`` cells (left as is when wider)."""
    return text + " " * max(0, cells - width(text))


def rjust(text: str, cells: int) -> str:
    """``text`` padded with spaces on the left to ``cells`` cells (left as is when wider)."""
    return " " * max(0, cells - width(text)) + text
