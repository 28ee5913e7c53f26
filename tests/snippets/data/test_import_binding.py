"""snippets/data/import_binding.py: the old notes' import leaves torchvision unbound."""


def test_the_notes_lines_raise_name_error_before_any_download(run_snippet):
    s = run_snippet("data/import_binding")
    assert isinstance(s.missing, NameError) and s.missing.name == "torchvision"
    assert "NameError: name 'torchvision' is not defined" in s.stdout.splitlines()
    assert sorted(k for k in s.scope if k != "__builtins__") == ["transforms"]  # no train_dataset either


def test_importing_the_package_by_name_fixes_it(run_snippet):
    s = run_snippet("data/import_binding")
    assert {"torchvision", "datasets", "transforms"} <= set(s.fixed)
    assert s.same is True
    assert "datasets.MNIST is torchvision.datasets.MNIST: True" in s.stdout.splitlines()
