"""torch.cond records both branches in one graph, so fullgraph=True compiles data-dependent code."""

import torch

captured = []  # one dict per captured graph: {graph name: op names}


def op_names(graph_module):
    calls = [n.target for n in graph_module.graph.nodes if n.op in ("call_function", "call_method")]
    return [getattr(target, "__name__", str(target)) for target in calls]


def recording_backend(graph_module, example_inputs):
    """Note the ops of the graph and of its subgraphs (the branches), then run it eagerly."""
    graphs = {"main": op_names(graph_module)}
    graphs.update({name: op_names(sub) for name, sub in graph_module.named_children()})
    captured.append(graphs)
    return graph_module.forward


def step(x):
    y = x * 2
    # the condition is a tensor; both branches are traced, the choice is made each time the graph runs
    return torch.cond(y.sum() > 0, lambda y: torch.relu(y) + 1, lambda y: y - 1, (y,))


compiled = torch.compile(step, backend=recording_backend, fullgraph=True)
outputs = {}
for values in ([1.0, 2.0], [-1.0, -2.0], [5.0, 6.0]):
    outputs[tuple(values)] = compiled(torch.tensor(values)).tolist()
    print(f"input {values}: output {outputs[tuple(values)]}")
print("graphs captured:", len(captured))
for name, ops in captured[0].items():
    print(f"    {name}: {ops}")
