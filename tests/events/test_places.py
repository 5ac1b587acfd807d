"""The default user directories (issue 43): computed without platformdirs where the answer is plain, and
then the same as platformdirs' in every case."""

from __future__ import annotations

import sys

import platformdirs
import pytest

from dinocli.events import places

HOMES = ["/home/ann", "/home/ann/", "/", "relative", "", None]
XDG = [None, "", "  ", "/x/y", "/x/y/", "rel/dir"]


@pytest.mark.parametrize("home", HOMES)
@pytest.mark.parametrize("xdg", XDG)
@pytest.mark.parametrize("which", ["data", "config"])
def test_the_directories_are_platformdirs_own(monkeypatch, home, xdg, which):
    var = {"data": "XDG_DATA_HOME", "config": "XDG_CONFIG_HOME"}[which]
    for name, value in (("HOME", home), (var, xdg)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    ours = getattr(places, f"user_{which}_dir")
    try:
        want = getattr(platformdirs, f"user_{which}_dir")("dinocli")
    except RuntimeError:   # platformdirs finds no home: neither may we say one
        with pytest.raises(RuntimeError):
            ours()
        return
    assert ours() == want


@pytest.mark.skipif(sys.platform != "linux", reason="the plain case is Linux's")
def test_the_plain_case_imports_no_platformdirs(monkeypatch):
    monkeypatch.setenv("HOME", "/home/ann")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setitem(sys.modules, "platformdirs", None)   # importing it would fail
    assert places.user_config_dir() == "/home/ann/.config/dinocli"
    assert places.user_data_dir() == "/home/ann/.local/share/dinocli"
