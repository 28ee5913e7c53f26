# figure: float_formats.png
"""Range and precision of fp32, fp16, bf16 and the two fp8 formats, read from torch.finfo, and drawn."""

import matplotlib
import torch

matplotlib.use("Agg")
import matplotlib.pyplot as plt

dtypes = [torch.float32, torch.float16, torch.bfloat16, torch.float8_e4m3fn, torch.float8_e5m2]
columns = f"{'bits':>5}{'exp':>4}{'man':>4}{'max':>13}{'min normal':>12}{'min subnormal':>15}{'eps':>11}"
print(f"{'dtype':<15}{columns}")
table = {}
for dtype in dtypes:
    info = torch.finfo(dtype)
    mantissa = round(-torch.log2(torch.tensor(info.eps)).item())  # eps = 2**-mantissa_bits
    exponent = info.bits - 1 - mantissa  # the sign takes one bit
    subnormal = info.tiny * info.eps  # the smallest number above zero
    table[dtype] = (info.bits, exponent, mantissa, info.max, info.tiny, subnormal, info.eps)
    name = str(dtype).removeprefix("torch.")
    print(
        f"{name:<15}{info.bits:>5}{exponent:>4}{mantissa:>4}{info.max:>13.6g}{info.tiny:>12.4g}"
        f"{subnormal:>15.4g}{info.eps:>11.4g}"
    )

# Each number is stored exactly; half of the smallest subnormal rounds to zero.
for dtype, (_, _, _, biggest, _, smallest, _) in table.items():
    back = torch.tensor([biggest, smallest, smallest / 2], dtype=torch.float64).to(dtype).double()
    print(
        f"{str(dtype).removeprefix('torch.'):<15} round trip of max, min subnormal, half of it:",
        back.tolist(),
    )

# bf16 keeps fp32's 8 exponent bits and drops mantissa bits: same range, coarser steps.
same_range = torch.finfo(torch.bfloat16).tiny == torch.finfo(torch.float32).tiny
print("bf16 and fp32 share the smallest normal number:", same_range)

# The figure: bit fields on the left, the range on a log axis on the right, from the table above.
drawn = [torch.float32, torch.float16, torch.bfloat16]
COLOURS = {"sign": "#555555", "exponent": "#d9822b", "mantissa": "#3b75af"}
fig, (bits_ax, range_ax) = plt.subplots(1, 2, figsize=(11, 3), width_ratios=[1, 1.3])
for y, dtype in enumerate(reversed(drawn)):
    _, exponent, mantissa, biggest, tiny, subnormal, _ = table[dtype]
    start = 0
    for label, width in {"sign": 1, "exponent": exponent, "mantissa": mantissa}.items():
        bits_ax.barh(y, width, left=start, color=COLOURS[label], ec="w", label=None if y else label)
        bits_ax.text(start + width / 2, y, width, ha="center", va="center", color="white")
        start += width
    range_ax.plot([subnormal, tiny], [y, y], color="#3b75af", linewidth=2, linestyle=":")
    range_ax.plot([tiny, biggest], [y, y], color="#3b75af", linewidth=8, solid_capstyle="butt")
    for x in (subnormal, biggest):
        range_ax.text(x, y + 0.3, f"{x:.3g}", ha="center", fontsize=8)
for ax in (bits_ax, range_ax):
    ax.set_yticks(range(len(drawn)), [str(d).removeprefix("torch.") for d in reversed(drawn)])
    ax.set_ylim(-0.6, len(drawn) - 0.2)
bits_ax.set_xlabel("bits")
bits_ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=3, frameon=False)
range_ax.set(xscale="log", xlabel="|x|: dotted = subnormal, thick = normal numbers (log scale)")
fig.tight_layout()
fig.savefig("float_formats.png", dpi=100, metadata={"Software": None})
