"""snippets/capstone/look_at_data.py: what load_digits holds; the figure shows the first two of each digit."""

import base64

import torch


def test_the_data_set_as_the_page_describes_it(run_snippet):
    s = run_snippet("capstone/look_at_data")
    assert s.stdout.startswith("Optical recognition of handwritten digits dataset\n")
    assert "images: (1797, 8, 8) torch.float64 | labels: (1797,) torch.int64\n" in s.stdout
    assert "pixel values: 0.0 to 16.0\n" in s.stdout
    assert torch.equal(s.images, s.images.round())  # whole counts of inked dots, 0 to 16
    assert "images per digit: [178, 182, 177, 183, 181, 182, 181, 179, 174, 180]\n" in s.stdout
    assert sum(torch.bincount(s.labels).tolist()) == 1797
    assert "image 0 shows a 0:\n 0  0  5 13  9  1  0  0\n" in s.stdout
    assert " 0  0  6 13 10  0  0  0\n" in s.stdout


def test_the_figure_shows_the_first_two_images_of_each_digit(run_snippet, build_record, tmp_path):
    s = run_snippet("capstone/look_at_data")
    axes = s.fig.axes
    assert len(axes) == 20
    for digit in range(10):
        firsts = (s.labels == digit).nonzero().flatten()[:2].tolist()
        for row in range(2):
            ax = s.axes[row, digit]
            assert ax.get_title() == str(digit)
            assert torch.equal(torch.as_tensor(ax.images[0].get_array()), s.images[firsts[row]])
    s.fig.savefig(tmp_path / "again.png", dpi=100, metadata={"Software": None})
    built = base64.b64decode(build_record("capstone/look_at_data").figures["digits.png"])
    assert (tmp_path / "again.png").read_bytes() == built
