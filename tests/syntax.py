"""Python source parsed into syntax trees, for the tests that read the code itself.

CPython 3.11.7 keeps the depth counter of its C-to-Python AST conversion in state shared by every call
(gh-106905, fixed in 3.11.8), and each call resets it: when another conversion runs in the middle of one,
``ast.parse`` of a good file raises ``SystemError: AST constructor recursion depth mismatch`` once its tree
is built. It happened once in a full run of the suite, and is made at will: a finaliser the garbage
collector runs mid-conversion parses (an exception there reaches pytest's unraisable hook, which formats
its traceback, and 3.11's traceback module parses a source line to place its carets). So the collector is
off while a file parses, and for another thread doing the same, a false mismatch is parsed again (a failed
conversion leaves nothing behind); a file that does not parse still fails.
"""

from __future__ import annotations

import ast
import gc

ATTEMPTS = 5


def tree(source: str) -> ast.Module:
    """The syntax tree of a source, parsed with the garbage collector off, and again on gh-106905's false
    mismatch."""
    for _ in range(ATTEMPTS - 1):
        try:
            return parse(source)
        except SystemError as exc:
            if "recursion depth mismatch" not in str(exc):
                raise
    return parse(source)


def parse(source: str) -> ast.Module:
    """``ast.parse`` with no finaliser run in the middle of it."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(source)
    finally:
        if collecting:
            gc.enable()
