"""What commands print (dinocli/output.py): one way to say a duration, for analyze's and the tournament's
progress lines alike."""

from __future__ import annotations

import pytest

from dinocli.output import duration


@pytest.mark.parametrize("seconds, said", [(0, "0s"), (0.2, "1s"), (44.6, "45s"), (59.4, "59s"), (60, "1m 00s"),
                                           (185, "3m 05s"), (3599.4, "59m 59s"), (3725, "1h 02m"), (-3, "0s")])
def test_a_duration_is_said_one_way(seconds, said):
    assert duration(seconds) == said


def test_exactly_the_unsafe_characters_are_escaped_and_newlines_kept_in_a_block():
    """The output boundary (dinocli/safe.py): every character of the one unsafe list (events/text.py, as a
    regular-expression class) and no other is shown as its escape; a block keeps its newlines."""
    import re

    from dinocli.events.text import UNSAFE
    from dinocli.safe import safe, safe_block

    unsafe = re.compile(f"[{UNSAFE}]")
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    escaped = unsafe.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", every)
    assert safe(every) == escaped
    assert safe_block(every) == escaped.replace("\\x0a", "\n")
    assert safe_block("a\x1b[1mb\x1b[0m\x1b[5m\n", colour=True) == "a\x1b[1mb\x1b[0m\\x1b[5m\n"
