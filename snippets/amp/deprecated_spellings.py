# record: cuda
"""The torch.cuda.amp / torch.cpu.amp spellings still run but warn; torch.amp and torch.autocast do not."""

import warnings

import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

spellings = {
    "torch.cuda.amp.autocast()": lambda: torch.cuda.amp.autocast(),
    "torch.cuda.amp.GradScaler()": lambda: torch.cuda.amp.GradScaler(),
    "torch.cpu.amp.autocast()": lambda: torch.cpu.amp.autocast(),
    "torch.cuda.amp.custom_fwd(f)": lambda: torch.cuda.amp.custom_fwd(lambda t: t),
    "torch.amp.GradScaler()": lambda: torch.amp.GradScaler(),  # no device given: it means "cuda"
    f'torch.autocast("{device.type}")': lambda: torch.autocast(device.type),
    f'torch.amp.GradScaler("{device.type}")': lambda: torch.amp.GradScaler(device.type),
}
caught = {}
for spelling, make in spellings.items():
    # Record the warnings instead of letting them pass by, so they can be read (and tested) here.
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        make()
    caught[spelling] = [(w.category.__name__, str(w.message)) for w in records]
    print(spelling)
    for category, message in caught[spelling] or [("no warning", "")]:
        print(f"    {category}: {message}" if message else f"    {category}")
