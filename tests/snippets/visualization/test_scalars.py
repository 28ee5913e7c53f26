"""snippets/visualization/scalars.py: loss curves read back from the event files, and the page's figure."""

import base64
import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[3]


def test_add_scalar_points_read_back_exactly(run_snippet):
    s = run_snippet("visualization/scalars")
    assert s.acc.Tags()["scalars"] == ["loss/train"]
    assert [step for step, _ in s.train] == list(range(30))
    assert s.train[0][1] == pytest.approx(2.8575, abs=1e-4)
    assert s.train[-1][1] == pytest.approx(0.077, abs=1e-3)
    assert "loss/train: 30 points, steps 0 to 29\n" in s.stdout


def test_add_scalars_writes_one_run_folder_per_curve(run_snippet):
    s = run_snippet("visualization/scalars")
    assert "run folders: ['runs/linear', 'runs/linear/loss/train', 'runs/linear/loss/val']\n" in s.stdout
    assert s.val_run.Tags()["scalars"] == ["loss"]
    assert [step for step, _ in s.val] == list(range(30))
    assert s.val[-1][1] == pytest.approx(0.1498, abs=1e-3)
    assert s.val[-1][1] > s.train[-1][1]  # the held-out half fits worse


def test_the_page_figure_is_drawn_in_the_file_itself_the_same_bytes_each_run(build_record, tmp_path):
    """The build keeps the PNG the run wrote (`# figure: loss_curve.png`). A reader who copies the file into
    an empty folder and runs it gets the same picture, byte for byte: matplotlib in the file, no helper."""
    record = build_record("visualization/scalars")
    png = base64.b64decode(record.figures["loss_curve.png"])
    assert Image.open(io.BytesIO(png)).size == (640, 360)
    copied = tmp_path / "scalars.py"
    copied.write_text(
        (ROOT / "snippets/visualization/scalars.py").read_text(encoding="utf-8"), encoding="utf-8"
    )
    subprocess.run([sys.executable, "scalars.py"], cwd=tmp_path, check=True, capture_output=True, timeout=300)
    assert (tmp_path / "loss_curve.png").read_bytes() == png
