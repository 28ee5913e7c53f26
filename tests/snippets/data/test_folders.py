import torch
from torchvision import datasets


def test_fake_data_is_seeded_by_index(run_snippet):
    s = run_snippet("data/folders")
    assert "labels: [0, 1, 0, 0, 0, 1]" in s.stdout
    assert "FakeData[0]: Image (8, 8) RGB | label: 0" in s.stdout
    assert "first pixel of images 0 and 1: (225, 111, 31) (123, 250, 181)" in s.stdout
    torch.manual_seed(123)  # the global seed does not matter: each image has its own
    again = datasets.FakeData(size=6, image_size=(3, 8, 8), num_classes=2, random_offset=0)
    assert torch.equal(s.to_tensor(again[4][0]), s.to_tensor(s.fake[4][0]))
    shifted = datasets.FakeData(size=6, image_size=(3, 8, 8), num_classes=2, random_offset=1)
    assert torch.equal(s.to_tensor(shifted[0][0]), s.to_tensor(s.fake[1][0]))


def test_image_folder_reads_class_folders(run_snippet):
    s = run_snippet("data/folders")
    assert s.files == ["cat/0.png", "cat/2.png", "cat/3.png", "cat/4.png", "dog/1.png", "dog/5.png"]
    assert s.folder_data.classes == ["cat", "dog"]
    assert s.folder_data.class_to_idx == {"cat": 0, "dog": 1}
    assert s.folder_data.targets == [0, 0, 0, 0, 1, 1]
    assert s.images.shape == (4, 3, 8, 8) and s.images.dtype == torch.float32
    assert s.targets.tolist() == [0, 0, 0, 0]
    assert "sample 1 is cat/2.png | equal to FakeData[2]: True" in s.stdout
    assert "/tmp" not in s.stdout  # no temporary paths in the output
