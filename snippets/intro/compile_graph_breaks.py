"""torch.compile captures graphs from eager code; a branch on tensor values splits it into several."""

import torch

captured = []  # one entry per graph that torch.compile hands to the backend


def recording_backend(graph_module, example_inputs):
    """A do-nothing backend: note which ops the graph holds, then run it as ordinary eager code."""
    ops = [node.target for node in graph_module.graph.nodes if node.op in ("call_function", "call_method")]
    captured.append([getattr(op, "__name__", op) for op in ops])
    return graph_module.forward


def step(x):
    y = x * 2
    if y.sum() > 0:  # the branch taken depends on the values in x
        return torch.relu(y) + 1
    return y - 1


compiled = torch.compile(step, backend=recording_backend)
for values in ([1.0, 2.0], [-1.0, -2.0], [5.0, 6.0]):
    out = compiled(torch.tensor(values))
    eager_out = step(torch.tensor(values))
    print(f"input {values}: output {out.tolist()}, same as eager: {torch.equal(out, eager_out)}")
    print("    graphs captured so far:", captured)

# fullgraph=True demands one graph for the whole function, so the data-dependent branch is an error.
strict = torch.compile(step, backend="eager", fullgraph=True)
try:
    strict(torch.tensor([1.0, 2.0]))
except torch._dynamo.exc.Unsupported as err:
    error_name, first_line = type(err).__name__, str(err).splitlines()[0]
    print(f"fullgraph=True: {error_name}: {first_line}")
