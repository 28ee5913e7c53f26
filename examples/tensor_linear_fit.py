# %% [markdown] lang="zh"
# # 只用张量拟合一条直线
#
# 这个完整的小程序只用到张量运算：生成带噪声的数据 `y = 2x + 1 + 噪声`，先用最小二乘一步求出解析解，再用手写的梯度下降（不用 autograd）逼近同一个答案。
#
# 命令行运行：`python examples/tensor_linear_fit.py --epochs 200 --lr 0.02`。

# %% [markdown] lang="en"
# # Fitting a line with tensors only
#
# This small, complete program uses nothing but tensor operations: it generates noisy data
# `y = 2x + 1 + noise`, solves least squares in closed form, then reaches the same answer with
# hand-written gradient descent (no autograd). From the command line:
# `python examples/tensor_linear_fit.py --epochs 200 --lr 0.02`.

# %%
import argparse

import torch

parser = argparse.ArgumentParser(description="Fit y = w*x + b with plain tensor operations.")
parser.add_argument("--samples", type=int, default=256)
parser.add_argument("--epochs", type=int, default=200)
parser.add_argument("--lr", type=float, default=0.02)
parser.add_argument("--seed", type=int, default=0)
# parse_known_args: inside Jupyter the kernel adds its own arguments, which we ignore.
args, _ = parser.parse_known_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
generator = torch.Generator().manual_seed(args.seed)
print(f"device={device}, torch={torch.__version__}")

# %% [markdown] lang="zh"
# ## 生成数据
#
# 用独立的 `torch.Generator` 生成数据，结果与全局随机状态无关，每次运行都一样。

# %% [markdown] lang="en"
# ## Make the data
#
# A dedicated `torch.Generator` makes the data independent of the global random state, so every run
# sees the same numbers.

# %%
x = torch.rand(args.samples, 1, generator=generator) * 4 - 2
noise = 0.1 * torch.randn(args.samples, 1, generator=generator)
y = 2 * x + 1 + noise
x, y = x.to(device), y.to(device)
print(x.shape, y.shape, x.dtype)

# %% [markdown] lang="zh"
# ## 最小二乘解析解
#
# 给 `x` 拼上一列 1，`torch.linalg.lstsq` 一次解出斜率和截距。

# %% [markdown] lang="en"
# ## Closed-form least squares
#
# Append a column of ones to `x` and `torch.linalg.lstsq` returns slope and intercept in one call.

# %%
design = torch.cat([x, torch.ones_like(x)], dim=1)
solution = torch.linalg.lstsq(design.cpu(), y.cpu()).solution
w_exact, b_exact = solution.squeeze(1).tolist()
print(f"lstsq: w={w_exact:.4f}, b={b_exact:.4f}")

# %% [markdown] lang="zh"
# ## 手写梯度下降
#
# 均方误差对 `w`、`b` 的梯度可以直接写出来，用原地运算 `sub_` 更新参数。

# %% [markdown] lang="en"
# ## Gradient descent by hand
#
# The mean-squared-error gradients with respect to `w` and `b` are written out directly, and the
# parameters are updated in place with `sub_`.

# %%
w = torch.zeros(1, device=device)
b = torch.zeros(1, device=device)
for epoch in range(1, args.epochs + 1):
    error = w * x + b - y
    grad_w = 2 * (error * x).mean()
    grad_b = 2 * error.mean()
    w.sub_(args.lr * grad_w)
    b.sub_(args.lr * grad_b)
    if epoch % max(1, args.epochs // 4) == 0:
        print(f"epoch {epoch:4d}: loss={error.pow(2).mean().item():.5f} w={w.item():.4f} b={b.item():.4f}")

print(f"gap to lstsq: w {abs(w.item() - w_exact):.2e}, b {abs(b.item() - b_exact):.2e}")
