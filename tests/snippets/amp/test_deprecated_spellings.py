"""snippets/amp/deprecated_spellings.py: the old spellings' warnings, caught and shown, word for word."""

import torch

FUTURE = {
    "torch.cuda.amp.autocast()": (
        "`torch.cuda.amp.autocast(args...)` is deprecated. "
        "Please use `torch.amp.autocast('cuda', args...)` instead."
    ),
    "torch.cuda.amp.GradScaler()": (
        "`torch.cuda.amp.GradScaler(args...)` is deprecated. "
        "Please use `torch.amp.GradScaler('cuda', args...)` instead."
    ),
    "torch.cpu.amp.autocast()": (
        "`torch.cpu.amp.autocast(args...)` is deprecated. "
        "Please use `torch.amp.autocast('cpu', args...)` instead."
    ),
    "torch.cuda.amp.custom_fwd(f)": (
        "`torch.cuda.amp.custom_fwd(args...)` is deprecated. "
        "Please use `torch.amp.custom_fwd(args..., device_type='cuda')` instead."
    ),
}
NO_CUDA_SCALER = (
    "UserWarning",
    "torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.",
)
NO_CUDA_AUTOCAST = ("UserWarning", "CUDA is not available or torch_xla is imported. Disabling autocast.")


def test_every_old_spelling_raises_a_future_warning(run_snippet):
    s = run_snippet("amp/deprecated_spellings")
    for spelling, message in FUTURE.items():
        assert s.caught[spelling][0] == ("FutureWarning", message), spelling
        assert f"    FutureWarning: {message}" in s.stdout


def test_current_spellings_are_silent(run_snippet):
    s = run_snippet("amp/deprecated_spellings")
    device = s.device.type
    assert s.caught[f'torch.autocast("{device}")'] == []
    assert s.caught[f'torch.amp.GradScaler("{device}")'] == []
    assert f'torch.amp.GradScaler("{device}")\n    no warning' in s.stdout


def test_cuda_defaults_on_a_machine_without_cuda(run_snippet):
    s = run_snippet("amp/deprecated_spellings")
    cuda = torch.cuda.is_available()
    # torch.amp.GradScaler() means "cuda": without a GPU it disables itself (and says so).
    assert s.caught["torch.amp.GradScaler()"] == ([] if cuda else [NO_CUDA_SCALER])
    assert (NO_CUDA_SCALER in s.caught["torch.cuda.amp.GradScaler()"]) is not cuda
    assert (NO_CUDA_AUTOCAST in s.caught["torch.cuda.amp.autocast()"]) is not cuda
