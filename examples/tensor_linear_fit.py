# %% [markdown] lang="zh"
# # 从零实现线性回归
#
# 只用张量和自动求导，从头实现一遍线性回归：先写出模型和损失的公式，手推梯度，用手写的梯度做梯度下降；再把同一个循环交给 autograd，确认它算出的梯度和手推的一样；最后用最小二乘的解析解核对结果，把数据、拟合出的直线和损失曲线画出来。用到的是“张量”“张量的内存”“自动求导”三章的内容，还没有用到 `nn` 模块和优化器。
#
# 这个 notebook 可以下载下来在 Jupyter 里运行，也可以直接 `python examples/tensor_linear_fit.py`。下面第一个代码格里的几个常量（样本数、噪声大小、步数、学习率、随机种子）都可以改了再跑。

# %% [markdown] lang="en"
# # Linear regression from scratch
#
# Linear regression built from tensors and autograd alone: write the model and the loss as formulas,
# derive the gradients by hand and run gradient descent with them; then hand the same loop to autograd
# and check that its gradient is the one derived by hand; finally check the result against the
# closed-form least-squares answer and plot the data, the fitted line and the loss curve. It uses what
# the chapters "Tensors", "Tensor memory" and "Autograd" teach, and neither the `nn` module nor an
# optimizer yet.
#
# Download the notebook and run it in Jupyter, or run `python examples/tensor_linear_fit.py`. The
# constants in the first code cell (number of points, noise, steps, learning rate, random seed) are
# there to be edited.

# %%
import io

import torch
from IPython.display import Image
from matplotlib.figure import Figure

SAMPLES = 100  # points on the line
NOISE = 0.3  # standard deviation of the noise added to y
STEPS = 100  # gradient-descent steps
LR = 0.1  # learning rate: how far each step goes against the gradient
SEED = 0

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print("device:", device)

# %% [markdown] lang="zh"
# ## 生成数据
#
# 数据来自直线 $y = 2x + 1$，再加上标准差为 0.3 的高斯噪声；$x$ 在 $[-2, 2]$ 上均匀分布。固定随机种子之后，每次运行得到的数据都一样。数据在 CPU 上生成，再移到 `device` 上，所以有没有 GPU，数据都相同。

# %% [markdown] lang="en"
# ## Make the data
#
# The data come from the line $y = 2x + 1$ plus Gaussian noise with standard deviation 0.3; $x$ is
# uniform on $[-2, 2]$. With the random seed fixed, every run gets the same data. They are made on the
# CPU and then moved to `device`, so they are the same with or without a GPU.

# %%
torch.manual_seed(SEED)
x = torch.rand(SAMPLES) * 4 - 2  # uniform on [-2, 2)
noise = NOISE * torch.randn(SAMPLES)
y = 2 * x + 1 + noise
x = x.to(device)
y = y.to(device)
print("x:", x.shape, "y:", y.shape)
print("first x:", x[:3].cpu())
print("first y:", y[:3].cpu())

# %% [markdown] lang="zh"
# ## 模型、损失和手推的梯度
#
# 模型是一条直线，对每个样本 $x_i$ 给出预测值：
#
# $$
# \hat y_i = w x_i + b
# $$
#
# 损失用均方误差（MSE），也就是 $n$ 个样本上预测误差平方的平均：
#
# $$
# L(w, b) = \frac{1}{n} \sum_{i=1}^{n} (\hat y_i - y_i)^2
# $$
#
# 按链式法则求偏导：平方项的导数是 $2(\hat y_i - y_i)$，再乘上 $\hat y_i$ 对参数的导数，对 $w$ 是 $x_i$，对 $b$ 是 1：
#
# $$
# \frac{\partial L}{\partial w} = \frac{2}{n} \sum_{i=1}^{n} (\hat y_i - y_i)\, x_i,
# \qquad
# \frac{\partial L}{\partial b} = \frac{2}{n} \sum_{i=1}^{n} (\hat y_i - y_i)
# $$
#
# 代码里的 $\frac{1}{n}\sum$ 就是 `.mean()`。`mse` 和 `hand_gradients` 把这几个公式逐条翻译成张量运算。

# %% [markdown] lang="en"
# ## The model, the loss and the gradients by hand
#
# The model is a line; for every point $x_i$ it predicts
#
# $$
# \hat y_i = w x_i + b
# $$
#
# The loss is the mean squared error (MSE), the average of the squared errors over the $n$ points:
#
# $$
# L(w, b) = \frac{1}{n} \sum_{i=1}^{n} (\hat y_i - y_i)^2
# $$
#
# The chain rule gives the partial derivatives: the square contributes $2(\hat y_i - y_i)$, times the
# derivative of $\hat y_i$ with respect to the parameter, which is $x_i$ for $w$ and 1 for $b$:
#
# $$
# \frac{\partial L}{\partial w} = \frac{2}{n} \sum_{i=1}^{n} (\hat y_i - y_i)\, x_i,
# \qquad
# \frac{\partial L}{\partial b} = \frac{2}{n} \sum_{i=1}^{n} (\hat y_i - y_i)
# $$
#
# In code, $\frac{1}{n}\sum$ is `.mean()`. `mse` and `hand_gradients` turn these formulas into tensor
# operations, one for one.


# %%
def mse(w, b):
    """The loss L(w, b): mean squared error of the line w * x + b on the data."""
    prediction = w * x + b
    return ((prediction - y) ** 2).mean()


def hand_gradients(w, b):
    """dL/dw and dL/db from the formulas derived by hand."""
    error = w * x + b - y  # y_hat - y, one value per point
    grad_w = 2 * (error * x).mean()
    grad_b = 2 * error.mean()
    return grad_w, grad_b


w0 = torch.zeros(1, device=device)
b0 = torch.zeros(1, device=device)
grad_w0, grad_b0 = hand_gradients(w0, b0)
loss0 = mse(w0, b0)
print(f"at w = 0, b = 0: loss = {loss0.item():.4f}")
print(f"hand gradient: dL/dw = {grad_w0.item():.4f}, dL/db = {grad_b0.item():.4f}")

# %% [markdown] lang="zh"
# 在 $w = b = 0$ 处两个梯度都是负的（`hand gradient` 那一行）：$w$、$b$ 往大里调，损失就会下降。

# %% [markdown] lang="en"
# At $w = b = 0$ both gradients are negative (the `hand gradient` line): increasing $w$ and $b$
# lowers the loss.

# %% [markdown] lang="zh"
# ## 用手推的梯度做梯度下降
#
# 梯度下降每一步沿负梯度方向走一小段，走多远由学习率 $\eta$（代码里的 `LR`）决定：
#
# $$
# w \leftarrow w - \eta \frac{\partial L}{\partial w},
# \qquad
# b \leftarrow b - \eta \frac{\partial L}{\partial b}
# $$
#
# `descend` 从 $w = b = 0$ 出发，每一步先记下当前的损失，再按上面的公式更新。这里的 `w`、`b` 是普通张量，没有设 `requires_grad`，整个过程和 autograd 无关。

# %% [markdown] lang="en"
# ## Gradient descent with the hand-written gradients
#
# Each step of gradient descent moves a little against the gradient; the learning rate $\eta$ (`LR` in
# the code) sets how far:
#
# $$
# w \leftarrow w - \eta \frac{\partial L}{\partial w},
# \qquad
# b \leftarrow b - \eta \frac{\partial L}{\partial b}
# $$
#
# `descend` starts from $w = b = 0$; every step records the current loss, then applies the update
# above. Here `w` and `b` are plain tensors without `requires_grad`: autograd plays no part.


# %%
def descend(lr, steps):
    """Gradient descent with the hand-written gradients: w, b and the loss before every step."""
    w = torch.zeros(1, device=device)
    b = torch.zeros(1, device=device)
    losses = []
    for _ in range(steps):
        losses.append(mse(w, b).item())
        grad_w, grad_b = hand_gradients(w, b)
        w = w - lr * grad_w
        b = b - lr * grad_b
    return w, b, losses


w_hand, b_hand, hand_losses = descend(LR, STEPS)
for step in (0, 1, 2, 10, 50, 99):
    print(f"step {step:3}: loss = {hand_losses[step]:.4f}")
print(f"by hand: w = {w_hand.item():.4f}, b = {b_hand.item():.4f}")

# %% [markdown] lang="zh"
# 损失在前十几步降得很快，之后停在 0.071 左右，不再下降。剩下的这部分来自噪声：噪声的方差是 $0.3^2 = 0.09$，但这只是期望值，这 100 个点上实际抽到的噪声要小一些。噪声不在任何一条直线上，$w$、$b$ 怎么调都消不掉它。

# %% [markdown] lang="en"
# The loss falls fast over the first dozen steps, then levels off near 0.071. What is left comes from
# the noise: its variance is $0.3^2 = 0.09$, but that is an expectation, and the noise drawn for these
# 100 points is a little smaller. The noise lies on no line, so no choice of $w$ and $b$ removes it.

# %% [markdown] lang="zh"
# ## 同一个循环交给 autograd
#
# 换成 autograd：`w`、`b` 创建时设 `requires_grad=True`，损失照常计算，`loss.backward()` 把梯度写进 `w.grad` 和 `b.grad`，梯度公式不用再手写。更新参数的两行放在 `torch.no_grad()` 里，因为更新不是模型的一部分，不该记进计算图；`-=` 是原地操作，更新之后 `w` 还是原来那个叶子张量。`backward()` 的梯度是累加到 `.grad` 上的，所以每步更新完要把 `.grad` 设成 `None`。第一步顺便把 autograd 的梯度和手推公式的结果并排打印出来。

# %% [markdown] lang="en"
# ## The same loop with autograd
#
# Now with autograd: `w` and `b` are created with `requires_grad=True`, the loss is computed as before,
# and `loss.backward()` writes the gradients into `w.grad` and `b.grad`, so no gradient formula is
# written by hand. The two update lines sit inside `torch.no_grad()`: the update is no part of the model
# and must stay out of the computational graph; `-=` is an in-place operation, so `w` is still the same
# leaf tensor afterwards. `backward()` adds its gradient to `.grad`, so after each update `.grad` is set
# back to `None`. At the first step the loop prints autograd's gradient next to the hand formula's.

# %%
w = torch.zeros(1, device=device, requires_grad=True)
b = torch.zeros(1, device=device, requires_grad=True)
losses = []
for step in range(STEPS):
    loss = mse(w, b)
    loss.backward()  # fills w.grad and b.grad
    if step == 0:
        print(f"step 0, autograd: dL/dw = {w.grad.item():.6f}, dL/db = {b.grad.item():.6f}")
        print(f"step 0, by hand:  dL/dw = {grad_w0.item():.6f}, dL/db = {grad_b0.item():.6f}")
        print("same gradient:", torch.allclose(w.grad, grad_w0) and torch.allclose(b.grad, grad_b0))
    with torch.no_grad():  # the update is not part of the model: keep it out of the graph
        w -= LR * w.grad
        b -= LR * b.grad
    w.grad = None  # backward adds to .grad: clear it before the next step
    b.grad = None
    losses.append(loss.item())

print(f"autograd: w = {w.item():.4f}, b = {b.item():.4f}")
gap = max(abs(w.item() - w_hand.item()), abs(b.item() - b_hand.item()))
print(f"largest difference from the hand-written run: {gap:.1e}")

# %% [markdown] lang="zh"
# `step 0, autograd` 和 `step 0, by hand` 两行的数字一样，`same gradient` 是 `True`：autograd 沿计算图用链式法则算出来的，正是上面手推的公式。两次运行最后的参数也一致，`largest difference from the hand-written run` 只是浮点舍入的量级。两个参数的模型，手推还不难；换成几百万个参数的网络，就只能靠 autograd 了。到了优化器一章，“在 `no_grad` 里更新、清掉 `.grad`”这几行会交给 `torch.optim`。

# %% [markdown] lang="en"
# The `step 0, autograd` and `step 0, by hand` lines hold the same numbers and `same gradient` is
# `True`: what autograd computes with the chain rule along the graph is exactly the formula derived
# above. Both runs also end with the same parameters; the `largest difference from the hand-written run`
# is the size of floating-point rounding. With two parameters, deriving by hand is easy; for a network
# with millions of them, autograd is the only way. The optimizer chapter hands the lines "update under
# `no_grad`, clear `.grad`" to `torch.optim`.

# %% [markdown] lang="zh"
# ## 解析解：最小二乘
#
# 线性回归有解析解，可以拿来核对梯度下降的结果。把每个样本写成一行 $[x_i, 1]$，拼成矩阵 $X$，问题就变成找 $\theta = (w, b)$，使 $\lVert X\theta - y \rVert^2$ 最小，这就是最小二乘问题。`torch.linalg.lstsq(A, B)` 解的正是它，返回值的 `.solution` 就是 $\theta$。`B` 要求是二维的，所以 `y` 先用 `unsqueeze(1)` 变成一列。

# %% [markdown] lang="en"
# ## The closed form: least squares
#
# Linear regression has a closed-form answer to check gradient descent against. Write each point as a
# row $[x_i, 1]$ and stack the rows into a matrix $X$; the task is then to find the $\theta = (w, b)$
# that makes $\lVert X\theta - y \rVert^2$ smallest: a least-squares problem. `torch.linalg.lstsq(A, B)`
# solves exactly that, and the `.solution` of its result is $\theta$. `B` must be two-dimensional, so
# `y` first becomes a column with `unsqueeze(1)`.

# %%
design = torch.stack([x, torch.ones_like(x)], dim=1)  # one row [x_i, 1] per point
solution = torch.linalg.lstsq(design, y.unsqueeze(1)).solution  # shape (2, 1): w and b
w_exact, b_exact = solution.squeeze(1).tolist()
print(f"closed form: w = {w_exact:.4f}, b = {b_exact:.4f}")
print(f"gap to lstsq: w {abs(w.item() - w_exact):.1e}, b {abs(b.item() - b_exact):.1e}")

# %% [markdown] lang="zh"
# `closed form` 这一行和 2、1 差一点，这是噪声造成的：100 个带噪声的点，最拟合它们的直线本来就不正好是 $y = 2x + 1$。梯度下降的结果和解析解只差 `gap to lstsq` 这一行那么多，是 float32 的舍入误差。

# %% [markdown] lang="en"
# The `closed form` line is a little off 2 and 1 because of the noise: the line that best fits 100 noisy
# points is not exactly $y = 2x + 1$. Gradient descent ends as far from it as the `gap to lstsq` line
# says, which is float32 rounding.

# %% [markdown] lang="zh"
# ## 画出来
#
# 用 matplotlib 的 `Figure` 画两幅图：左边是数据点和拟合出的直线，右边是 autograd 那次运行每一步的损失，纵轴取对数。这里不经过 `pyplot`，直接创建 `Figure` 对象，存成 PNG 再交给 IPython 的 `Image` 显示。作为脚本运行时最后一行什么也不显示，想看图可以改成 `fig.savefig("linear_fit.png")` 存成文件。

# %% [markdown] lang="en"
# ## Plot the fit
#
# Two plots with matplotlib's `Figure`: on the left the data and the fitted line, on the right the loss
# of the autograd run at every step, on a log scale. No `pyplot` here: the `Figure` is created directly,
# saved as PNG and shown by IPython's `Image`. Run as a script, the last line shows nothing; to see the
# plot there, save it with `fig.savefig("linear_fit.png")` instead.

# %%
fig = Figure(figsize=(8, 3), layout="constrained")
data_ax, loss_ax = fig.subplots(1, 2)
data_ax.scatter(x.cpu().numpy(), y.cpu().numpy(), s=10, label="data")
ends = torch.tensor([-2.0, 2.0])
fitted = w.item() * ends + b.item()
data_ax.plot(ends.numpy(), fitted.numpy(), color="C1", label=f"y = {w.item():.2f}x + {b.item():.2f}")
data_ax.set_xlabel("x")
data_ax.set_ylabel("y")
data_ax.legend()
loss_ax.plot(losses)
loss_ax.set_yscale("log")
loss_ax.set_xlabel("step")
loss_ax.set_ylabel("loss (MSE)")

buffer = io.BytesIO()
fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})  # no version: same bytes every run
print(f"figure: {SAMPLES} points, the fitted line, {len(losses)} losses")
Image(buffer.getvalue())

# %% [markdown] lang="zh"
# ## 小结
#
# - 线性回归的模型是 $\hat y = wx + b$，损失是均方误差。对 $w$、$b$ 求偏导得到两条梯度公式；梯度下降每一步把参数减去学习率乘梯度。
# - 交给 autograd 时：参数设 `requires_grad=True`，`loss.backward()` 求梯度，在 `torch.no_grad()` 里原地更新，再清掉 `.grad`。它算出的梯度和手推的公式一致（`same gradient: True`）。
# - 线性回归有解析解，`torch.linalg.lstsq` 一步求出；梯度下降收敛后和它只差舍入误差。
# - 损失最后停在噪声决定的水平上（这里约 0.071），这部分是任何直线都解释不了的。

# %% [markdown] lang="en"
# ## Summary
#
# - Linear regression fits $\hat y = wx + b$ under the mean squared error. Its partial derivatives with
#   respect to $w$ and $b$ give two gradient formulas; each step of gradient descent subtracts the
#   learning rate times the gradient from the parameters.
# - With autograd: create the parameters with `requires_grad=True`, get the gradient from
#   `loss.backward()`, update in place under `torch.no_grad()`, then clear `.grad`. Its gradient equals
#   the hand-derived formula (`same gradient: True`).
# - Linear regression has a closed form, which `torch.linalg.lstsq` computes in one call; gradient
#   descent, once converged, differs from it by rounding only.
# - The loss levels off at the level the noise sets (about 0.071 here): the part no line can explain.

# %% [markdown] lang="zh"
# ## 练习
#
# 1. 学习率：用 `descend` 分别以 0.01、0.1、0.8 的学习率各走 `STEPS` 步，比较最后的损失和 $w$、$b$。哪个太慢，哪个发散了？
#
# <details class="note">
# <summary>提示</summary>
#
# 在最优点附近看 $w$ 这个方向（$x$ 的均值接近 0，可以先不管 $b$）：每走一步，$w$ 和最优值的差大约乘上 $1 - 2\eta\,\overline{x^2}$，$\overline{x^2}$ 是 $x^2$ 的平均。这个因子的绝对值大于 1 会怎样？
#
# </details>
#
# <details class="tip">
# <summary>参考答案</summary>
#
# ```python
# for lr in (0.01, 0.1, 0.8):
#     w_lr, b_lr, losses_lr = descend(lr, STEPS)
#     print(f"lr {lr}: last loss {losses_lr[-1]:.4g}, w = {w_lr.item():.4g}, b = {b_lr.item():.4g}")
# print(f"1 / mean(x^2) = {1 / (x**2).mean().item():.3f}")
# ```
#
# 学习率 0.01 时每步走得太短，100 步后 $w$、$b$ 离最优值还远，损失还在下降。0.1 已经收敛。0.8 发散：因子 $1 - 2\eta\,\overline{x^2}$ 的绝对值大于 1，每一步都冲过头，而且越冲越远，损失越来越大。让这个因子落在 $(-1, 1)$ 里，学习率要小于 $1/\overline{x^2}$，也就是 `1 / mean(x^2)` 那一行的值；再考虑 $b$ 方向，真正的上限还会稍低一点。
#
# </details>
#
# 2. 换一个模型：拟合抛物线 $y = 3x^2 - x + 0.5$（不加噪声），参数是 $a$、$b$、$c$。用 autograd 的循环需要改哪几行？要是手推，又得推几个公式？
#
# <details class="note">
# <summary>提示</summary>
#
# 只有算预测值的那一行要改。三个参数可以放进一个长度为 3 的张量 `coef`，一次 `-=` 全部更新。学习率保持 `LR`，步数加到 500。
#
# </details>
#
# <details class="tip">
# <summary>参考答案</summary>
#
# ```python
# target = 3 * x**2 - x + 0.5
# coef = torch.zeros(3, device=device, requires_grad=True)  # a, b, c
# for _ in range(500):
#     prediction = coef[0] * x**2 + coef[1] * x + coef[2]
#     loss = ((prediction - target) ** 2).mean()
#     loss.backward()
#     with torch.no_grad():
#         coef -= LR * coef.grad
#     coef.grad = None
# print("a, b, c:", coef.detach().cpu())
# ```
#
# 循环本身没变，只换了预测值那一行，autograd 自己会算出三个偏导。手推的话要重新推三个公式，例如 $\partial L / \partial a = \frac{2}{n} \sum_i (\hat y_i - y_i)\, x_i^2$。
#
# </details>

# %% [markdown] lang="en"
# ## Exercises
#
# 1. Learning rate: run `descend` for `STEPS` steps with learning rates 0.01, 0.1 and 0.8, and compare
#    the last loss and $w$, $b$. Which one is too slow, and which one diverges?
#
# <details class="note">
# <summary>Hint</summary>
#
# Look at the $w$ direction near the optimum (the mean of $x$ is close to 0, so leave $b$ aside): each
# step multiplies the distance of $w$ from its optimum by about $1 - 2\eta\,\overline{x^2}$, where
# $\overline{x^2}$ is the mean of $x^2$. What happens when that factor is larger than 1 in absolute value?
#
# </details>
#
# <details class="tip">
# <summary>Solution</summary>
#
# ```python
# for lr in (0.01, 0.1, 0.8):
#     w_lr, b_lr, losses_lr = descend(lr, STEPS)
#     print(f"lr {lr}: last loss {losses_lr[-1]:.4g}, w = {w_lr.item():.4g}, b = {b_lr.item():.4g}")
# print(f"1 / mean(x^2) = {1 / (x**2).mean().item():.3f}")
# ```
#
# With 0.01 each step is too short: after 100 steps $w$ and $b$ are still far from the optimum and the
# loss is still falling. 0.1 has converged. 0.8 diverges: the factor $1 - 2\eta\,\overline{x^2}$ is
# larger than 1 in absolute value, so every step overshoots, each time further, and the loss grows. To
# keep the factor inside $(-1, 1)$ the learning rate must stay below $1/\overline{x^2}$, the value on the
# `1 / mean(x^2)` line; the $b$ direction brings the true limit a little lower still.
#
# </details>
#
# 2. Another model: fit the parabola $y = 3x^2 - x + 0.5$ (no noise), with parameters $a$, $b$, $c$.
#    Which lines of the autograd loop change? By hand, how many formulas would you derive?
#
# <details class="note">
# <summary>Hint</summary>
#
# Only the line that computes the prediction changes. The three parameters fit in one tensor `coef` of
# length 3, updated by a single `-=`. Keep the learning rate `LR` and make it 500 steps.
#
# </details>
#
# <details class="tip">
# <summary>Solution</summary>
#
# ```python
# target = 3 * x**2 - x + 0.5
# coef = torch.zeros(3, device=device, requires_grad=True)  # a, b, c
# for _ in range(500):
#     prediction = coef[0] * x**2 + coef[1] * x + coef[2]
#     loss = ((prediction - target) ** 2).mean()
#     loss.backward()
#     with torch.no_grad():
#         coef -= LR * coef.grad
#     coef.grad = None
# print("a, b, c:", coef.detach().cpu())
# ```
#
# The loop is the same except for the prediction line; autograd works out the three partial derivatives
# itself. By hand you would derive three formulas anew, such as
# $\partial L / \partial a = \frac{2}{n} \sum_i (\hat y_i - y_i)\, x_i^2$.
#
# </details>
