"""The contributors page's figures (hooks/_report.py `bench`): each shows the date it was measured."""

from __future__ import annotations

import json

import _report
from _texts import texts_for

RESULTS = {
    "machine": {"hardware": "AMD EPYC, 2 cores", "device": "cpu", "torch": "2.14.1", "date": "2026-12-05"},
    "quick": True,
    "figures": {"warm_build_s": 2.8, "cold_build_s": 205.37},
    "slowest": [["snippets/distributed/step_time.py", 25.01]],
    "carried_over": {"cold_build_s": "2026-12-04"},
}


def row(text: dict, key: str, value: str) -> str:
    return f"| {text['bench_rows'][key]} | {value} |"


def test_a_figure_carried_over_from_an_earlier_run_shows_its_own_date(tmp_path, monkeypatch):
    results = tmp_path / "results.json"
    results.write_text(json.dumps(RESULTS), encoding="utf-8")
    monkeypatch.setattr(_report, "BENCH_FILE", results)
    for lang in ("zh", "en"):
        text = texts_for(lang)
        rows = _report.bench(text).splitlines()
        assert rows[0] == text["bench_intro"].format(**RESULTS["machine"])
        assert row(text, "cold_build_s", "205.37 (2026-12-04)") in rows
        assert row(text, "warm_build_s", "2.8") in rows  # measured on the intro's date
        assert row(text, "one_edit_build_s", "—") in rows  # not in the file at all
