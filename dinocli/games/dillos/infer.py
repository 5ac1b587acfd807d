"""What a seat can infer about hidden cards from the others' actions (issue 40; see ai/belief.py).

The face-down tiles are not inferred yet: a belief deals them uniformly, as determinize does.
"""

from ..uninferred import INFERS, deal, hidden, pasts, values

__all__ = ["INFERS", "pasts", "hidden", "values", "deal"]
