"""The build backend: setuptools', asking for mypy only where a build compiles (setup.py, README "Speed").

A wheel build asked for with ``DINOCLI_COMPILE=1`` (``DINOCLI_COMPILE=1 pip install .``) compiles the
hot modules with mypyc, which comes with mypy; any other build (``pip install .``, an editable install,
CI) is pure Python and does not fetch mypy.
"""

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 - every hook as setuptools defines it

MYPYC = "mypy>=2.4,<3"  # mypyc comes with mypy; the versions the compiled build was checked with


def get_requires_for_build_wheel(config_settings=None):
    """setuptools' requirements, and mypy for a build that compiles (``DINOCLI_COMPILE``)."""
    compiled = os.environ.get("DINOCLI_COMPILE", "") not in ("", "0")
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *([MYPYC] if compiled else [])]
