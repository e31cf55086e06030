# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""One power-on for every driver that steps the app itself: fakeworld.power_on.

The desktop's World and a page in MicroPython's WebAssembly VM switch a
board on with the same function of the stand-ins (the world reset, the
glass, the NVM, the seeded random source); it must do the same in both.
"""

from tests.shared import result
from tools.play.world import World
from tools.vm import pystack_vm

#: Switches two boards on and prints what the world then holds.
PROGRAM = """
import json
import fakeworld

made = []
fakeworld.power_on("pybadge", glass_maker=lambda w, h, r: made.append((w, h, r)), frame_ms=0, battery_mv=3700, usb=True)
pybadge = [fakeworld.BOARD_ID, len(fakeworld.nvm), fakeworld.frame_ms, fakeworld.stop_when_done,
           fakeworld.battery_mv, fakeworld.usb, fakeworld.light, fakeworld.glass_maker is not None]
fakeworld.power_on("pimoroni_picosystem", fresh=True, screen=(200, 100), accelerometer=False)
pico = [fakeworld.BOARD_ID, fakeworld.nvm, fakeworld.frame_ms, fakeworld.accelerometer, fakeworld.battery_mv,
        fakeworld.usb, fakeworld.glass_maker, fakeworld.facts()["screen"]]
print("RESULT " + json.dumps([pybadge, pico, list(fakeworld.seeded_urandom(0x2345678)(6))]))
"""


def test_power_on_sets_the_same_world_in_micropython_as_a_world_gets(standins_root):
    found = result(pystack_vm.run([PROGRAM], root=standins_root).stdout)
    pybadge, pico, random_bytes = found
    assert pybadge == ["pybadge", 8192, 0, False, 3700, True, None, True]
    assert pico == ["pimoroni_picosystem", None, 20, False, None, False, None, [200, 100]]
    # The seed's 30 bits, little-endian, repeated: what a World's seed gives.
    assert random_bytes == [0x78, 0x56, 0x34, 0x02, 0x78, 0x56]
    # A World is that power-on, with the desktop's glass and the board's NVM model.
    world = World("pybadge", battery_mv=3700, usb=True, paced=True)
    fake = world.fakeworld
    assert [fake.BOARD_ID, len(fake.nvm), fake.frame_ms, fake.stop_when_done, fake.battery_mv, fake.usb] == pybadge[:6]
    assert world.glass is not None and list(fake.seeded_urandom(0x2345678)(6)) == random_bytes
