# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""No import circle anywhere in the repository: an import-linter contract type of our own.

import-linter's contracts (.importlinter) read the graph grimp builds of
the packages app, engine, boards, tools and tests. Some modules are outside
that graph, and a circle through one of them would not be seen:

* code.py, a top-level module: grimp takes packages only (and ``code`` is
  the standard library's name);
* the stand-ins of tools/firmware/standins/, top-level modules of a folder
  that is no package (``import fakeworld``, as on a VM's path), and the
  desktop's imports of them through that folder
  (``from tools.firmware.standins import fakeboards``), which grimp drops;
* the tests' helpers, imported by bare name (``from fake_inputs import``:
  pytest puts tests/ on the path).

And its ``acyclic_siblings`` contract finds circles between the siblings of
a package, not one through a package's own ``__init__``. This contract
reads every Python file under ``files`` with the bundle's import reader
(tools.ship.device_imports: imports inside functions and ``try`` blocks
count), resolves each import as the file's own path resolves it (a bare
name of a ``path_folders`` folder, from a file in that folder or in one of
``path_users``, is that folder's module), and is broken by any group of
two or more modules that reach each other.

    [importlinter]
    contract_types = acyclic: tools.check.acyclic.AcyclicContract
"""

from pathlib import Path

from importlinter import Contract, ContractCheck, fields, output

from tools import ROOT
from tools.ship.device_imports import find_imports


def module_name(relative):
    """The dotted module name of a file's POSIX path ("app/x.py" -> "app.x";
    a package's ``__init__.py`` is the package)."""
    name = relative[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def python_files(root, files):
    """{module name: Path} of the Python files ``files`` name (files and folders, relative to ``root``)."""
    root = Path(root)
    found = {}
    for entry in files:
        path = root / entry
        paths = sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.is_file() else []
        for file in paths:
            if "node_modules" not in file.parts:
                found[module_name(file.relative_to(root).as_posix())] = file
    return found


def import_graph(root=ROOT, files=("code.py",), path_folders=(), path_users=()):
    """{module: modules of ``files`` it imports}, every import of each file resolved (see the module's docstring)."""
    root = Path(root)
    modules = python_files(root, files)
    bare = {
        folder: {path.stem: module_name(path.relative_to(root).as_posix()) for path in (root / folder).glob("*.py")}
        for folder in path_folders
    }
    graph = {}
    for name, path in modules.items():
        relative = path.relative_to(root).as_posix()
        folder = relative.rpartition("/")[0]
        names = {}
        for path_folder, members in bare.items():
            if folder == path_folder or any(relative.startswith(user + "/") for user in path_users):
                names.update(members)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps = set()
        for found in find_imports(path.read_text(encoding="utf-8"), package):
            if found.name in names and found.name not in modules:
                deps.add(names[found.name])
                continue
            submodules = {"%s.%s" % (found.name, attribute) for attribute in found.attributes} & modules.keys()
            deps |= submodules
            if found.name in modules and (not found.attributes or len(submodules) < len(found.attributes)):
                deps.add(found.name)
        graph[name] = deps - {name}
    return graph


def circles(graph):
    """Groups of two or more modules that reach each other, each sorted
    (Tarjan's strongly connected components)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in graph:
                continue
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def cycle_in(group, graph):
    """One import circle through the modules of ``group``, as a list that
    starts and ends with the same module (a path a reader can follow)."""
    members = set(group)
    start = group[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for other in sorted(graph[node] & members):
                if other == start:
                    return paths[node] + [start]
                if other not in paths:
                    paths[other] = paths[node] + [other]
                    following.append(other)
        frontier = following
    return group + [start]


class AcyclicContract(Contract):
    """Broken by any import circle among the modules of ``files``.

    Options: ``files`` (files and folders, relative to the repository's
    root), ``path_folders`` (folders whose modules are imported by bare
    name) and ``path_users`` (folders whose files have them on their path).
    """

    type_name = "acyclic"

    files = fields.ListField(subfield=fields.StringField())
    path_folders = fields.ListField(subfield=fields.StringField(), required=False, default=[])
    path_users = fields.ListField(subfield=fields.StringField(), required=False, default=[])

    def check(self, graph, verbose):
        # The graph grimp built is not enough here (see the module's
        # docstring): this contract reads the files itself.
        modules = import_graph(ROOT, self.files, self.path_folders, self.path_users)
        found = [cycle_in(group, modules) for group in circles(modules)]
        output.verbose_print(verbose, "Read %d modules; %d import circles." % (len(modules), len(found)))
        return ContractCheck(kept=not found, warnings=[], metadata={"circles": found, "modules": len(modules)})

    def render_broken_contract(self, check):
        for circle in check.metadata["circles"]:
            output.print_error("Import circle: " + " -> ".join(circle))
            output.new_line()
