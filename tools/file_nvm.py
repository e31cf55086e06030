"""The simulator's ``microcontroller.nvm``: a bytearray kept in a file.

Every assignment rewrites the whole file atomically (temporary file in the
same folder, flush, fsync, ``os.replace``), so the simulator resumes like the
device, and killing it mid-save leaves the old file or the new one, never a
mix. A missing file reads as erased flash (all 0xFF).
"""

import os


class FileNVM:
    """Bytearray-like NVM backed by ``path``.

    :param path: file holding the NVM image (created on the first write).
    :param int size: bytes of NVM (8192 like a PyBadge). A file of another
        length is cut or padded with 0xFF to this size.
    """

    def __init__(self, path, size=8192):
        self.path = os.fspath(path)
        self._data = bytearray(b"\xff" * size)
        #: Assignments made (each one an erase on a PyBadge).
        self.writes = 0
        try:
            with open(self.path, "rb") as stored:
                content = stored.read(size)
        except FileNotFoundError:
            content = b""
        self._data[: len(content)] = content

    def __len__(self):
        return len(self._data)

    def __getitem__(self, index):
        """One byte (int) or a slice (a new bytearray, as on the device)."""
        if isinstance(index, slice):
            return bytearray(self._data[index])
        return self._data[index]

    def __setitem__(self, index, value):
        """Write one byte or a slice of equal length, then persist the file."""
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
        folder = os.path.dirname(os.path.abspath(self.path))
        temporary = os.path.join(folder, ".%s.%d.tmp" % (os.path.basename(self.path), os.getpid()))
        try:
            with open(temporary, "wb") as out:
                out.write(image)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            try:
                os.remove(temporary)
            except OSError:
                pass
            raise
        try:  # make the rename itself durable where the OS allows it
            descriptor = os.open(folder, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(descriptor)
        except OSError:
            pass
        finally:
            os.close(descriptor)
