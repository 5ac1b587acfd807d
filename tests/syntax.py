"""Python source parsed into syntax trees, for the tests that read the code itself.

CPython 3.11.7 keeps the depth counter of its C-to-Python AST conversion in state every thread shares
(gh-106905, fixed in 3.11.8): when another thread converts an AST at the same moment (3.11's traceback
module parses a source line to place its carets, and a finaliser run by the garbage collector
mid-conversion can hand over the GIL), ``ast.parse`` of a good file raises ``SystemError: AST constructor
recursion depth mismatch`` once the tree is built. It happened once in a full run of the suite. Only the
counter is shared, never the tree, so parsing again is the fix; a file that does not parse still fails.
Parsing in a child process instead costs the suite seconds (rebuilding a pickled tree is slower than
parsing). Trees are cached by source text, so a copy of the tree in which one file changed parses one file.
"""

from __future__ import annotations

import ast
import functools

ATTEMPTS = 5


@functools.cache
def tree(source: str) -> ast.Module:
    """The syntax tree of a source, parsed again when CPython 3.11.7 reports gh-106905's false mismatch."""
    for _ in range(ATTEMPTS - 1):
        try:
            return ast.parse(source)
        except SystemError as exc:
            if "recursion depth mismatch" not in str(exc):
                raise
    return ast.parse(source)
