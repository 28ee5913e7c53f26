"""Changing a saved tensor in place fails at backward; anomaly mode names the forward line involved."""

import warnings

import torch


def forward(x):
    h = x.sigmoid()  # sigmoid saves its output h for its backward
    h += 1  # in place: h's version counter goes from 0 to 1
    return (h * h).sum()


x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
try:
    forward(x).backward()
except RuntimeError as err:
    message = str(err)
problem, hint = message.split(" Hint: ")
print("RuntimeError:", problem)
print("Hint:", hint)

# Anomaly mode records a traceback for every forward op and warns with it when that op's backward fails.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        try:
            forward(x).backward()
        except RuntimeError as err:
            anomaly_message = str(err)
print("with anomaly mode, hint:", anomaly_message.split(" Hint: ")[1])
warned = [str(w.message).splitlines() for w in caught]
print("UserWarning:", warned[0][0])
report = warned[1]
print("UserWarning:", report[0])  # names the backward node that failed
source_lines = [line.strip() for line in report if line.startswith("    ")]
print("  last forward line in that traceback:", source_lines[-1])

# Anomaly mode also stops at the first backward that returns NaN: sqrt's is grad / (2 * sqrt(z)), 0 / 0 here.
z = torch.tensor([0.0, 4.0], requires_grad=True)
with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        try:
            (z.sqrt() * torch.tensor([0.0, 1.0])).sum().backward()
        except RuntimeError as err:
            nan_message = str(err)
print("RuntimeError:", nan_message)
