"""The store benchmark runs and reports ratios (the real figures come from `dinocli bench store`)."""

from __future__ import annotations

from dinocli.events.bench import store_figures


def test_store_figures_reports_rates_and_ratios(tmp_path):
    figures = store_figures(tmp_path, commands=8, events_per_command=3, replays=1)
    assert {"appends_per_s", "raw_appends_per_s", "append_ratio", "replay_events_per_s", "raw_replay_events_per_s",
            "replay_ratio", "format1_replay_events_per_s", "commitment_cost"} <= set(figures)
    assert all(v > 0 for k, v in figures.items() if k != "commitment_cost")
    assert figures["commitment_cost"] < 1   # the share of replay throughput the salted commitments cost (#16)
    assert abs(figures["append_ratio"] - figures["appends_per_s"] / figures["raw_appends_per_s"]) < 1e-9
