"""Which packages the wheel carries (the rest of the build is in pyproject.toml): every package
under dinocli/, found, so a new game folder needs no edit here or there; and ai/, events/ and man/,
which pyproject's package-dir installs as dinocli.ai, dinocli.events and dinocli.man (DESIGN,
"Layout": PyPI has other distributions named ai and events)."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["dinocli", "dinocli.*"]), "dinocli.ai", "dinocli.events", "dinocli.man"])
