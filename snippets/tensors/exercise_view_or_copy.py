"""Exercise: predict which results share memory with `a`, then check through the storage's address."""

import torch

a = torch.arange(12.0).reshape(3, 4)


def shares_memory(t):
    """True when t reads a's storage (a view, or a itself), False for a copy."""
    return t.untyped_storage().data_ptr() == a.untyped_storage().data_ptr()


results = {
    "a[1]": a[1],
    "a[:, ::2]": a[:, ::2],
    "a[a > 5]": a[a > 5],
    "a[[0, 2]]": a[[0, 2]],
    "a.t()": a.t(),
    "a.view(4, 3)": a.view(4, 3),
    "a.t().reshape(12)": a.t().reshape(12),
    "a.unsqueeze(0)": a.unsqueeze(0),
    "a.float()": a.float(),
    "a.double()": a.double(),
    "a.clone()": a.clone(),
    "torch.from_numpy(a.numpy())": torch.from_numpy(a.numpy()),
    "torch.tensor(a.numpy())": torch.tensor(a.numpy()),
}
shared = {label: shares_memory(t) for label, t in results.items()}
for label, is_view in shared.items():
    print(f"{label:>28}: {'shares memory' if is_view else 'copy'}")

# a.float() on a float32 tensor is not even a new tensor: .to() returns self when nothing changes.
print("a.float() is a:", results["a.float()"] is a)
# A write through a strided view lands in a: every other column of a becomes -1.
results["a[:, ::2]"].fill_(-1)
print("a after a[:, ::2].fill_(-1):", a.tolist())
