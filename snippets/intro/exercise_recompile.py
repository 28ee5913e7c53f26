"""Exercise: which calls make torch.compile compile again? A counting backend shows the guards at work."""

import torch

compiled_for = []  # one entry per compilation: the input Dynamo compiled the graph for


def counting_backend(graph_module, example_inputs):
    """Note the dtype and the shape each new graph was compiled for, then run it eagerly."""
    values = [node.meta["example_value"] for node in graph_module.graph.nodes if node.op == "placeholder"]
    x = next(v for v in values if isinstance(v, torch.Tensor))
    shape = [size if isinstance(size, int) else "any" for size in x.shape]  # a symbolic size: any length
    compiled_for.append(f"{x.dtype}, shape {shape}")
    return graph_module.forward


def scale(x):
    return x * 2 + 1


torch.compiler.reset()  # forget earlier compilations in this process: start as a fresh Python does
compiled = torch.compile(scale, backend=counting_backend)
calls = [
    ("ones(3)", torch.ones(3)),
    ("zeros(3)", torch.zeros(3)),  # other values, same shape and dtype
    ("ones(5)", torch.ones(5)),  # a second shape
    ("ones(7)", torch.ones(7)),  # a third shape
    ("ones(7, float64)", torch.ones(7, dtype=torch.float64)),  # another dtype
]
for label, x in calls:
    before = len(compiled_for)
    out = compiled(x)
    again = len(compiled_for) > before
    print(f"{label}: compiled again: {again!s:5} | same as eager: {torch.equal(out, scale(x))}")
print("compilations:", len(compiled_for))
for entry in compiled_for:
    print("    compiled for:", entry)
