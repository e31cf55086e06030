# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The shape of the code the board runs: what a maintainer would count.

Read, not run (``ast``), over code.py, app/, engine/ and boards/:

- the controller's size: app/controller.py's lines and each class's methods;
- private names used across modules: ``from m import _x``, ``m._x``, and
  ``other._x`` on anything but ``self``/``cls``;
- definitions nothing in that code names: a top-level function or class, or
  a method, whose name appears nowhere else in it (as a name, an attribute
  or a string); the board's entry points (``start``, ``main``,
  ``hardware``) and dunder methods do not count;
- ``const`` fallbacks (a ``def const`` of a module's own);

and over tools/ and tests/: repository roots defined (``ROOT =``/``REPO =``),
modules that edit ``sys.path``, test files that import a test file or the
conftest (pytest loads each once under its own name: another import runs it
again, as another module; what they share belongs in a helper module), and
``# noqa`` comments everywhere.

Import circles and the floors are import-linter's contracts (.importlinter,
run by ``make test``; tools/check/acyclic.py for circles anywhere).

    .venv/bin/python -m tools.check.code_metrics [--root PATH]
"""

import ast
import re
from pathlib import Path

from tools import ROOT, ArgumentParser
from tools.ship.device_imports import find_imports

SHIPPED = ("app", "engine", "boards")
ENTRY_POINTS = frozenset(("start", "main", "hardware"))


def _module_name(relative):
    name = relative[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def shipped_modules(root):
    """{module name: (source, package)} of code.py and every module of app/, engine/, boards/."""
    root = Path(root)
    files = [root / "code.py"] + [path for folder in SHIPPED for path in sorted((root / folder).rglob("*.py"))]
    modules = {}
    for path in files:
        if path.exists():
            name = _module_name(path.relative_to(root).as_posix())
            modules[name] = (path.read_text(), name if path.name == "__init__.py" else name.rpartition(".")[0])
    return modules


def import_graph(modules):
    """({module: modules it imports}, [private names imported or reached across modules])."""
    graph, private = {}, []
    for name, (source, package) in modules.items():
        deps = set()
        for found in find_imports(source, package):
            if found.name in modules:
                deps.add(found.name)
            for attribute in found.attributes:
                submodule = "%s.%s" % (found.name, attribute)
                if submodule in modules:
                    deps.add(submodule)
                elif found.name in modules and attribute.startswith("_") and not attribute.startswith("__"):
                    private.append("%s: from %s import %s" % (name, found.name, attribute))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                base = node.value
                if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                    continue
                private.append("%s: %s.%s" % (name, ast.unparse(base), node.attr))
        # A package's own modules importing it (its __init__) is not a circle.
        graph[name] = {dep for dep in deps if dep != name and not name.startswith(dep + ".")}
    return graph, private


def unnamed_definitions(modules):
    """Definitions whose name nothing else in ``modules`` mentions: ["module.name", ...]."""
    mentions = {}

    def mention(word):
        mentions[word] = mentions.get(word, 0) + 1

    defined = []
    for name, (source, _) in modules.items():
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                mention(node.id)
            elif isinstance(node, ast.Attribute):
                mention(node.attr)
            elif isinstance(node, ast.alias):
                mention((node.asname or node.name).split(".")[-1])
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
                mention(node.value)
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                defined.append((name, node.name))
            if isinstance(node, ast.ClassDef):
                for member in node.body:
                    if isinstance(member, ast.FunctionDef) and not member.name.startswith("__"):
                        defined.append(("%s.%s" % (name, node.name), member.name))
    return ["%s.%s" % pair for pair in defined if pair[1] not in ENTRY_POINTS and not mentions.get(pair[1])]


def _python_files(root, folders):
    for folder in folders:
        path = Path(root) / folder
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.exists() else []:
            if "node_modules" not in file.parts:
                yield file


def count_lines(root, folders, pattern):
    return sum(len(re.findall(pattern, file.read_text(), re.M)) for file in _python_files(root, folders))


def count_files(root, folders, pattern):
    return sum(1 for file in _python_files(root, folders) if re.search(pattern, file.read_text(), re.M))


def _is_sys_path(node):
    return isinstance(node, ast.Attribute) and node.attr == "path" and isinstance(node.value, ast.Name) and node.value.id == "sys"


def edits_sys_path(tree):
    """True if the module's own code changes ``sys.path`` (not a program it hands a VM as text)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is_sys_path(node.func.value):
            if node.func.attr in ("insert", "append", "extend", "remove", "pop", "clear"):
                return True
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        for target in targets:
            if _is_sys_path(target) or isinstance(target, ast.Subscript) and _is_sys_path(target.value):
                return True
    return False


def _is_test_module(name):
    # A test file or the conftest, by the name a test file would import it by.
    parts = name.split(".")
    if parts[0] == "tests":
        parts = parts[1:]
    return len(parts) == 1 and (parts[0].startswith("test_") or parts[0] == "conftest")


def imports_of_test_files(tree):
    """The test files and conftest a test module imports (``tests.test_x``, ``tests.conftest``, ...)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if _is_test_module(alias.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if _is_test_module(node.module):
                found.append(node.module)
            else:
                found += [
                    "%s.%s" % (node.module, alias.name)
                    for alias in node.names
                    if _is_test_module("%s.%s" % (node.module, alias.name))
                ]
    return found


def measure(root=ROOT):
    """The figures as {what: value} (lists where the items matter)."""
    root = Path(root)
    modules = shipped_modules(root)
    _, private = import_graph(modules)
    controller = root / "app" / "controller.py"
    methods = {}
    if "app.controller" in modules:
        for node in ast.parse(modules["app.controller"][0]).body:
            if isinstance(node, ast.ClassDef):
                methods[node.name] = sum(isinstance(member, ast.FunctionDef) for member in node.body)
    everything = ("code.py",) + SHIPPED + ("tools", "tests")
    return {
        "controller lines": len(controller.read_text().splitlines()) if controller.exists() else 0,
        "methods per class in the controller": methods,
        "private names used across modules": private,
        "definitions nothing in the board's code names": unnamed_definitions(modules),
        "const() fallbacks": count_files(root, ("code.py",) + SHIPPED, r"^\s*def const\("),
        "repository roots defined in tools/ and tests/": count_lines(root, ("tools", "tests"), r"^\s*(ROOT|REPO)\s*="),
        "modules of tools/ and tests/ that edit sys.path": sorted(
            file.relative_to(root).as_posix()
            for file in _python_files(root, ("tools", "tests"))
            if edits_sys_path(ast.parse(file.read_text()))
        ),
        "test files that import a test file": sorted(
            "%s: %s" % (file.relative_to(root).as_posix(), name)
            for file in _python_files(root, ("tests",))
            for name in imports_of_test_files(ast.parse(file.read_text()))
        ),
        "# noqa comments": count_lines(root, everything, r"#\s*noqa"),
    }


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(ROOT), help="the repository to read (default: this one)")
    args = parser.parse_args(argv)
    for what, value in measure(args.root).items():
        if isinstance(value, list):
            print("%s: %d" % (what, len(value)))
            for item in value:
                print("    %s" % (item,))
        else:
            print("%s: %s" % (what, value))


if __name__ == "__main__":
    main()
