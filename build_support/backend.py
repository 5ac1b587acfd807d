"""The build backend: setuptools', asking for mypy only where a build compiles (setup.py, README "Speed").

A wheel build (``pip install .``, ``pip wheel .``, an install from the sdist) compiles the hot modules
with mypyc, which comes with mypy, so it asks for mypy unless ``DINOCLI_COMPILE=0``; an editable
install (``pip install -e .``, CI) and an sdist are pure Python and do not fetch it. Without a network
pip cannot fetch mypy for the build's isolated environment: ``DINOCLI_COMPILE=0 pip install .`` builds
the pure wheel (or ``pip install --no-build-isolation .`` with mypy already installed compiles).
"""

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 - every hook as setuptools defines it

MYPYC = "mypy>=2.4,<3"  # mypyc comes with mypy; the versions the compiled build was checked with


def get_requires_for_build_wheel(config_settings=None):
    """setuptools' requirements, and mypy unless the build is asked to be pure (``DINOCLI_COMPILE=0``)."""
    compiled = os.environ.get("DINOCLI_COMPILE", "").strip() != "0"
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *([MYPYC] if compiled else [])]


def get_requires_for_build_editable(config_settings=None):
    """setuptools' requirements only: an editable install is never compiled (setup.py)."""
    return _setuptools.get_requires_for_build_editable(config_settings)
