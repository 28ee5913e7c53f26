"""Exercise: torch.where instead of a Python `if` on a tensor keeps step() in one compiled graph."""

import torch

captured = []  # the op names of every graph torch.compile hands to the backend


def recording_backend(graph_module, example_inputs):
    """Note which ops the graph holds, then run it eagerly."""
    ops = [node.target for node in graph_module.graph.nodes if node.op in ("call_function", "call_method")]
    captured.append([getattr(op, "__name__", op) for op in ops])
    return graph_module.forward


def step(x):  # the chapter's version: `if y.sum() > 0` breaks the graph
    y = x * 2
    if y.sum() > 0:
        return torch.relu(y) + 1
    return y - 1


def step_where(x):
    y = x * 2
    # both branches are computed; the 0-dim condition broadcasts and picks one of them
    return torch.where(y.sum() > 0, torch.relu(y) + 1, y - 1)


compiled = torch.compile(step_where, backend=recording_backend, fullgraph=True)
for values in ([1.0, 2.0], [-1.0, -2.0], [5.0, 6.0]):
    out = compiled(torch.tensor(values))
    same = torch.equal(out, step(torch.tensor(values)))
    print(f"input {values}: output {out.tolist()}, same as step: {same}")
print("graphs captured:", len(captured))
print("ops in the graph:", captured[0])
