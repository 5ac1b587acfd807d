"""What a seat can infer about hidden cards from the others' actions (issue 40; see ai/belief.py).

A cooperative game without hidden cards (SOS-02): the tiles in the bag are drawn by chance and no
seat knows more than another, so there is nothing to infer.
"""

from ..uninferred import INFERS, deal, hidden, pasts, values

__all__ = ["INFERS", "pasts", "hidden", "values", "deal"]
