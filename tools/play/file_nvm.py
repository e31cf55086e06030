# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The simulator's ``microcontroller.nvm``: a bytearray kept in a file.

Every assignment rewrites the whole file atomically: a temporary file beside
it (same folder, so the rename never crosses file systems), write, fsync,
``os.replace``, fsync of the folder. Killing the simulator mid-save leaves
the old file or the new one, never a mix; a save that fails (disk full,
read-only file or file system, no permission) raises ``OSError`` and leaves
the old file and the in-memory copy as they were. A save needs room for a
second copy of the file (8 KB) while it is written. A missing file reads as
erased flash (all 0xFF).

Opening checks what can be checked at once and raises ``NVMFileError``
(an ``OSError``) with a one-line message: a folder instead of a file, a
device, a file of another size (not an NVM image: a save would replace it),
a file that cannot be read, a file another simulator is using. A symlink is
followed: the file it points to is read and replaced, the link stays. One
simulator per file: an advisory lock (``fcntl.flock`` on a ``.NAME.lock``
file beside the target) is held until ``close()`` or the process ends;
objects of one process share it; on a system without ``fcntl`` (Windows)
there is no lock. ``close()`` removes the lock file (while it still holds
the lock; a simulator that took the lock checks that its lock file is
still the one at that name), so only a killed simulator leaves one, and
the next one uses it. Temporary files left by a killed simulator
(``.NAME.PID.tmp``) are removed when the lock is taken.
"""

import errno
import os
import stat

try:
    import fcntl
except ImportError:  # Windows: no advisory lock
    fcntl = None


class NVMFileError(OSError):
    """The NVM file cannot be used; ``str()`` is a one-line reason."""


# Locks this process holds: target path -> [descriptor, FileNVM objects
# using it]. Objects of one process share the lock (tests open a file again
# to play a restart); another process is refused.
_HELD = {}


def _temporary_prefix(path):
    return "." + os.path.basename(path) + "."


class FileNVM:
    """Bytearray-like NVM backed by ``path``.

    :param path: file holding the NVM image (created on the first write; its
        folder must exist). A symlink is followed.
    :param int size: bytes of NVM (8192 like a PyBadge). An empty file
        reads as erased flash.
    :param bool lock: take the advisory lock (refuse a second user).
    :raises NVMFileError: a folder, a device or other file that is not a
        plain one, a file of another size than ``size`` (it is not an NVM
        image: a save would destroy it), an unreadable file, a missing
        folder, or a file in use by another simulator.

    ``read_only`` is True when the file exists but may not be written (no
    write permission bit, also for root, or the OS says so): it is loaded,
    and every save fails with ``PermissionError`` and changes nothing.
    """

    def __init__(self, path, size=8192, lock=True):
        #: The path as given, and the file it names (a symlink followed).
        self.given = os.fspath(path)
        self.path = os.path.realpath(self.given)
        self.folder = os.path.dirname(self.path)
        self._data = bytearray(b"\xff" * size)
        self._lock_fd = None
        #: Assignments made (each one an erase on a PyBadge).
        self.writes = 0
        if os.path.isdir(self.path):
            raise NVMFileError("%s is a folder, not a file" % self.given)
        if not os.path.isdir(self.folder):
            raise NVMFileError("%s: its folder %s does not exist" % (self.given, self.folder))
        self._check_file(size)
        if lock:
            self._take_lock()
        try:
            with open(self.path, "rb") as stored:
                content = stored.read(size)
        except FileNotFoundError:
            content = b""
        except OSError as error:
            self.close()
            raise NVMFileError("cannot read %s: %s" % (self.given, error.strerror or error)) from None
        self._data[: len(content)] = content
        self.read_only = self._is_read_only()

    def _check_file(self, size):
        # Refuse what a save would destroy: a device or pipe (os.replace
        # would put a plain file in its place) or a file that is not an NVM
        # image of this size (someone else's file, given by mistake).
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return
        except OSError as error:
            raise NVMFileError("cannot read %s: %s" % (self.given, error.strerror or error)) from None
        if not stat.S_ISREG(info.st_mode):
            raise NVMFileError("%s is not a plain file" % self.given)
        if info.st_size not in (0, size):
            raise NVMFileError(
                "%s holds %d bytes, not a %d-byte NVM image: not overwritten (pick another file)"
                % (self.given, info.st_size, size)
            )

    # -- locking and clean-up ------------------------------------------

    def _take_lock(self):
        if fcntl is None:
            return
        held = _HELD.get(self.path)
        if held is not None:
            held[1] += 1
            self._lock_fd = held[0]
            return
        lock_path = self._lock_path()
        for _ in range(3):
            try:
                descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                return  # e.g. a read-only folder: no lock, and no save can land either
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(descriptor)
                raise NVMFileError(
                    "%s is in use by another simulator (close it, or pick another file with --nvm)" % self.given
                ) from None
            # The simulator that held it may have closed, and removed the
            # file, between our open and our lock: then ours is a lock on
            # a file no other simulator will open. Take the one at the name.
            try:
                named = os.stat(lock_path)
            except OSError:
                named = None
            held = os.fstat(descriptor)
            if named is not None and (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino):
                break
            os.close(descriptor)
        else:
            return  # the name keeps changing under us: play on without a lock
        self._lock_fd = descriptor
        _HELD[self.path] = [descriptor, 1]
        self._remove_stale_temporaries()

    def _lock_path(self):
        return os.path.join(self.folder, _temporary_prefix(self.path) + "lock")

    def _remove_stale_temporaries(self):
        # Only with the lock held: then no other simulator writes here, and
        # any temporary file of this NVM file was left by a killed one.
        prefix = _temporary_prefix(self.path)
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            middle = name[len(prefix) : -len(".tmp")]
            if name.startswith(prefix) and name.endswith(".tmp") and middle.isdigit():
                try:
                    os.remove(os.path.join(self.folder, name))
                except OSError:
                    pass

    def close(self):
        """Release the lock and remove its file (the NVM file stays as last
        saved); the process ending releases the lock too, but leaves the
        file."""
        if self._lock_fd is None:
            return
        self._lock_fd = None
        held = _HELD.get(self.path)
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del _HELD[self.path]
            try:
                try:
                    os.remove(self._lock_path())  # while it is still held: see _take_lock
                except OSError:
                    pass
                fcntl.flock(held[0], fcntl.LOCK_UN)
            finally:
                os.close(held[0])

    def _is_read_only(self):
        try:
            mode = os.stat(self.path).st_mode
        except FileNotFoundError:
            return False
        except OSError:
            return True
        return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(self.path, os.W_OK)

    # -- the bytearray interface ---------------------------------------

    def __len__(self):
        return len(self._data)

    def __getitem__(self, index):
        """One byte (int) or a slice (a new bytearray, as on the device)."""
        if isinstance(index, slice):
            return bytearray(self._data[index])
        return self._data[index]

    def __setitem__(self, index, value):
        """Write one byte or a slice of equal length, then persist the file.

        :raises OSError: the file could not be replaced (disk full,
            read-only, permission); the old file and ``self`` are unchanged.
        """
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self._data))
            if step != 1 or len(value) != stop - start:
                raise ValueError("NVM slice assignment must keep the length")
            image = bytearray(self._data)
            image[start:stop] = value
        else:
            image = bytearray(self._data)
            image[index] = value
        self._persist(image)
        self._data = image
        self.writes += 1

    def _persist(self, image):
        self.read_only = self._is_read_only()
        if self.read_only:
            # os.replace would swap a read-only file for a writable one.
            raise PermissionError(errno.EACCES, "read-only file, not replaced", self.given)
        try:
            mode = stat.S_IMODE(os.stat(self.path).st_mode)
        except OSError:
            mode = None
        temporary = os.path.join(self.folder, "%s%d.tmp" % (_temporary_prefix(self.path), os.getpid()))
        try:
            with open(temporary, "wb") as out:
                out.write(image)
                out.flush()
                os.fsync(out.fileno())
            if mode is not None:
                os.chmod(temporary, mode)  # the replaced file keeps its permissions
            os.replace(temporary, self.path)
        except BaseException:
            try:
                os.remove(temporary)
            except OSError:
                pass
            raise
        try:  # make the rename itself durable where the OS allows it
            descriptor = os.open(self.folder, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(descriptor)
        except OSError:
            pass
        finally:
            os.close(descriptor)
