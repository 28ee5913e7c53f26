"""Exercise: tell from a torch version string whether that torch has torch.compile (added in 2.0)."""

import torch


def major_minor(version):
    """'2.14.1+cpu' -> (2, 14): drop the local tag after '+', keep the first two numbers."""
    release = version.split("+")[0]
    parts = release.split(".")
    return (int(parts[0]), int(parts[1]))


def has_compile(version):
    return major_minor(version) >= (2, 0)  # tuples compare number by number


# Version strings as pip, conda and source builds print them.
examples = ["1.13.1+cu117", "2.0.0", "2.1.0a0+git32f93b1", "1.9.0", "2.10.0+cpu"]
answers = {}
for version in examples:
    answers[version] = has_compile(version)
    print(f"{version:20} has torch.compile: {answers[version]}")

# Strings compare letter by letter: '1' < '9' decides, so 2.10 would come before 2.9.
print("as strings, '2.10.0' >= '2.9.0':", "2.10.0" >= "2.9.0")
print("as numbers, (2, 10) >= (2, 9):", major_minor("2.10.0") >= major_minor("2.9.0"))

# The torch running this file.
here = has_compile(torch.__version__)
print("this torch: has_compile:", here, "| hasattr(torch, 'compile'):", hasattr(torch, "compile"))
