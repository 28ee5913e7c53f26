"""snippets/capstone/train.py, the capstone program: its printed lines, the target accuracy the page states,
the split, the model, the saved weights, the curves it drew, and the helper that copies its functions."""

import base64
import re

import pytest
import torch
from sklearn.datasets import load_digits

TARGET = 0.97  # the page: "at least 97 % test accuracy"

# The exact numbers are the CPU run's (the build's, and this test's): a GPU's kernels round differently.
cpu_numbers = pytest.mark.skipif(torch.cuda.is_available(), reason="exact values of the CPU run")


def epoch_lines(stdout):
    return [line for line in stdout.splitlines() if line.startswith("epoch")]


def column(stdout, label):
    """The numbers printed after `label` on every epoch line."""
    return [float(re.search(rf"{label} ([\d.]+)", line)[1]) for line in epoch_lines(stdout)]


def same_rows(a, b):
    """a and b hold the same images, each as often, in any order."""
    a_rows, a_counts = torch.unique(a.flatten(1), dim=0, return_counts=True)
    b_rows, b_counts = torch.unique(b.flatten(1), dim=0, return_counts=True)
    return torch.equal(a_rows, b_rows) and torch.equal(a_counts, b_counts)


def test_reaches_the_target_accuracy(run_snippet):
    s = run_snippet("capstone/train")
    assert len(epoch_lines(s.stdout)) == s.EPOCHS == 20
    best = float(re.search(r"^best test accuracy ([\d.]+)%", s.stdout, re.M)[1]) / 100
    assert best >= TARGET
    assert best == max(column(s.stdout, "test accuracy")) / 100
    assert column(s.stdout, "test accuracy")[0] / 100 < TARGET  # one epoch is not enough


@cpu_numbers
def test_prints_each_epoch_and_the_best_one(run_snippet):
    s = run_snippet("capstone/train")
    lines = epoch_lines(s.stdout)
    assert lines[0] == "epoch  1  train loss 2.1750  test loss 1.9180  test accuracy 78.33%"
    assert lines[10] == "epoch 11  train loss 0.0612  test loss 0.1257  test accuracy 94.72%"
    assert lines[17] == "epoch 18  train loss 0.0198  test loss 0.0614  test accuracy 98.61%"
    assert lines[-1] == "epoch 20  train loss 0.0164  test loss 0.0653  test accuracy 98.06%"
    assert "best test accuracy 98.61% at epoch 18, weights saved in best.pt\n" in s.stdout
    assert "predicted:   [2, 4, 8, 4, 9, 6, 8, 7, 7, 2]\n" in s.stdout
    assert "true labels: [2, 4, 8, 4, 9, 6, 8, 7, 7, 2]\n" in s.stdout


@cpu_numbers
def test_what_the_page_reads_from_the_curves(run_snippet):
    s = run_snippet("capstone/train")
    train_loss, test_loss = column(s.stdout, "train loss"), column(s.stdout, "test loss")
    assert abs(train_loss[0] - 2.3026) < 0.15  # the first epoch starts near ln 10, a uniform guess
    assert min(test_loss) == test_loss[17]  # test loss bottoms out at epoch 18 ...
    assert train_loss[19] < train_loss[17]  # ... while train loss still falls
    assert test_loss[19] > 3 * train_loss[19]  # the gap between them
    assert test_loss[10] > test_loss[9] and test_loss[11] < test_loss[9]  # the bump at epoch 11


def test_the_split_is_seeded_disjoint_and_scaled(run_snippet):
    s = run_snippet("capstone/train")
    train_loader, test_loader = s.load_data()
    train_x, train_y = train_loader.dataset.tensors
    test_x, test_y = test_loader.dataset.tensors
    assert (len(train_y), len(test_y)) == (1437, 360)
    assert train_x.shape == (1437, 1, 8, 8) and train_x.dtype == torch.float32
    assert train_x.min().item() == 0.0 and train_x.max().item() == 1.0
    every = torch.tensor(load_digits().images, dtype=torch.float32).unsqueeze(1) / 16
    assert same_rows(torch.cat([train_x, test_x]), every)  # each of the 1,797 images on exactly one side
    assert torch.bincount(test_y).tolist() == [28, 37, 30, 36, 39, 38, 34, 42, 38, 38]
    again_train, again_test = s.load_data()
    assert torch.equal(again_test.dataset.tensors[1], test_y)  # the same split every run
    first = [labels for _, labels in train_loader]
    again = [labels for _, labels in again_train]
    assert all(torch.equal(a, b) for a, b in zip(first, again, strict=True))  # and the same batch order
    assert len(first) == 23 and len(first[-1]) == 1437 - 22 * 64  # the last batch is smaller


def test_the_model_is_a_small_cnn(run_snippet):
    s = run_snippet("capstone/train")
    model = s.make_model()
    assert sum(p.numel() for p in model.parameters()) == 6090  # 160 + 4,640 + 1,290 (the page)
    assert model(torch.zeros(5, 1, 8, 8)).shape == (5, 10)


@cpu_numbers
def test_main_returns_what_it_printed_keeps_the_best_and_draws_it(
    run_snippet, build_record, tmp_path, monkeypatch
):
    s = run_snippet("capstone/train")
    monkeypatch.chdir(tmp_path)
    history = s.main()  # again, in a folder of our own: the run is deterministic on the CPU
    for epoch, line in enumerate(epoch_lines(s.stdout)):
        assert f"train loss {history['train loss'][epoch]:.4f}" in line
        assert f"test loss {history['test loss'][epoch]:.4f}" in line
        assert f"test accuracy {history['test accuracy'][epoch]:.2%}" in line
    best = max(history["test accuracy"])
    model = s.make_model()
    model.load_state_dict(torch.load(tmp_path / "best.pt"))
    _, test_loader = s.load_data()
    _, accuracy = s.evaluate(model, test_loader, torch.nn.CrossEntropyLoss(), torch.device("cpu"))
    assert accuracy == best > history["test accuracy"][-1]  # best.pt holds the best epoch, not the last

    fig = s.plot_curves(history)  # the figure is drawn from exactly these numbers
    loss_ax, accuracy_ax = fig.axes
    train_line, test_line = loss_ax.lines
    assert list(train_line.get_xdata()) == list(range(1, 21))
    assert list(train_line.get_ydata()) == history["train loss"]
    assert list(test_line.get_ydata()) == history["test loss"]
    assert list(accuracy_ax.lines[0].get_ydata()) == history["test accuracy"]
    assert [t.get_text() for t in loss_ax.get_legend().get_texts()] == ["train loss", "test loss"]
    fig.savefig(tmp_path / "again.png", dpi=100, metadata={"Software": None})
    png = base64.b64decode(build_record("capstone/train").figures["curves.png"])
    assert (tmp_path / "again.png").read_bytes() == png == (tmp_path / "curves.png").read_bytes()
