"""What commands print (dinocli/output.py): one way to say a duration, for analyze's and the tournament's
progress lines alike."""

from __future__ import annotations

import pytest

from dinocli.output import duration


@pytest.mark.parametrize("seconds, said", [(0, "0s"), (0.2, "1s"), (44.6, "45s"), (59.4, "59s"), (60, "1m 00s"),
                                           (185, "3m 05s"), (3599.4, "59m 59s"), (3725, "1h 02m"), (-3, "0s")])
def test_a_duration_is_said_one_way(seconds, said):
    assert duration(seconds) == said
