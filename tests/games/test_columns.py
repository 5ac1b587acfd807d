"""Text widths on screen (issue 42): the printable-ASCII shortcut measures as wcwidth does (issue 43)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st
from wcwidth import wcswidth, wcwidth

from dinocli.games.columns import clip, ljust, rjust, width

# printable ASCII, controls, wide and combining characters, an emoji: every branch of the measure
TEXT = st.text(st.sampled_from("aZ9 ~-\x1b\t\x00\x7fアリス\u0301é😀"), max_size=12)


def _width(text: str) -> int:
    n = wcswidth(text)
    return n if n >= 0 else sum(max(wcwidth(c), 0) if wcwidth(c) >= 0 else 1 for c in text)


def _clip(text: str, cells: int) -> str:
    """The longest start whose characters' cells (one for a character wcwidth cannot measure) add up to ``cells``."""
    each = [1 if wcwidth(c) < 0 else wcwidth(c) for c in text]
    return text[:max((i for i in range(len(text) + 1) if sum(each[:i]) <= cells), default=0)]


@settings(max_examples=300, deadline=None)
@given(TEXT, st.integers(-2, 14))
def test_width_and_clip_are_wcwidths_measure(text, cells):
    assert width(text) == _width(text)
    assert clip(text, cells) == _clip(text, cells)
    assert ljust(text, cells) == text + " " * max(0, cells - _width(text))
    assert rjust(text, cells) == " " * max(0, cells - _width(text)) + text
