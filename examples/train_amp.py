"""Train a small convnet with or without automatic mixed precision (AMP), on a GPU or on the CPU.

    python examples/train_amp.py                      # AMP on: fp16 on CUDA, bf16 on the CPU
    python examples/train_amp.py --no-amp             # plain fp32, the baseline
    python examples/train_amp.py --dtype fp16         # fp16 with a GradScaler, on the CPU too
    python examples/train_amp.py --epochs 5 --batch-size 128 --save amp.pt

The data are generated: 16x16 one-channel images of noise with one bright quadrant; the class is the
quadrant. Nothing is downloaded.
"""

from __future__ import annotations

import argparse
import time

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description="Train a small convnet with or without mixed precision.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "--amp", action=argparse.BooleanOptionalAction, default=True, help="autocast (and a scaler for fp16)"
    )
    parser.add_argument(
        "--dtype",
        choices=sorted(DTYPES),
        default=None,
        help="autocast dtype; default fp16 on CUDA, bf16 on CPU",
    )
    parser.add_argument(
        "--device", choices=["auto", "cpu", "cuda"], default="auto", help="auto: cuda if available"
    )
    parser.add_argument("--epochs", type=int, default=5, help="passes over the training set")
    parser.add_argument("--batch-size", type=int, default=64, help="images per step")
    parser.add_argument("--lr", type=float, default=0.05, help="SGD learning rate (momentum 0.9)")
    parser.add_argument("--samples", type=int, default=2048, help="generated images, 80%% for training")
    parser.add_argument("--max-norm", type=float, default=1.0, help="gradient clipping threshold")
    parser.add_argument("--seed", type=int, default=0, help="seeds the data, the weights and the batch order")
    parser.add_argument(
        "--save", metavar="PATH", help="write model, optimizer and scaler state here at the end"
    )
    return parser


def make_data(samples: int, seed: int) -> tuple[TensorDataset, TensorDataset]:
    """Noise images with one bright 8x8 quadrant; the label is the quadrant (0-3)."""
    gen = torch.Generator().manual_seed(seed)
    images = 0.5 * torch.randn(samples, 1, 16, 16, generator=gen)
    labels = torch.randint(0, 4, (samples,), generator=gen)
    for quadrant in range(4):
        row, col = divmod(quadrant, 2)
        images[labels == quadrant, :, row * 8 : row * 8 + 8, col * 8 : col * 8 + 8] += 1.0
    n_train = int(0.8 * samples)
    train = TensorDataset(images[:n_train], labels[:n_train])
    return train, TensorDataset(images[n_train:], labels[n_train:])


def make_model() -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 4),
    )  # fmt: skip


def evaluate(
    model: nn.Module, dataset: TensorDataset, device: torch.device, dtype: torch.dtype, amp: bool
) -> torch.Tensor:
    """Test images classified correctly, as a tensor on the device: counting it needs no host sync."""
    model.eval()
    correct = torch.zeros((), dtype=torch.long, device=device)
    with torch.inference_mode(), torch.autocast(device.type, dtype=dtype, enabled=amp):
        for x, y in DataLoader(dataset, batch_size=256, pin_memory=device.type == "cuda"):
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            correct += (model(x).argmax(dim=1) == y).sum()
    return correct


def main(argv: list[str] | None = None) -> dict:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.device == "cuda" and not torch.cuda.is_available():
        parser.error("--device cuda was asked for, but torch.cuda.is_available() is False")
    use_cuda = args.device == "cuda" or (args.device == "auto" and torch.cuda.is_available())
    device = torch.device("cuda" if use_cuda else "cpu")
    dtype = DTYPES[args.dtype or ("fp16" if device.type == "cuda" else "bf16")]
    # Native bf16 needs compute capability 8.0 (Ampere) or later. By default is_bf16_supported() also says True
    # on older GPUs that only emulate it (bf16 storage, fp32 arithmetic, no tensor cores): slow, so refuse it.
    bf16_on_gpu = args.amp and dtype == torch.bfloat16 and device.type == "cuda"
    if bf16_on_gpu and not torch.cuda.is_bf16_supported(including_emulation=False):
        major, minor = torch.cuda.get_device_capability(device)
        parser.error(
            f"--dtype bf16: this GPU (compute capability {major}.{minor}) has no native bfloat16,"
            " only a slow emulation; use --dtype fp16"
        )

    torch.manual_seed(args.seed)
    train_set, test_set = make_data(args.samples, args.seed)
    loader = DataLoader(
        train_set,
        batch_size=args.batch_size,
        shuffle=True,
        generator=torch.Generator().manual_seed(args.seed),
        pin_memory=device.type == "cuda",  # pinned batches copy with non_blocking=True: no wait per batch
    )
    model = make_model().to(device)
    # fused: GradScaler hands the optimizer its inf/NaN flag on the device instead of reading it on the host.
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, fused=True)
    # fp16 needs loss scaling; bf16 has fp32's range and does not. A disabled scaler passes everything through.
    scaler = torch.amp.GradScaler(device.type, enabled=args.amp and dtype == torch.float16)
    mode = f"on ({dtype})" if args.amp else "off (float32)"
    print(f"device: {device.type} | amp: {mode} | grad scaler: {'on' if scaler.is_enabled() else 'off'}")

    losses, accuracies, skipped = [], [], 0
    for epoch in range(1, args.epochs + 1):
        model.train()
        start = time.perf_counter()
        # Running totals stay on the device; the host reads them once per epoch, below.
        total, bad_steps = torch.zeros((), device=device), torch.zeros((), device=device)
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            optimizer.zero_grad(set_to_none=True)
            with torch.autocast(device.type, dtype=dtype, enabled=args.amp):
                logits = model(x)  # convolutions and the linear layer in the low dtype under AMP
                loss = nn.functional.cross_entropy(logits, y)  # fp32 under autocast
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)  # true gradients before clipping
            norm = nn.utils.clip_grad_norm_(model.parameters(), args.max_norm)
            scaler.step(optimizer)  # skipped when the gradients hold inf/NaN
            scaler.update()
            if scaler.is_enabled():
                bad_steps += ~norm.isfinite()  # an inf/NaN gradient makes the norm inf/NaN: a skipped step
            total += loss.detach() * len(y)
        correct = evaluate(model, test_set, device, dtype, args.amp)
        scale = scaler.scale(torch.ones((), device=device))  # the current scale, still on the device
        # The one host sync of the epoch: everything the log line needs, in one transfer.
        loss_sum, n_correct, n_bad, scale_now = torch.stack([total, correct, bad_steps, scale]).tolist()
        losses.append(loss_sum / len(train_set))
        accuracies.append(n_correct / len(test_set))
        skipped += int(n_bad)
        scaling = f" | scale {scale_now:.0f}, skipped steps {skipped}" if scaler.is_enabled() else ""
        print(
            f"epoch {epoch}: train loss {losses[-1]:.4f} | test accuracy {accuracies[-1]:.1%}{scaling}"
            f" | {time.perf_counter() - start:.2f} s"
        )

    print(f"logits dtype {logits.dtype}, loss dtype {loss.dtype}, weights {model[0].weight.dtype}")
    if args.save:
        state = {
            "model": model.state_dict(),
            "optimizer": optimizer.state_dict(),
            "scaler": scaler.state_dict(),
        }
        torch.save(state, args.save)
        print(f"saved model, optimizer and scaler state to {args.save}")
    print(f"final test accuracy: {accuracies[-1]:.1%}")
    return {"args": args, "device": device, "dtype": dtype, "model": model, "scaler": scaler, "logits": logits,
            "loss": loss, "losses": losses, "accuracies": accuracies, "skipped": skipped}  # fmt: skip


if __name__ == "__main__":
    main()
