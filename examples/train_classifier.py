# %% [markdown] lang="zh"
# # 训练一个小分类器
#
# 一个完整的训练程序：命令行参数、固定随机种子、选择设备、用 `DataLoader` 分批读数据、训练一个小 MLP，每一轮结束后在测试集上评估。数据是两条交错的螺旋线，每个点属于其中一条，模型要学会区分它们。
#
# 命令行运行：`python examples/train_classifier.py --epochs 20 --batch-size 32 --lr 0.01`，加 `--help` 看全部参数。逐段讲解见“一个完整的训练脚本”一页。

# %% [markdown] lang="en"
# # Training a small classifier
#
# A complete training program: command-line arguments, fixed seeds, a device choice, batches from a
# `DataLoader`, a small MLP, and an evaluation on the test set after every epoch. The data are two
# interleaved spirals; the model learns which spiral each point belongs to.
#
# From the command line: `python examples/train_classifier.py --epochs 20 --batch-size 32 --lr 0.01`;
# `--help` lists every option. The page "A complete training script" walks through it section by section.

# %%
# --8<-- [start:imports]
import argparse
import math
import os
import random
import sys

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

# --8<-- [end:imports]

# %% [markdown] lang="zh"
# ## 命令行参数
#
# `store_true` 的开关默认是 `False`，给出时变成 `True`；`store_false` 正好相反。在 notebook 里不读命令行，直接用默认值。

# %% [markdown] lang="en"
# ## Command-line arguments
#
# A `store_true` switch defaults to `False` and becomes `True` when given; `store_false` is the reverse.
# In a notebook the command line is not read and the defaults apply.

# %%
# --8<-- [start:args]
parser = argparse.ArgumentParser(
    description="Train a small MLP to tell two interleaved spirals apart.",
    formatter_class=argparse.ArgumentDefaultsHelpFormatter,  # --help shows every default
)
parser.add_argument("--epochs", type=int, default=20, help="passes over the training set")
parser.add_argument("--batch-size", type=int, default=32, help="points per step")  # args.batch_size
parser.add_argument("--lr", type=float, default=0.01, help="Adam learning rate")
parser.add_argument("--samples", type=int, default=1000, help="points in total, half per spiral")
parser.add_argument("--seed", type=int, default=0, help="seeds the data, the weights and the batch order")
parser.add_argument(
    "--device", choices=["auto", "cpu", "cuda"], default="auto", help="auto: cuda if available"
)
parser.add_argument(
    "--no-shuffle",
    action="store_false",
    dest="shuffle",
    help="sets args.shuffle to False: one batch order for every epoch",
)
parser.add_argument("--deterministic", action="store_true", help="only deterministic algorithms")

# Read the command line only when this file runs as a program. A notebook kernel's sys.argv holds
# the kernel's own arguments (-f <connection file>), and code run by exec() is not __main__: defaults.
as_script = __name__ == "__main__" and "ipykernel" not in sys.modules
args = parser.parse_args(None if as_script else [])
print(args)
# --8<-- [end:args]

# %% [markdown] lang="zh"
# ## 随机种子与设备
#
# 三个随机数源都要固定：Python 的 `random`、NumPy 和 PyTorch（`torch.manual_seed` 同时管 CPU 和所有 GPU）。`--device auto` 有 GPU 就用 GPU。

# %% [markdown] lang="en"
# ## Seeds and device
#
# All three sources of randomness get the seed: Python's `random`, NumPy and PyTorch (`torch.manual_seed`
# covers the CPU and every GPU). `--device auto` takes the GPU when there is one.

# %%
# --8<-- [start:setup]
random.seed(args.seed)
np.random.seed(args.seed)
torch.manual_seed(args.seed)

if args.deterministic:
    # Fixes the cuBLAS workspace (8 buffers of 4096 KiB; read before cuBLAS's first call). Current torch no
    # longer raises without it, but it is still advised for reproducible matmuls, and older torch requires it.
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    torch.use_deterministic_algorithms(True)  # deterministic kernels, or an error where there is none

if args.device == "auto":
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
elif args.device == "cuda" and not torch.cuda.is_available():
    parser.error("--device cuda was asked for, but torch.cuda.is_available() is False")
else:
    device = torch.device(args.device)
print(f"device: {device.type}")
# --8<-- [end:setup]

# %% [markdown] lang="zh"
# ## 数据
#
# 用独立的 `torch.Generator` 生成数据，数据只取决于 `--seed`。打乱一次后按 8:2 分成训练集和测试集；训练集的 `DataLoader` 也有自己的生成器，所以每一轮的打乱顺序同样可以复现。

# %% [markdown] lang="en"
# ## Data
#
# A dedicated `torch.Generator` makes the data depend on `--seed` alone. One shuffle splits it 80/20 into
# training and test sets; the training `DataLoader` gets its own generator, so the order of every epoch's
# batches repeats as well.

# %%
# --8<-- [start:data]
data_gen = torch.Generator().manual_seed(args.seed)
per_class = args.samples // 2
radius = torch.rand(per_class, generator=data_gen) * 0.9 + 0.1
angle = radius * 3 * math.pi  # one and a half turns
points, labels = [], []
for label in (0, 1):
    turn = angle + label * math.pi  # the second spiral is the first one rotated by half a turn
    xy = torch.stack([radius * torch.cos(turn), radius * torch.sin(turn)], dim=1)
    points.append(xy + 0.06 * torch.randn(per_class, 2, generator=data_gen))
    labels.append(torch.full((per_class,), label))
features, targets = torch.cat(points), torch.cat(labels)

order = torch.randperm(len(targets), generator=data_gen)
n_train = int(0.8 * len(targets))
train_set = TensorDataset(features[order[:n_train]], targets[order[:n_train]])
test_set = TensorDataset(features[order[n_train:]], targets[order[n_train:]])
train_loader = DataLoader(
    train_set,
    batch_size=args.batch_size,
    shuffle=args.shuffle,
    generator=torch.Generator().manual_seed(args.seed),
)
test_loader = DataLoader(test_set, batch_size=256)
print(f"train: {len(train_set)} points, test: {len(test_set)} points, {len(train_loader)} batches per epoch")
# --8<-- [end:data]

# %% [markdown] lang="zh"
# ## 模型、损失函数和优化器
#
# 两个隐藏层的 MLP，输出两个类别的 logits；`CrossEntropyLoss` 直接接收 logits 和整数标签。

# %% [markdown] lang="en"
# ## Model, loss and optimizer
#
# An MLP with two hidden layers that outputs one logit per class; `CrossEntropyLoss` takes the logits
# and the integer labels directly.

# %%
# --8<-- [start:model]
model = nn.Sequential(
    nn.Linear(2, 64),
    nn.ReLU(),
    nn.Linear(64, 64),
    nn.ReLU(),
    nn.Linear(64, 2),
).to(device)
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
print(f"parameters: {sum(p.numel() for p in model.parameters())}")
# --8<-- [end:model]

# %% [markdown] lang="zh"
# ## 评估
#
# `model.eval()` 切换 Dropout、BatchNorm 这类层的行为，`torch.no_grad()` 让 autograd 不记录计算图，两者各管一件事。

# %% [markdown] lang="en"
# ## Evaluation
#
# `model.eval()` switches layers such as Dropout and BatchNorm to inference behaviour; `torch.no_grad()`
# stops autograd from recording a graph. Each does one job.


# %%
# --8<-- [start:evaluate]
def evaluate(loader: DataLoader) -> float:
    """Fraction of the loader's points the model classifies correctly."""
    model.eval()
    correct = 0
    with torch.no_grad():
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            correct += (model(x).argmax(dim=1) == y).sum().item()
    return correct / len(loader.dataset)
    # --8<-- [end:evaluate]


# %% [markdown] lang="zh"
# ## 训练
#
# 每一轮先 `model.train()`，再逐批做前向、求损失、清梯度、反向、更新参数；最后在测试集上评估。

# %% [markdown] lang="en"
# ## Training
#
# Each epoch starts with `model.train()`, then for every batch: forward, loss, zero the gradients,
# backward, step; the epoch ends with an evaluation on the test set.

# %%
# --8<-- [start:train]
for epoch in range(1, args.epochs + 1):
    model.train()
    total_loss = 0.0
    for x, y in train_loader:
        x, y = x.to(device), y.to(device)
        loss = loss_fn(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total_loss += loss.item() * len(y)
    train_loss = total_loss / len(train_set)
    print(f"epoch {epoch:3d}: train loss {train_loss:.4f}, test accuracy {evaluate(test_loader):.1%}")

test_accuracy = evaluate(test_loader)
print(f"final test accuracy: {test_accuracy:.1%}")
# --8<-- [end:train]
