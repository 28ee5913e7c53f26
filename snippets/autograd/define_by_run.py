"""Define-by-run: the graph is recorded while the code runs, so Python's loops and ifs decide its shape."""

import torch


def recorded_ops(tensor):
    """Walk the grad_fn graph back from tensor and list the recorded operations, output first."""
    names = []
    node = tensor.grad_fn
    while node is not None:
        names.append(type(node).__name__)
        # each node here has one recorded input; the walk ends at the leaf's AccumulateGrad
        parents = [fn for fn, _ in node.next_functions if fn is not None]
        node = parents[0] if parents else None
    return names


results = {}
for start in ([0.5, 1.0], [3.0, 4.0], [-8.0, -6.0]):
    x = torch.tensor(start, requires_grad=True)
    y = x
    doublings = 0
    while y.norm() < 10:  # an ordinary Python loop: how often it runs depends on x's values
        y = y * 2
        doublings += 1
    out = y.sum() if y.sum() > 0 else -y.sum()  # an ordinary Python branch, chosen by the values too
    out.backward()
    ops = recorded_ops(out)
    results[tuple(start)] = {"doublings": doublings, "ops": ops, "grad": x.grad.tolist()}
    print(f"x = {start}: doublings={doublings}, graph nodes={len(ops)}")
    print("   ", " <- ".join(ops))
    print("    x.grad =", x.grad.tolist())
