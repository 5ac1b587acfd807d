"""The simulation generator a search draws its chance outcomes from."""

from __future__ import annotations


def test_a_simulation_draws_exactly_what_random_randrange_draws():
    """SimRng.below inlines random.Random's draw below n: a search's playouts keep their draws (and so the
    pinned search statistics) whatever the range, and a subclass of Random keeps its own way of drawing."""
    import random

    from dinocli.events import SimRng

    ranges = [1, 2, 3, 5, 7, 10, 52, 100, 1000, 2**31 + 5, 2**70 + 1] * 10
    for seed in range(20):
        sim, plain = SimRng(random.Random(seed)), random.Random(seed)
        assert [sim.below(n) for n in ranges] == [plain.randrange(n) for n in ranges]

    class Counting(random.Random):
        def _randbelow(self, n):
            return 0

    assert SimRng(Counting(1)).below(10) == 0
