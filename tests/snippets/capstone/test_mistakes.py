"""snippets/capstone/mistakes.py: the confusion matrix and the mistakes of the model train.py keeps, drawn
from the run's own predictions."""

import base64

import pytest
import torch

# The exact numbers are the CPU run's (the build's, and this test's): a GPU's kernels round differently.
cpu_numbers = pytest.mark.skipif(torch.cuda.is_available(), reason="exact values of the CPU run")


@cpu_numbers
def test_it_looks_at_the_very_model_train_py_saves(run_snippet, tmp_path, monkeypatch):
    m = run_snippet("capstone/mistakes")
    train = run_snippet("capstone/train")
    assert "test accuracy 98.61%\n" in m.stdout
    assert "best test accuracy 98.61% at epoch 18" in train.stdout
    monkeypatch.chdir(tmp_path)
    train.main()  # writes best.pt here
    saved = torch.load(tmp_path / "best.pt")
    kept = m.model.state_dict()
    assert saved.keys() == kept.keys()
    assert all(torch.equal(saved[name], kept[name]) for name in saved)  # bit for bit


def test_the_confusion_matrix_counts_every_test_image_once(run_snippet):
    m = run_snippet("capstone/mistakes")
    assert m.confusion.sum().item() == len(m.labels) == 360
    assert m.confusion.sum(dim=1).tolist() == torch.bincount(m.labels, minlength=10).tolist()  # rows: truth
    assert m.confusion.sum(dim=0).tolist() == torch.bincount(m.predicted, minlength=10).tolist()  # columns
    assert m.confusion.trace().item() == (m.predicted == m.labels).sum().item() == 360 - len(m.wrong)
    assert "true \\ predicted    0   1   2   3   4   5   6   7   8   9\n" in m.stdout
    assert f"mistakes: {len(m.wrong)}\n" in m.stdout


@cpu_numbers
def test_the_numbers_the_page_discusses(run_snippet):
    m = run_snippet("capstone/mistakes")
    assert m.confusion[3].tolist() == [0, 0, 1, 34, 0, 0, 0, 1, 0, 0]
    assert "               3    0   0   1  34   0   0   0   1   0   0\n" in m.stdout
    assert "               7    0   0   0   0   1   0   0  41   0   0\n" in m.stdout
    assert m.wrong == [110, 131, 202, 272, 338]
    assert "  test image 110: true 8, predicted 5 with probability 0.75\n" in m.stdout
    assert "  test image 202: true 7, predicted 4 with probability 0.62\n" in m.stdout
    assert "  test image 272: true 5, predicted 9 with probability 0.99\n" in m.stdout  # wrong and sure of it
    assert "  test image 338: true 3, predicted 2 with probability 0.45\n" in m.stdout
    assert torch.allclose(m.probabilities.sum(dim=1), torch.ones(360))


def test_the_figures_are_drawn_from_this_runs_predictions(run_snippet, build_record, tmp_path):
    m = run_snippet("capstone/mistakes")
    built = build_record("capstone/mistakes").figures
    (matrix,) = m.confusion_fig.axes[0].images
    assert torch.equal(torch.as_tensor(matrix.get_array()), m.confusion)
    shown = sorted(text.get_text() for text in m.confusion_fig.axes[0].texts)
    assert shown == sorted(str(n) for n in m.confusion.flatten().tolist() if n > 0)  # non-zero cells only
    titles = [ax.get_title() for ax in m.mistakes_fig.axes]
    assert titles == [f"true {m.labels[i]}\npredicted {m.predicted[i]}" for i in m.wrong]
    for ax, i in zip(m.mistakes_fig.axes, m.wrong, strict=True):
        assert torch.equal(torch.as_tensor(ax.images[0].get_array()), m.images[i, 0])
    for name, fig in (("confusion.png", m.confusion_fig), ("mistakes.png", m.mistakes_fig)):
        fig.savefig(tmp_path / name, dpi=100, metadata={"Software": None})
        assert (tmp_path / name).read_bytes() == base64.b64decode(built[name]), name
