"""Glue between the app and saving: the save policy, with a stand-in.

``app.save_policy`` (when present) decides when a save is worth an NVM
erase. Until it exists this module offers a minimal policy with the same
methods, so the app runs either way.
"""

from app.timing import ticks_diff

try:
    from app.save_policy import DEFAULT_MODE, MODE_NAMES, SavePolicy
except ImportError:  # a stand-in, should the module be left out
    SavePolicy = None
    MODE_NAMES = ("after 10 s idle",)
    DEFAULT_MODE = 0


class _IdlePolicy:
    """Save 10 s after the last change, at once after an urgent one."""

    def __init__(self, mode=0):
        self.mode = mode
        self._pending = False
        self._urgent = False
        self._since = 0

    def set_mode(self, mode):
        self.mode = mode

    def changed(self, now):
        self._pending = True
        self._since = now

    def urgent(self, now):
        self._pending = True
        self._urgent = True
        self._since = now

    def due(self, now):
        if not self._pending:
            return False
        return self._urgent or ticks_diff(now, self._since) >= 10000

    def saved(self, now):
        self._pending = False
        self._urgent = False


def make_policy(mode):
    """A save policy in ``mode`` (an index into MODE_NAMES)."""
    if SavePolicy is None:
        return _IdlePolicy(mode)
    return SavePolicy(mode=mode)
