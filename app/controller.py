"""The app's state machine: play, win banner, game over, menu, help, settings.

``App`` wires the game (engine), the screens (board view + overlay), the
controls, saving and feedback, like the original 2048's application file.
It is driven by ``step()``, one call per frame: read every queued key event,
act on each in order, advance autoplay / animation / dimming, refresh the
display once if anything changed, and save only when no input is waiting.
"""

from app import controls as act
from app import pages, theme
from app.animation import Animation
from app.board_view import BoardView
from app.faces import build_sheet
from app.feedback import Feedback
from app.fonts import Fonts
from app.menus import MenuScreens
from app.overlay import Overlay
from app.settings import Settings
from app.modes import MENU, OVER, PLAY, WON
from app.save_policy import DEFAULT_MODE, MODE_NAMES, SavePolicy
from app.timing import ticks_add, ticks_diff
from engine import rules
from engine.store import FAILED, NO_NVM, SAVED, UNCHANGED

# What a store's save may answer (True / False from an older store count as
# SAVED / UNCHANGED); anything else is taken as a failure.
_SAVE_OUTCOMES = (SAVED, UNCHANGED, FAILED, NO_NVM)

#: No input for this long dims the backlight (ms).
DIM_AFTER_MS = 60000
#: Autoplay: least time between two moves (ms).
AUTOPLAY_MS = 250
#: Autoplay: how long the win banner stays before it continues by itself (ms).
AUTO_CONTINUE_MS = 1500
#: Backlight while dimmed, as a share of the chosen brightness.
DIM_SHARE = 0.15
#: After a failed save, the next try waits this long (ms), doubling after
#: each further failure up to SAVE_RETRY_MAX_MS: a broken NVM is not worn
#: (or the game stalled) by a try every frame.
SAVE_RETRY_MS = 2000
SAVE_RETRY_MAX_MS = 64000


def _load_solver():
    # code.py imports the solver at start-up; if it is missing, or there is
    # no room to load it now, the hint says "no solver" and play goes on.
    try:
        from engine.solver import DEVICE, best_move
    except (ImportError, MemoryError):
        return None, None
    return best_move, DEVICE


class App(MenuScreens):
    """The handheld 2048.

    The play flow (moves, banners, autoplay, dimming, saving) is here; the
    menu and its pages are in :class:`app.menus.MenuScreens`.

    :param display: ``root_group``, ``refresh()``, ``auto_refresh``, ``brightness``.
    :param keys: has ``events`` with ``get()`` -> keypad-style Event or None
        (key numbers 0..7 = B, A, Start, Select, Right, Down, Up, Left).
    :param store: an ``engine.store.Store`` (``load``, ``save``, ``saves``,
        ``settings``, ``refused``, ``refusal``, ``failure``).
    :param ticks_ms: millisecond clock wrapping at 2**29 (``supervisor.ticks_ms``).
    :param str font_dir: folder of the .pcf fonts ("/fonts" on the device).
    :param speaker: optional tone player (see :class:`app.feedback.Feedback`).
    :param pixels: optional NeoPixels.
    :param solver: optional ``best_move(cells) -> 0..3 or -1``; default:
        ``engine.solver.best_move`` with the DEVICE effort.
    :param int seed: seed for a new game when nothing is saved (None: entropy).
    :param event: optional ``keypad.Event()`` to read keys into with
        ``events.get_into`` (no allocation per key event on the device).
    """

    def __init__(
        self,
        display,
        keys,
        store,
        ticks_ms,
        font_dir="/fonts",
        speaker=None,
        pixels=None,
        solver=None,
        seed=None,
        event=None,
    ):
        self.display = display
        self.keys = keys
        # Only a queue with get_into() can refill a given Event.
        self._event = event if hasattr(keys.events, "get_into") else None
        # keypad.EventQueue says when it dropped events (queue full).
        self._can_overflow = hasattr(keys.events, "overflowed")
        self.store = store
        self.ticks_ms = ticks_ms
        self.game = store.load(seed)
        self.settings = Settings(store.settings, DEFAULT_MODE, len(MODE_NAMES))
        self.policy = SavePolicy(mode=self.settings.save_mode)
        self.feedback = Feedback(speaker, pixels)
        self.controls = act.Controls()
        self._solver = solver
        fonts = Fonts(font_dir)
        sheet, palette = build_sheet(fonts)
        self.view = BoardView(fonts, sheet, palette)
        self.animation = Animation(self.view, sheet, palette)
        self.overlay = Overlay(fonts.text)
        self.view.group.append(self.overlay.group)
        # Every digit is drawn into a sprite sheet by now.
        fonts.close()
        self.mode = PLAY
        self.choice = 0
        self.menu_row = 0
        self.help_document = 0
        self.help_page = 0
        self.help_pages = ()
        self.autoplay = False
        self.dimmed = False
        self._before = [0] * 16
        now = ticks_ms()
        self.last_input = now
        self._next_auto = now
        self._won_at = now
        # Device timings for the About page (ms; -1 until measured): what
        # the desktop can only estimate, the board reports itself.
        self.last_save_ms = -1
        self.last_think_ms = -1
        #: Outcome of the last save (engine.store.SAVED, UNCHANGED, FAILED,
        #: NO_NVM; None before the first) and, if it failed, why.
        self.last_save = None
        self.save_failure = None
        # Wait before the next try after a failure (ms; 0: none failed).
        self._retry_ms = 0
        self._retry_at = now
        self._dirty = True
        self._apply_settings()
        display.auto_refresh = False
        display.root_group = self.view.group
        self._show_game()
        self._resume()

    # -- the frame loop ------------------------------------------------

    def run(self):
        """Play forever (device main loop)."""
        while True:
            self.step()

    def step(self):
        """One frame: handle input, advance timers, refresh once, maybe save.

        Split into small methods: MicroPython without a pystack (the test
        VM) heap-allocates any frame of more than ~11 slots on every call.
        """
        now = self.ticks_ms()
        self._read_keys(now)
        self._advance(now)
        if self._dirty:
            self._dirty = False
            self.display.refresh()
        # Saving stalls the device (~75 ms NVM erase): only with no key waiting.
        if not len(self.keys.events) and self.policy.due(now) and self._may_retry(now):
            self.save(now)

    def _read_keys(self, now):
        events = self.keys.events
        event = self._event
        if event is not None:
            # get_into() reuses one Event: no allocation per key event.
            while events.get_into(event):
                self._on_event(event, now)
        else:
            event = events.get()
            while event is not None:
                self._on_event(event, now)
                event = events.get()
        if self._can_overflow and events.overflowed:
            self._lost_keys()
        action = self.controls.poll(now)
        if action != act.NONE:
            self._on_key_action(action, now)

    def _lost_keys(self):
        # The queue was full and dropped events (the ones before were read
        # in order above). A dropped release would leave a key "held" for
        # good: forget what is held, and clear the flag (keypad's
        # overflowed is read-only; clear() resets it with the queue; a
        # queue without clear() may let the flag be set).
        self.controls.forget()
        events = self.keys.events
        if hasattr(events, "clear"):
            events.clear()
        else:
            try:
                events.overflowed = False
            except (AttributeError, TypeError):
                pass

    def _advance(self, now):
        if self.autoplay:
            self._autoplay_tick(now)
        if self.animation.tick(now):
            self._dirty = True
        self.feedback.tick(now)
        if not self.dimmed and not self.autoplay and ticks_diff(now, self.last_input) >= DIM_AFTER_MS:
            self._dim()

    def _may_retry(self, now):
        return not self._retry_ms or ticks_diff(now, self._retry_at) >= 0

    def save(self, now):
        """Save the game now: the one path for every save (the policy, Save
        now, the simulator closing).

        Nothing a save raises stops the game. A failure leaves the policy's
        unsaved changes in place, so the game is saved again once
        ``SAVE_RETRY_MS`` (doubling) has passed, and shows "save FAILED".

        :return: the outcome, ``engine.store.SAVED`` (written and read back
            equal), ``UNCHANGED``, ``FAILED`` or ``NO_NVM``.
        """
        started = self.ticks_ms()
        failure = None
        try:
            outcome = self.store.save(self.game)
            if outcome not in _SAVE_OUTCOMES:  # a stranger's answer
                outcome = FAILED
            if outcome == FAILED:
                failure = getattr(self.store, "failure", None)
        except Exception as error:  # a store object that raises after all
            outcome = FAILED
            failure = type(error).__name__
        self.last_save = outcome
        self.save_failure = failure
        if outcome == FAILED:
            retry = self._retry_ms * 2 if self._retry_ms else SAVE_RETRY_MS
            self._retry_ms = retry if retry < SAVE_RETRY_MAX_MS else SAVE_RETRY_MAX_MS
            self._retry_at = ticks_add(now, self._retry_ms)
            self.view.show_status("save\nFAILED")
            self._dirty = True
            return outcome
        self._retry_ms = 0
        if outcome == SAVED:
            self.last_save_ms = ticks_diff(self.ticks_ms(), started)
        self.policy.saved(now)
        return outcome

    # -- input ---------------------------------------------------------

    def _on_event(self, event, now):
        action = self.controls.translate(event, now)
        if action == act.NONE:
            return
        self.last_input = now
        if self.dimmed:
            # The press only wakes the screen.
            self.controls.swallow()
            self._wake()
            return
        self._on_key_action(action, now)

    def _on_key_action(self, action, now):
        if self.autoplay:
            # Any key stops autoplay and does nothing else.
            self.controls.swallow()
            self._stop_autoplay()
            return
        if action == act.PRESS:
            return
        self._dirty = True
        handler = _HANDLERS[self.mode]
        handler(self, action, now)

    # -- play ----------------------------------------------------------

    def _on_play(self, action, now):
        if action <= act.LEFT:
            self.move(action, now)
        elif action == act.MENU:
            self._open_menu(now)
        elif action == act.HINT:
            self.hint()
        elif action == act.AUTOPLAY:
            self._start_autoplay(now)
        else:
            self.view.show_hint(-1)
            self.view.show_status("")

    def move(self, direction, now):
        """Play ``direction`` (0..3); returns True if the board changed."""
        game = self.game
        self.animation.finish()
        self._snapshot()
        score = game.score
        if not game.move(direction):
            return False
        self.policy.changed(now)
        self.view.show_hint(-1)
        if not self.autoplay:
            self.view.show_status("")
        if game.score != score:
            self.feedback.merged(game.max_exponent, now)
        self._show_move(direction, now)
        if game.waiting:
            self._on_win(now)
        elif game.over:
            self.policy.urgent(now)
            self._stop_autoplay()
            self._show_over()
        return True

    def _snapshot(self):
        # The board before the move, for the slide animation.
        before = self._before
        cells = self.game.cells
        for index in range(16):
            before[index] = cells[index]

    def _show_move(self, direction, now):
        game = self.game
        if self.settings.animations:
            self.animation.start(self._before, game.cells, direction, now)
        else:
            self.view.show_cells(game.cells)
        self.view.show_scores(game.score, game.best)
        self._dirty = True

    def _on_win(self, now):
        self.policy.urgent(now)
        self.feedback.won(now)
        self._won_at = now
        self._show_won()

    def hint(self):
        """Ask the solver, showing a 'thinking' mark meanwhile."""
        solver = self._get_solver()
        if solver is None:
            self.view.show_status("no\nsolver")
            return
        self.view.show_status("think\n...")
        self.display.refresh()
        direction = solver(self.game.cells)
        self.view.show_hint(direction)
        if direction < 0:
            self.view.show_status("no\nmove")
        else:
            self.view.show_status("hint\n" + rules.NAMES[direction].upper())

    def _get_solver(self):
        if self._solver is None:
            best_move, effort = _load_solver()
            if best_move is None:
                return None
            ticks_ms = self.ticks_ms

            def solver(cells):
                started = ticks_ms()
                direction = best_move(cells, effort, ticks_ms)
                self.last_think_ms = ticks_diff(ticks_ms(), started)
                return direction

            self._solver = solver
        return self._solver

    # -- autoplay ------------------------------------------------------

    def _start_autoplay(self, now):
        if self.game.over or self._get_solver() is None:
            self.view.show_status("no\nsolver" if not self.game.over else "game\nover")
            return
        self.autoplay = True
        self._next_auto = now
        self._won_at = now
        self.view.show_hint(-1)
        self.view.show_status("AUTO\nplay")
        self._resume()

    def _stop_autoplay(self):
        if self.autoplay:
            self.autoplay = False
            self.view.show_status("")
            self._dirty = True
            # Watching counts as input: no dimming right after autoplay.
            self.last_input = self.ticks_ms()

    def _autoplay_tick(self, now):
        if self.mode == WON:
            if ticks_diff(now, self._won_at) >= AUTO_CONTINUE_MS:
                self.game.continue_playing()
                self.policy.urgent(now)
                self._resume()
                self._dirty = True
            return
        if self.mode != PLAY or ticks_diff(now, self._next_auto) < 0:
            return
        direction = self._solver(self.game.cells)
        if direction < 0 or not self.move(direction, now):
            self._stop_autoplay()
            return
        self._next_auto = ticks_add(now, AUTOPLAY_MS)

    # -- banners -------------------------------------------------------

    def _show_won(self):
        self.mode = WON
        self.choice = 0
        self.overlay.show_banner("You win!", ("Continue", "New game"), theme.WIN_GOLD, 0)

    def _show_over(self):
        self.mode = OVER
        self.overlay.show_banner(
            "Game over", ("Score %d" % self.game.score, "A: New game"), theme.OVERLAY, 1
        )

    def _on_won(self, action, now):
        if action <= act.LEFT:
            self.choice = 1 - self.choice
            self.overlay.select(self.choice)
        elif action == act.CONFIRM or action == act.BACK:
            if action == act.BACK or self.choice == 0:
                self.game.continue_playing()
                self.policy.urgent(now)
            else:
                self.new_game(now)
            self._resume()
        elif action == act.MENU:
            self._open_menu()

    def _on_over(self, action, now):
        if action == act.CONFIRM:
            self.new_game(now)
            self._resume()
        elif action == act.BACK:
            # Peek at the final board, and back.
            if self.overlay.visible:
                self.overlay.hide()
            else:
                self._show_over()
        elif action == act.MENU:
            self._open_menu()

    def new_game(self, now):
        """Start over (score 0, two tiles); best and stats stay."""
        self.animation.finish()
        self.game.new_game()
        self.policy.urgent(now)
        self.view.show_hint(-1)
        self.view.show_status("")
        self._show_game()

    # -- menu and pages --------------------------------------------------

    def _open_menu(self, now=None):
        if now is not None:
            # A player opening the menu may be about to switch off.
            self.policy.urgent(now)
        self.mode = MENU
        self.animation.finish()
        self.overlay.show_page("Menu", pages.menu_lines(self.autoplay), self.menu_row)

    def _resume(self):
        """Back to whatever the game needs: its banner, or the board."""
        game = self.game
        if game.waiting:
            self._show_won()
        elif game.over:
            self._show_over()
        else:
            self.mode = PLAY
            self.overlay.hide()
        self._dirty = True

    def _apply_settings(self):
        settings = self.settings
        self._set_brightness(settings.brightness)
        self.feedback.sound = settings.sound
        self.feedback.lights = settings.lights
        if not (settings.sound and settings.lights):
            self.feedback.off()

    # -- screen helpers ------------------------------------------------

    def show_position(self):
        """Redraw after the game was changed from outside (tests, tools):
        the board, the scores and the banner the game calls for."""
        self.animation.finish()
        self._show_game()
        self._resume()

    def _show_game(self):
        self.view.show_cells(self.game.cells)
        self.view.show_scores(self.game.score, self.game.best)
        self._dirty = True

    def _set_brightness(self, level):
        try:
            self.display.brightness = level
        except (AttributeError, NotImplementedError, RuntimeError):
            pass  # a display without a backlight control

    def _dim(self):
        self.dimmed = True
        self._set_brightness(self.settings.brightness * DIM_SHARE)

    def _wake(self):
        self.dimmed = False
        self._set_brightness(self.settings.brightness)


# Action handler per mode, indexed by the mode constants above.
_HANDLERS = (
    App._on_play,
    App._on_won,
    App._on_over,
    App._on_menu,
    App._on_confirm_new,
    App._on_help_menu,
    App._on_help_page,
    App._on_info,
    App._on_settings,
    App._on_info,
)
