"""BatchNorm2d and Dropout act differently in train and eval mode; Embedding is a lookup table."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# BatchNorm2d normalizes each channel over (batch, H, W) and keeps running statistics.
bn = nn.BatchNorm2d(num_features=3).to(device)
print("BatchNorm2d buffers:", [name for name, _ in bn.named_buffers()])  # saved with the model, not trained
images = (torch.randn(8, 3, 4, 4) * 2 + 5).to(device)  # every channel: mean ~5, std ~2
y = bn(images)  # a fresh module is in train mode: normalize with this batch's statistics
print("BatchNorm2d", tuple(images.shape), "->", tuple(y.shape))
mean, std = y.mean(dim=(0, 2, 3)), y.std(dim=(0, 2, 3), unbiased=False)
zeros3, ones3 = torch.zeros(3, device=device), torch.ones(3, device=device)
normalized = torch.allclose(mean, zeros3, atol=1e-5) and torch.allclose(std, ones3, atol=1e-3)
print("train output: per-channel mean 0, std 1:", normalized)
# running_mean moves 10% (momentum=0.1) of the way from 0 towards the batch mean.
batch_mean = images.mean(dim=(0, 2, 3))
print("running_mean == 0.1 * batch mean:", torch.allclose(bn.running_mean, 0.1 * batch_mean))
bn.eval()  # eval mode: use the running statistics, update nothing
y_eval = bn(images)
print("eval output, per-channel mean: ", [round(v, 2) for v in y_eval.mean(dim=(0, 2, 3)).tolist()])

# Dropout(p): p is the probability of ZEROING an element; survivors are scaled by 1 / (1 - p).
drop = nn.Dropout(p=0.8)
ones = torch.ones(10_000, device=device)
dropped = drop(ones)
print("Dropout(p=0.8) zeroed fraction:", round((dropped == 0).float().mean().item(), 2))
print("Dropout(p=0.8) surviving values:", dropped[dropped != 0].unique().tolist())
drop.eval()
print("Dropout in eval mode is the identity:", torch.equal(drop(ones), ones))

# Dropout2d zeroes whole channels of a (N, C, H, W) input, not single elements.
drop2d = nn.Dropout2d(p=0.5)
maps = drop2d(torch.ones(2, 6, 4, 4, device=device))
per_channel = maps.flatten(2).unique(dim=2).squeeze(-1)  # each channel holds one value: 0 or 2
print("Dropout2d", tuple(maps.shape), "| channel values:", per_channel.tolist())

# Embedding(num_embeddings, dim): integer ids (any shape) -> one row of the weight per id.
emb = nn.Embedding(num_embeddings=10, embedding_dim=4, padding_idx=0).to(device)
ids = torch.tensor([[1, 2, 0], [9, 1, 0]], device=device)  # 2 sentences, 3 tokens, 0 = padding
vectors = emb(ids)
print("Embedding(10, 4)", tuple(ids.shape), ids.dtype, "->", tuple(vectors.shape))
print("row for id 1 == weight[1]:", torch.equal(vectors[0, 0], emb.weight[1]))
print("padding row:", vectors[0, 2].tolist())
vectors.sum().backward()
print("gradient per row (uses; padding stays 0):", emb.weight.grad[:, 0].tolist())
# padding_idx starts its row at zero and keeps gradients out of it; it does not protect the row.
with torch.no_grad():
    emb.weight[0] = 1.0
print("padding row after weight[0] = 1.0:", emb(ids)[0, 2].tolist())
