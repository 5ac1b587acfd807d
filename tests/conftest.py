"""Suite-wide hooks: the reliability figures (tests/reliability) printed once at the end of a run,
summed over the pytest-xdist workers when the suite runs on several cores."""

from __future__ import annotations

import json

import pytest

from tests.reliability.conftest import FIGURES, add_figure, figures_line


def pytest_sessionfinish(session) -> None:
    """In an xdist worker: hand this worker's counts to the controller."""
    out = getattr(session.config, "workeroutput", None)
    if out is not None:
        out["reliability_figures"] = json.dumps(FIGURES)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """In the xdist controller: add a finished worker's counts."""
    for name, n in json.loads(getattr(node, "workeroutput", {}).get("reliability_figures", "{}")).items():
        add_figure(name, n)


def pytest_terminal_summary(terminalreporter) -> None:
    """Print the reliability counts of the whole run (nothing if no reliability test ran)."""
    line = figures_line()
    if line:
        terminalreporter.write_line(line)
