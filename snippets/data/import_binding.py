"""`import torchvision.transforms as transforms` binds only `transforms`; `torchvision` stays unbound."""

NOTES = (  # the old notes' two lines, as written
    "import torchvision.transforms as transforms\n"
    'train_dataset = torchvision.datasets.MNIST(root="data", train=True,'
    " transform=transforms.ToTensor(), download=True)\n"
)
scope: dict = {}
try:
    exec(NOTES, scope)
except NameError as error:
    missing = error
    print("NameError:", error)
print("names the import bound:", sorted(k for k in scope if k != "__builtins__"))

# Import what you use by name: the package itself, or its modules with `from ... import ...`.
fixed: dict = {}
exec("import torchvision\nfrom torchvision import datasets, transforms\n", fixed)
print("names now bound:", sorted(k for k in fixed if k != "__builtins__"))
same = fixed["datasets"].MNIST is fixed["torchvision"].datasets.MNIST
print("datasets.MNIST is torchvision.datasets.MNIST:", same)
