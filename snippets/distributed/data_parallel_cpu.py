"""nn.DataParallel: one process, one replica per GPU per forward; with no GPU it just calls the module."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
if torch.cuda.is_available():
    model = model.cuda()  # DataParallel wants the module on the first GPU (device_ids[0])
dp = nn.DataParallel(model)  # device_ids defaults to every visible GPU

print("visible GPUs:", torch.cuda.device_count())
print("device_ids:", dp.device_ids)
print("wraps the same module:", dp.module is model)

# Each forward scatters the batch over device_ids, copies the module to each GPU, runs the copies in
# threads and gathers the outputs on device_ids[0]. With no GPU (or one) there is nothing to split.
x = torch.randn(6, 4, device=next(model.parameters()).device)
print("same output as the bare module:", torch.equal(dp(x), model(x)))

# The wrapper shows up in every parameter name, which is why checkpoints saved from it need care.
print("state_dict keys:", list(dp.state_dict())[:2])
print("unwrapped keys: ", list(dp.module.state_dict())[:2])
