# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""app.memory.forget gives a module's memory back, in MicroPython itself.

A module stays on the heap while anything refers to it: ``sys.modules``
and its package's attribute (what ``forget`` removes), or a name imported
from it. This runs the real ``app/memory.py`` in the unix port of
``make test``, on a package made here whose module holds 24 KB: a
``forget`` that left either reference fails it.
"""

import pytest

from tools import ROOT
from tools.vm import unix_vm

_HELD = 24 * 1024

_PROGRAM = """\
import gc
import app.memory
gc.collect()
before = gc.mem_alloc()
import heavy.held
gc.collect()
loaded = gc.mem_alloc()
app.memory.forget("heavy.held")
gc.collect()
print("LOADED", loaded - before, "AFTER", gc.mem_alloc() - before)
"""


@pytest.mark.skipif(not unix_vm.available(), reason="the unix VM is not installed (make test installs it)")
def test_a_forgotten_module_is_freed(tmp_path):
    root = tmp_path / "root"
    (root / "app").mkdir(parents=True)
    source = ROOT / "app" / "memory.py"
    (root / "app" / "__init__.py").write_text("")
    (root / "app" / "memory.py").write_text(source.read_text())
    (root / "heavy").mkdir()
    (root / "heavy" / "__init__.py").write_text("")
    (root / "heavy" / "held.py").write_text("DATA = bytearray(%d)\n" % _HELD)
    result = unix_vm.run(_PROGRAM, root, heap=256 * 1024, cwd=tmp_path)
    words = result.stdout.split()
    loaded, after = int(words[words.index("LOADED") + 1]), int(words[words.index("AFTER") + 1])
    assert loaded >= _HELD, result.stdout  # the probe sees the module's bytes
    assert after < loaded - _HELD, result.stdout  # and forget gives them back


def test_a_world_gives_the_game_a_gc_that_collects_the_youngest_objects():
    # On the desktop a full collection goes through every object of the
    # process (tools.play.world.GAME_GC): the game's collections there
    # take CPython's youngest generation; the process keeps its own gc.
    import gc
    import sys

    from tools.play import world
    from tools.play.simulator import Simulator

    Simulator(seed=1)
    memory = sys.modules["app.memory"]
    assert memory.gc is world.GAME_GC and sys.modules["gc"] is gc
    assert world.GAME_GC.isenabled is gc.isenabled and not hasattr(world.GAME_GC, "mem_free")  # as CPython's
    collected = []

    def seen(phase, info):
        if phase == "start":
            collected.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        memory.forget()
    finally:
        gc.callbacks.remove(seen)
    assert collected == [0]
