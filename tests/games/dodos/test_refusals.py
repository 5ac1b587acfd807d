"""Every out-of-range action is refused as IllegalAction, never a crash (issue #24)."""

from ..refusals import check_refusals


def test_out_of_range_actions_are_refused_as_illegal():
    """Fields pushed out of range on the actions of random playouts: IllegalAction each time."""
    assert check_refusals("dodos") > 0
