import base64
import io

import pytest
from PIL import Image


def test_step_lr(run_snippet):
    s = run_snippet("optim/lr_scheduler")
    assert s.step_lrs == pytest.approx([0.1, 0.1, 0.1, 0.01, 0.01, 0.01, 0.001, 0.001])
    assert (
        "StepLR(step_size=3, gamma=0.1)   0.1000 0.1000 0.1000 0.0100 0.0100 0.0100 0.0010 0.0010" in s.stdout
    )


def test_cosine(run_snippet):
    s = run_snippet("optim/lr_scheduler")
    assert s.cosine_lrs[0] == 0.1 and s.cosine_lrs[4] == pytest.approx(0.05)
    assert all(b < a for a, b in zip(s.cosine_lrs, s.cosine_lrs[1:], strict=False))
    assert (
        "CosineAnnealingLR(T_max=8)       0.1000 0.0962 0.0854 0.0691 0.0500 0.0309 0.0146 0.0038" in s.stdout
    )


def test_wrong_order_warns_and_skips_the_first_value(run_snippet):
    s = run_snippet("optim/lr_scheduler")
    assert s.wrong_lrs == pytest.approx([0.1, 0.1, 0.01, 0.01, 0.01, 0.001, 0.001, 0.001])
    assert len(s.caught) == 1 and s.caught[0].category is UserWarning
    message = (
        "UserWarning: Detected call of `lr_scheduler.step()` before `optimizer.step()`. "
        "In PyTorch 1.1.0 and later, you should call them in the opposite order: "
        "`optimizer.step()` before `lr_scheduler.step()`.  "
        "Failure to do this will result in PyTorch skipping the first value of the learning rate schedule.\n"
    )
    assert message in s.stdout
    assert "See more details" not in s.stdout


def test_the_figure_plots_the_lrs_each_epoch_used(run_snippet, build_record, tmp_path):
    s = run_snippet("optim/lr_scheduler")
    lines = s.ax.lines
    assert [list(line.get_ydata()) for line in lines] == [s.step_lrs, s.cosine_lrs, s.wrong_lrs]
    assert all(list(line.get_xdata()) == list(range(8)) for line in lines)
    assert [t.get_text() for t in s.ax.get_legend().get_texts()] == [
        "StepLR",
        "CosineAnnealingLR",
        "StepLR, wrong order",
    ]
    png = base64.b64decode(build_record("optim/lr_scheduler").figures["lr_schedule.png"])
    assert Image.open(io.BytesIO(png)).size == (640, 320)
    s.ax.figure.savefig(tmp_path / "again.png", dpi=100, metadata={"Software": None})
    assert (tmp_path / "again.png").read_bytes() == png  # same data, same bytes
