"""The build backend: setuptools', asking for mypy only where a build compiles (setup.py, README "Speed").

A wheel build (``pip install .``) compiles the hot modules with mypyc, which comes with mypy; an
editable install (``pip install -e .``, CI) never compiles, so it does not fetch mypy, and neither
does a build with ``DINOCLI_PURE=1``.
"""

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 - every hook as setuptools defines it

MYPYC = "mypy>=2.4,<3"  # mypyc comes with mypy; the versions the compiled build was checked with


def get_requires_for_build_wheel(config_settings=None):
    """setuptools' requirements, and mypy unless the build is pure (``DINOCLI_PURE``)."""
    pure = os.environ.get("DINOCLI_PURE", "") not in ("", "0")
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *([] if pure else [MYPYC])]
