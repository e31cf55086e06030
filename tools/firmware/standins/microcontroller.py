# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Fake ``microcontroller``: ``nvm`` reads and writes fakeworld.nvm."""

import fakeworld


class _NVM:
    # Slices read and write fakeworld.nvm, as the board's nvm.ByteArray does.
    def __len__(self):
        return len(fakeworld.nvm)

    def __getitem__(self, index):
        return fakeworld.nvm[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, _ = index.indices(len(fakeworld.nvm))
            if len(value) != stop - start:
                raise ValueError("Slice and value lengths must match")
        fakeworld.nvm[index] = value


if fakeworld.nvm is not None:  # a build without NVM has no microcontroller.nvm at all
    nvm = _NVM()


def reset():
    """A real board restarts; here the run ends."""
    raise KeyboardInterrupt
