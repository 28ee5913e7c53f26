# record: cuda
"""torch.device("cuda") means "the current CUDA device"; "cuda:1" names one; making either needs no GPU."""

import torch

current = torch.device("cuda")
second = torch.device("cuda:1")
print("torch.device('cuda'):  ", repr(current), "| index:", current.index)
print("torch.device('cuda:1'):", repr(second), "| index:", second.index)
print("torch.device('cuda', 1) == torch.device('cuda:1'):", torch.device("cuda", 1) == second)
print("torch.device('cpu').index:", torch.device("cpu").index)

# No index is not the same as index 0: compare .type when you mean "some GPU".
print("device('cuda') == device('cuda:0'):", current == torch.device("cuda:0"))
print("device('cuda').type == device('cuda:0').type:", current.type == torch.device("cuda:0").type)

# A typo in the device string fails at once, long before any GPU is involved.
try:
    torch.device("gpu:0")
except RuntimeError as err:
    print("RuntimeError:", err)

# torch.accelerator names the accelerator this build of torch targets; check_available=True asks the machine.
print("torch.accelerator.current_accelerator():", torch.accelerator.current_accelerator())
found = torch.accelerator.current_accelerator(check_available=True)
print("... with check_available=True:", found)
device = found or torch.device("cpu")
print("device:", device)
# Which GPU generations this torch wheel carries compiled code for (sm_XY = compute capability X.Y).
print("GPU code in this build:", torch.cuda.get_arch_list())

if torch.cuda.is_available():
    # A tensor's device always carries the index, so comparing it with device("cuda") is False.
    t = torch.zeros(1, device="cuda")
    print("tensor made on 'cuda' lives on:", t.device, "| t.device == device('cuda'):", t.device == current)
    print("current device index:", torch.cuda.current_device(), "| visible GPUs:", torch.cuda.device_count())
else:
    print("no CUDA device: tensors stay on the CPU, and 'cuda' devices are only names")
