# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""The app's state machine: the frame loop, routing each key to its mode, and play.

``App`` wires the game (engine) to its parts, each in a module of its own:
the play screen (app.board_view) and overlay (app.overlay), the menu and
its pages (app.menus), hint and autoplay (app.assist), saving
(app.save_policy), the backlight (app.backlight; with a battery or light
sensor app.power), the control scheme (app.controls: key events to actions)
and the feedback. The board's parts come in one record,
app.hardware.Hardware. A part is handed what it needs, never the App: the
menu and autoplay return what they want done, and the App does it.

``step()`` is one frame: act on every queued key in order, give a hint
asked for in the last frame, advance autoplay, animation and dimming, end
with one ``display.refresh()`` (displayio sends only the areas that
changed, nothing in an idle frame: no part has to say that it drew), and
save only when no input waits. A frame that fails (out of memory or of
Python stack, or any other error) is abandoned, the game goes on from a
known state and the screen says so; nothing escapes ``step()``, and a
recovery cut short is finished at the start of the next frame
(tools/measure/faults.py raises faults at random lines to check this).
"""

from micropython import const

from app import controls as act
from app import theme
from app.animation import Animation
from app.assist import Assist
from app.backlight import OFF, Backlight
from app.board_view import BoardView
from app.feedback import Feedback
from app.memory import forget
from app.modes import CONTINUE, MENU_OPENING, NEW_GAME, OVER, PLAY, RESUME, SAVE_NOW, SETTINGS_CHANGED, START_AUTOPLAY, WON
from app.overlay import Overlay
from app.save_policy import DEFAULT_MODE, MODE_NAMES, SavePolicy, Saving, Timings
from app.settings import COLOURS, LANGUAGE, PALETTES, UNDO, Settings
from app.words import close_menu, text
from app.words import load as load_words

# The texts of app.words the play screen shows (lang/keys.txt names them).
_W_NEW_GAME_B = const(4)
_W_YOU_WIN = const(2)
_W_CONTINUE = const(3)
_W_GAME_OVER = const(5)
_W_SCORE_D = const(6)
_W_A_NEW_GAME = const(7)
_W_S_LOW_MEMORY = const(11)
_W_S_MEMORY = const(12)
_W_S_TOO = const(13)
_W_S_DEEP = const(14)
_W_S_ERROR = const(15)
_W_S_TILT = const(16)
_W_S_FAILED = const(17)
_W_S_NO_UNDO = const(39)
_W_S_UNDO = const(40)
_W_S_UNDONE = const(41)
_W_S_UNDOS_LEFT = const(42)
_W_UNDO_WAY = const(43)
_W_UNDO_HELD = const(44)

#: Frames: one every FRAME_MS while the screen is on (50 a second: a key
#: acts within a frame), one every DARK_FRAME_MS while it is off (a key
#: wakes it within 0.1 s). Between frames the board sleeps (``run``).
FRAME_MS = 20
DARK_FRAME_MS = 100
_TICKS_MASK = const(0x1FFFFFFF)  # supervisor.ticks_ms wraps at 2**29
_TICKS_HALF = const(0x10000000)
# What the status says after an undo, in the language chosen: "no" "undo"
# (none to take back), "undone", then "0 left" .. "5 left" (engine.game's
# MAX_UNDO_DEPTH at most). Made as Undo goes on or the menu closes with it
# on (_set_undo), so that an undo makes no string; () while Undo is off or
# the menu is open (it takes turns with the menu, as the solver does).
_undo_words = ()


def _undo_statuses():
    left = text(_W_S_UNDOS_LEFT)
    return (text(_W_S_NO_UNDO), text(_W_S_UNDO), text(_W_S_UNDONE), left % 0, left % 1, left % 2, left % 3, left % 4, left % 5)


class App:
    """The handheld 2048.

    :param hardware: the board's parts (:class:`app.hardware.Hardware`:
        the display, the keys, the speaker and lights, the battery, the
        light sensor, tilt...), as its profile built them.
    :param store: an ``engine.store.Store`` (``load``, ``save``, ``saves``, ``settings``).
    :param ticks_ms: millisecond clock wrapping at 2**29 (``supervisor.ticks_ms``).
    :param art: the bitmaps from ``app.artwork.painting`` (code.py paints
        first and then frees the painter).
    :param layout: the screen's :class:`app.layout.Layout`.
    :param int seed: seed for a new game when nothing is saved (None: entropy).
    :param float speed: the board's speed at the solver relative to a
        PyBadge (``hardware.speed``; None: no solver); a slower board's
        solver searches proportionally fewer nodes.

    code.py builds it, on the board and on the desktop alike (tools/play/world.py).
    """

    def __init__(self, hardware, store, ticks_ms, art, layout, seed=None, speed=1.0):
        #: The board's parts (app.hardware.Hardware).
        self.hardware = hardware
        display = hardware.display
        self.display = display
        #: The key source (the board's, merged with tilt while Settings > Tilt is on).
        self.keys = hardware.keys
        self._event = hardware.event
        self.store = store
        self.ticks_ms = ticks_ms
        #: (button, keys) pairs of a host with a keyboard (the simulator
        #: sets them): the Controls help page gets a page of them.
        self.key_names = None
        self.game = store.load(seed)
        self.settings = Settings(store.settings, DEFAULT_MODE, len(MODE_NAMES))
        load_words(self.settings.chosen(LANGUAGE))  # before anything shows a word
        self.policy = SavePolicy(mode=self.settings.save_mode)
        self.feedback = Feedback(hardware)
        self.controls = hardware.controls
        #: The step of Settings > Colours on show (0, Classic: what
        #: BoardView draws first); ~step (below 0) while that one waits to
        #: be painted.
        self._colours = 0
        self.timings = Timings()
        #: Frames abandoned for want of memory or stack (About page).
        self.faults = 0
        # From a fault until its recovery is through, the first status text
        # that says which (_settle; a frame first finishes a recovery cut
        # short); 0 while settled. (One attribute: each one more makes every
        # method call on the App a little dearer.)
        self._unsettled = 0
        self.view = BoardView(art, layout)
        self.animation = Animation(self.view, art.faces)
        self.overlay = Overlay(art.text_strip, layout, display, self.view.group)
        self.saving = Saving(store, self.game, self.policy, self.view, self.timings, ticks_ms)
        self.assist = Assist(self.game, self.view, self.timings, ticks_ms, speed)
        #: The menu and its pages (app.menus), loaded while they are open.
        self.menus = None
        #: The menu row last picked (kept while the menu is not loaded).
        self.menu_row = 0
        self.mode = PLAY
        self.choice = 0
        now = ticks_ms()
        #: The backlight (app.backlight), or on a board with a battery gauge
        #: or a light sensor its kind that reads them too (app.power, loaded
        #: only there).
        if hardware.battery is None and hardware.light is None:
            self.power = Backlight(hardware, now)
        else:
            from app.power import Power

            self.power = Power(hardware, now, self.view, self.assist, self.saving)
        #: Milliseconds the main loop sleeps after this frame (``run``).
        self.wait_ms = 0
        self._frame_at = now
        self._apply_settings()  # a saved palette other than Classic: the first step paints it
        # The frame is drawn whole and then sent (no half-drawn frame on
        # the screen): one refresh at the end of every step.
        display.auto_refresh = False
        display.root_group = self.view.group
        self.show_position()

    # -- the frame loop ------------------------------------------------

    def run(self, sleep=None):
        """Play forever (the board's main loop): a frame, then ``sleep``
        (``time.sleep``, seconds) for the rest of its slot, ``wait_ms``.

        The core idles meanwhile and the keypad scanners keep queueing
        presses: a key waits at most a frame. Nothing here stops the game:
        ``step`` lets nothing out, and a sleep that fails is a frame that
        comes sooner.
        """
        while True:
            self.step()
            if sleep is not None and self.wait_ms:
                self._rest(sleep)

    def _rest(self, sleep):
        # The sleep between frames, guarded here: a try in run's frame would
        # reserve its handler's pystack under every call of the game.
        try:
            sleep(self.wait_ms / 1000)
        except Exception:
            pass

    def step(self):
        """One frame: handle input, give a hint, advance timers, refresh, maybe save.

        Calls nest as little as they can here: on the board every Python
        call below takes pystack (1.5-2 KB in all), and a hint or a banner
        is reached from this frame.
        """
        try:
            if self._unsettled:
                self._settle()  # the last recovery was cut short by a fault of its own
            now = self.ticks_ms()
            if self.mode == MENU_OPENING:
                self._show_menu()
            self._read_keys(now)
            if self._colours < 0 and self.menus is None:
                self._show_colours()  # Settings > Colours changed (or a saved palette)
            self._do(self.assist.tick(now), now)  # autoplay's move
            self.animation.tick(now)
            self.feedback.tick(now)
            if self.power.tick(now, self.assist.autoplay) == OFF and self.policy.dirty:
                # Nobody is playing: the game is kept as the screen goes dark.
                if self.saving.may_save(now):
                    self.saving.save(now)
            # The battery and the light sensor, twice a second (written out:
            # the ticks_diff of every other frame would cost a call).
            if self.power.at >= 0 and ((now - self.power.at) & _TICKS_MASK) < _TICKS_HALF:
                self._frame_at = self.power.read(now, self._frame_at)
            # Sends what changed in this frame (nothing if nothing did).
            self.display.refresh()
            # Saving stalls the device (~75 ms NVM erase): only with no key
            # waiting; after a failure, not before the retry time.
            if not len(self.keys.events) and self.policy.due(now) and self.saving.may_save(now):
                self.saving.save(now)
            self._pace()
        except Exception as error:
            self.recover(error)  # (a call takes no heap; the pystack is back where the frame began)

    def _show_colours(self):
        # Settings > Colours, once the menu's modules are gone (the palette
        # does not add to the menu's heap): the chosen palette's record is
        # read, written into the screen's palettes and dropped, marked done
        # only once painted (a frame cut short paints it again). Not in
        # step's code: its locals would widen step's frame, which is under
        # every call of the game (16 bytes of pystack at the hint).
        from app import palettes

        colours = ~self._colours
        palettes.paint(self.view, palettes.colours(PALETTES[colours]))
        palettes = None
        forget("app.palettes")
        self._colours = colours

    def _pace(self):
        # When the next frame is due: FRAME_MS (DARK_FRAME_MS with the
        # screen off) after this one's slot began, so the frame rate holds
        # however long a frame's work took; a frame that overran its slot
        # starts the schedule again from now. (ticks_add and ticks_diff
        # written out: no calls every frame.)
        now = self.ticks_ms()
        period = DARK_FRAME_MS if self.power.off else FRAME_MS
        due = (self._frame_at + period) & _TICKS_MASK
        wait = ((due - now + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF
        if 0 < wait <= period:
            self._frame_at = due
            self.wait_ms = wait
        else:
            self._frame_at = now
            self.wait_ms = 0

    def recover(self, error):
        """A frame failed: drop what it was doing, say so, play on. Never raises.

        Out of memory (``MemoryError``), out of Python stack (CircuitPython's
        ``RuntimeError: pystack exhausted``, or recursion), or anything else
        a part raised: ``_settle`` (below) puts the game, the keys and the
        screen back in order and the status says which. A fault during this
        is caught too: the next frame begins by finishing the recovery.
        """
        try:
            self._unsettled = _W_S_ERROR  # until it is known which
            self.faults += 1
            if isinstance(error, MemoryError):
                self._unsettled = _W_S_LOW_MEMORY
            elif isinstance(error, RuntimeError):
                self._unsettled = _W_S_TOO  # out of Python stack, or recursion
            self._settle()
        except Exception:
            # A fault of its own (even at the first line): the next frame
            # finishes it first (this store allocates nothing).
            self._unsettled = self._unsettled or _W_S_ERROR
        try:
            self._pace()  # a dropped frame keeps the frame rate too
        except Exception:
            pass  # the last frame's wait stands (0 .. DARK_FRAME_MS)

    def _settle(self):
        # After a fault: the solver and animation stopped, the keys read as
        # their source wants, the game whole (engine.game's settle: its
        # flags follow its board), the screen drawn again from it (the view
        # forgets what it believed it showed), the menu closed, and the
        # status that says why. Each step may be
        # done again: a fault here leaves _unsettled set for the next frame.
        self.assist.cancel()
        self.assist.stop()
        forget()  # collects, and mends a forget cut short (app.memory)
        self._wire_keys()
        self.game.settle()
        self.view.forget()
        self.show_position()  # the board, the scores, the banner; the menu closes
        self.view.show_hint(-1)
        first = self._unsettled  # (numbers, not a tuple of pairs: no heap)
        self.view.say(first, _W_S_MEMORY if first == _W_S_LOW_MEMORY else _W_S_DEEP if first == _W_S_TOO else -1)
        self._unsettled = 0

    def _read_keys(self, now):
        events = self.keys.events
        controls = self.controls
        event = self._event
        if event is not None:
            # get_into() reuses one Event: no allocation per key event.
            while events.get_into(event):
                action = controls.translate(event, now)
                if action != act.NONE:
                    self._act(action, now)
        else:
            event = events.get()
            while event is not None:
                action = controls.translate(event, now)
                if action != act.NONE:
                    self._act(action, now)
                event = events.get()
        if self._can_overflow and events.overflowed:
            # The queue dropped events: a lost release would leave a key
            # "held" for good, so forget what is held, and clear the flag
            # (keypad's is read-only: clear() resets it with the queue).
            controls.forget()
            if hasattr(events, "clear"):
                events.clear()
            else:
                try:
                    events.overflowed = False
                except (AttributeError, TypeError):
                    pass
        action = controls.poll(now)
        if action != act.NONE:
            self._act(action, now)

    def input_failed(self):
        """An input gave up (tilt on a sensor that keeps failing): say so."""
        self.view.say(_W_S_TILT, _W_S_FAILED)

    # -- routing -------------------------------------------------------

    def _act(self, action, now):
        # One action from a key: wake the screen, stop autoplay, or act in
        # the current mode; a menu page's request is done here.
        if self.power.touched(now):
            self.controls.swallow()  # the press only wakes the screen
            return
        if self.assist.autoplay:
            # Any key stops autoplay and does nothing else (an undo too).
            self.controls.swallow()
            self.assist.stop()
            return
        if action == act.PRESS:
            return
        if self.mode == MENU_OPENING:
            self._show_menu()  # a key right after Start, in the same frame
        if self.menus is not None:
            if action == act.UNDO:
                action = act.BACK  # a held B (or O) in a menu is B
            request = self.menus.handlers[self.mode](action, now)
            if request is not None:
                self._do(request, now)
            if self.menus is not None:
                self.mode = self.menus.mode  # the page the menu shows now
        elif self.mode == PLAY:
            self._on_play(action, now)
        elif self.mode == WON:
            self._on_won(action, now)
        else:
            self._on_over(action, now)

    def _do(self, request, now):
        # What a part asked for (app.modes): autoplay's move or its Continue,
        # or a menu page's request. Save now is done here, not in the menu:
        # the chain down to the record's checks is a level shorter.
        if request is None:
            return
        if request <= act.LEFT:
            if not self.move(request, now):
                self.assist.stop()  # the solver's move changed nothing
        elif request == CONTINUE:
            self._on_won(act.CONFIRM, now)  # on Continue: autoplay never moves the banner's bar
        elif request == SAVE_NOW:
            self.resume()
            self.saving.save(now, True)
        elif request == RESUME:
            self.resume()
        elif request == NEW_GAME:
            self.new_game(now)
        elif request == START_AUTOPLAY:
            self.resume()
            self.assist.start(now, self.power.low_power)
        elif request == SETTINGS_CHANGED:
            self._apply_settings()
            self.policy.changed(now)  # kept like a move
            self.menus.show_settings()  # as applied (Tilt goes back off without a sensor)
        else:
            raise ValueError(request)  # a request app.modes has and this does not

    def open_menu(self, now=None):
        """Open the menu (Start); a player opening it may be about to switch off.

        The menu takes turns in memory with the solver and the undo
        statuses: they go (the next hint loads the solver, ``resume`` makes
        the statuses again) and the menu's modules load, until ``resume``
        lets them go.
        """
        global _undo_words
        if now is not None:
            self.policy.urgent(now)
        self.animation.finish()
        _undo_words = ()
        self.assist.release()
        # The menu shows from the next frame, into the room they leave.
        self.mode = MENU_OPENING
        self.controls.playing = False

    def _show_menu(self):
        if self.menus is None:
            from app.menus import Menus

            self.menus = Menus(
                self.overlay, self.menu_row, self.settings, self.hardware, self.saving, self.faults, self.key_names
            )
        self.menus.open()
        self.mode = self.menus.mode

    def resume(self):
        """Back to whatever the game needs: its banner, or the board."""
        if self.menus is not None:
            # Back from the menu: its modules go, making room for the
            # solver, and Undo's history and statuses come into it. Safe to
            # repeat: a fault half-way leaves it to the recovery's
            # resume(), which closes what is left.
            self.menu_row = self.menus.row
            self.menus = None
            close_menu()  # their words, then the modules
            forget("app.menus", "app.pages", "app.help_text", "app.stats_page", "app.about_page", "app.failure_words")
            self._set_undo()
            if hasattr(self.keys, "level"):
                self.keys.level()  # tilt plays from how the board is held now
        game = self.game
        if game.waiting:
            self.mode = WON
            self.choice = 0
            self.overlay.show_banner(text(_W_YOU_WIN), (text(_W_CONTINUE), text(_W_NEW_GAME_B)), theme.WIN_GOLD, 0)
        elif game.over:
            self.mode = OVER
            self.overlay.show_banner(text(_W_GAME_OVER), self._game_over_lines(), theme.OVERLAY, 1)
        else:
            self.mode = PLAY
            self.overlay.hide()
        self.controls.playing = self.mode == PLAY

    def _game_over_lines(self):
        # The game over banner's two lines. The way on names A as the board
        # does (a Sprig's L); with a move to undo, the undo button (the
        # score is by the board). (A method of its own: resume's frame,
        # under the menu's closing, stays small; with these locals in it, a
        # stale reference once held the menu's 9 KB live.)
        game = self.game
        controls = self.controls
        way_on = text(_W_A_NEW_GAME).replace("{A}", controls.name("A"))
        first = text(_W_SCORE_D) % game.score
        if game.can_undo:
            button = controls.undo_button
            if button[:5] == "Hold ":
                first = text(_W_UNDO_HELD) % controls.name(button[5:])
            else:
                first = text(_W_UNDO_WAY) % controls.name(button)
        return (first, way_on)

    def _set_undo(self):
        # Settings > Undo: the game keeps as many moves as the row says
        # (fewer drops the oldest: engine.game.Game.undo_depth), the undo
        # button undoes and its statuses are made; Off lets the history and
        # its module go.
        global _undo_words
        depth = self.settings.chosen(UNDO)
        if depth != self.game.undo_depth:
            self.game.undo_depth = depth
            if not depth:
                forget("engine.history")
        self.controls.undo = depth > 0
        _undo_words = (_undo_words or _undo_statuses()) if depth else ()

    def _apply_settings(self):
        global _undo_words
        settings = self.settings
        if load_words(settings.chosen(LANGUAGE)):
            _undo_words = ()  # made again in the new language (_set_undo)
            self.view.retitle()  # the scores' titles in the new language
        self.policy.set_mode(settings.save_mode)
        self.power.apply(settings, self._frame_at)  # Brightness, "auto" too
        self.power.off_after_ms = settings.screen_off_ms
        # Another palette is painted by step() once the menu is closed, on
        # a shallow stack (an import and the paint, under the Settings
        # page's chain of calls, would not fit the pystack).
        colours = settings.choice(COLOURS)
        shown = self._colours if self._colours >= 0 else ~self._colours
        if colours != shown:
            self._colours = ~colours
        self.feedback.apply(settings)
        # The key source: the buttons, merged with tilt while it is on.
        tilt = self.hardware.tilt
        if tilt is not None and settings.tilt:
            self.keys = tilt(self.keys, self._event, settings)
        if self.menus is None:
            self._set_undo()  # (from the menu: as it closes, in resume)
        self._wire_keys()

    def _wire_keys(self):
        # How the key source is read: into the Event only where its queue
        # has get_into() (only that refills a given Event); its overflow
        # flag where it has one; a sensor that gives up (tilt) says so.
        # Done again by a recovery: a fault right after the source changed
        # left it read the old source's way, failing every frame.
        keys = self.keys
        if not hasattr(keys.events, "get_into"):
            self._event = None
        self._can_overflow = hasattr(keys.events, "overflowed")
        if hasattr(keys, "on_failure"):
            keys.on_failure = self.input_failed

    # -- play ----------------------------------------------------------

    def _on_play(self, action, now):
        if action <= act.LEFT:
            self.move(action, now)
        elif action == act.MENU:
            self.open_menu(now)
        elif action == act.HINT:
            self.assist.request_hint(self.power.low_power)
        elif action == act.AUTOPLAY:
            self.assist.start(now, self.power.low_power)
        elif (action == act.BACK or action == act.UNDO) and self.game.undo_depth:
            self.undo(now)
        else:
            self.view.show_hint(-1)
            self.view.show_status()

    def move(self, direction, now):
        """Play ``direction`` (0..3); returns True if the board changed."""
        game = self.game
        self.animation.finish()
        self.animation.hold(game.cells)  # the board before the move, to slide from
        score = game.score
        if not game.move(direction):
            return False
        self.assist.cancel()
        self.policy.changed(now)
        self.view.show_hint(-1)
        if not self.assist.autoplay:
            self.view.show_status()
        if game.score != score:
            self.feedback.merged(game.max_exponent, now)
        # The move on screen (here, not in a helper: this is one of the
        # game's longest call chains, and each level takes pystack).
        if self.settings.animations and not self.power.low_power:
            self.animation.start(game.cells, direction, now)
        else:
            self.view.show_cells(game.cells)
        self.view.show_scores(game.score, game.best)
        if game.waiting:
            self.policy.urgent(now)
            self.feedback.won(now)
            self.assist.won(now)
            self.resume()  # the win banner
        elif game.over:
            self.policy.urgent(now)
            self.assist.stop()
            self.resume()  # the game over banner
        return True

    def undo(self, now):
        """The undo button (Settings > Undo on): take the last move back and
        show the board as it was, or say there is none to take back.

        Works on the play screen and on both banners: the position before a
        move is always one to play on from (a game over revived; the win
        banner is then behind this game: engine.game.Game.undo). Kept like
        a move (the save policy).
        """
        game = self.game
        self.animation.finish()
        self.assist.cancel()
        self.view.show_hint(-1)
        words = _undo_words or _undo_statuses()  # (made already while Undo is on)
        if not game.undo():
            self.view.show_status(words[0], words[1])
            return
        self.policy.changed(now)
        # The board drawn as it is now: only the cells that differ change.
        self.view.show_cells(game.cells)
        self.view.show_scores(game.score, game.best)
        self.view.show_status(words[2], words[3 + game.history.undoable])
        self.resume()  # off a banner, to play

    def _on_won(self, action, now):
        if (action == act.BACK or action == act.UNDO) and self.game.undo_depth:
            # The undo button takes the winning move back (the banner does
            # not show again this game: engine.game.Game.undo).
            self.undo(now)
        elif action <= act.LEFT:
            self.choice = 1 - self.choice
            self.overlay.select(self.choice)
        elif action == act.CONFIRM or action == act.BACK:
            if action == act.BACK or self.choice == 0:
                # Continue: the same board, played on for 4096 and up.
                self.game.continue_playing()
                self.policy.urgent(now)
                self.resume()
            else:
                self.new_game(now)
        elif action == act.MENU:
            self.open_menu()

    def _on_over(self, action, now):
        if action == act.CONFIRM:
            self.new_game(now)
        elif (action == act.BACK or action == act.UNDO) and self.game.can_undo:
            self.undo(now)  # the game revived
        elif action == act.UNDO:
            self.undo(now)  # says there is none
        elif action == act.BACK:
            # Peek at the final board, and back.
            if self.overlay.visible:
                self.overlay.hide()
            else:
                self.resume()
        elif action == act.MENU:
            self.open_menu()

    def new_game(self, now):
        """Start over (score 0, two tiles; best and stats stay), on the board."""
        self.assist.cancel()
        self.game.new_game()
        self.policy.urgent(now)
        self.view.show_hint(-1)
        self.view.show_status()
        self.show_position()

    def show_position(self):
        """Draw the game as it is (after a change from outside too: tests,
        tools): the board, the scores and the banner the game calls for."""
        self.animation.finish()
        self.view.show_cells(self.game.cells)
        self.view.show_scores(self.game.score, self.game.best)
        self.resume()
