# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""Simulate seeded human play under each save policy: NVM wear against play lost.

    python -m tools.measure.wear [--hours 60] [--seed 1]

Prints, per mode of ``app.save_policy``: NVM erases per hour of play, the
longest stretch of play a power cut could lose (seconds and moves), what a
player loses on switching off, and the NVM's expected life at 10,000 cycles
(the SAMD51's rated minimum) and 100,000. A second table gives, per mode
and per layout of ``engine.store`` (``LAYOUTS``: SAMD51 "block", nRF52840
"pages", RP2040 "log"), the erases per hour of the most-worn erase unit,
what a cut during a save loses, how often a switch-off loses the whole
game, and the life at that chip's rated cycles.

Human timing model (per session; all draws from one seeded generator):

* A session is 10-45 minutes of play, then the player switches off 1-10 s
  (uniform) after the last thing they did. Play time is the time the game is
  on, breaks aside.
* Moves alternate between two states. *Flow*: gaps between moves are
  log-normal, median 0.55 s (sigma 0.5), clipped to 0.12-5 s. After a flow
  move: 8 % chance of a *thinking pause* (one gap, log-normal median 3.5 s,
  sigma 0.6, clipped to 1-30 s), 5 % chance of a *burst* (4-15 moves,
  0.12-0.30 s apart).
* Breaks: after any move, 1 in 3000 chance (about one a session) the player looks away for
  30 s - 5 min with the game on (not counted as play time).
* Games last 400-1400 moves. The last move is a game over (urgent save);
  2-10 s later the player starts a new game (urgent). In a quarter of the
  games a 2048 appears at 70 % of the moves (urgent); 2-6 s later the player
  chooses Continue (urgent).
* After any move, 1 in 2000 chance (a few times a session) the menu is opened (urgent) for 3-15 s.
* With undo (``UNDO_SHARE``, the last lines of the output only): after a
  flow move, 1 in 30 chance that the player takes it back 0.5-2 s later
  (a change of the saved game, like a move, but no move).

The app polls ``policy.due`` every idle frame (here every 50 ms without
input; the simulation skips the frames whose poll must answer no, to the
same results: ``Run.wake``); a save takes 75 ms (a SAMD51 erase + program, typical). A save whose
bytes equal the stored ones writes nothing, as ``engine.store`` does.
"Play lost" at a cut is the stretch from the first to the last unsaved move.
Total loss (erase model): a cut during the block erase or before the first
record is reprogrammed (~51 ms of each 75 ms write) loses both slots.

Layouts (the same saves, at the same moments; the policy's timing runs once,
with the SAMD51's 75 ms; a layout's own write time only decides whether a
save was finished when the power went): see ``LAYOUTS`` for each one's
timing and sources. A switch-off loses the whole game only inside a write's
vulnerable part: every SAMD51 write, no nRF52840 write (the newest record's
page is never erased), and only the RP2040 log's rewrite of a full sector
(one save in ``ERASE_SIZE // SLOT_SIZE`` = 32).
"""

import functools
import math
import random

from adafruit_ticks import ticks_add, ticks_diff

from app.save_policy import MODE_NAMES, SavePolicy
from engine.record import LENGTH, SLOT_SIZE
from engine.store import ERASE_SIZE
from tools import ArgumentParser, above_zero, whole

FRAME = 0.05  # seconds between idle-frame polls
WRITE_SECONDS = 0.075  # one NVM erase + program on a SAMD51 (typical)
# Part of a write during which a cut leaves no valid record: the 50 ms erase
# plus programming the record's first bytes of a 512-byte page (1.5 ms each).
VULNERABLE_SECONDS = 0.050 + 0.0015 * LENGTH / 512
TICKS_PERIOD = 1 << 29
OFF_DELAY = (1.0, 10.0)  # switch-off after the last action, seconds
#: Share of flow moves a player with undo on takes back (see the docstring).
UNDO_SHARE = 1.0 / 30


class Layout:
    """How one port writes a save under one ``engine.store`` layout.

    :param str name: the layout ("block", "pages", "log").
    :param str chip: the chip it is for.
    :param float write_seconds: one save's write (typical).
    :param float vulnerable_seconds: part of it during which a cut leaves
        no valid record (0: never).
    :param int units: erase units the saves take turns on.
    :param int per_erase: saves per erase (the log: records per sector,
        the first erase coming at save ``per_erase + 1``), else 1.
    :param rewrite: ``(write_seconds, vulnerable_seconds)`` of the one save
        in ``per_erase`` that erases, when it differs from the others (the
        log's rewrite of a full sector), else None.
    :param int cycles: rated erase cycles of the chip's flash.
    :param str loses: what a cut during a save loses, in words.
    """

    def __init__(self, name, chip, write_seconds, vulnerable_seconds, units, per_erase, rewrite, cycles, loses):
        self.name = name
        self.chip = chip
        self.write = write_seconds
        self.vulnerable = vulnerable_seconds
        self.units = units
        self.per_erase = per_erase
        self.rewrite = rewrite
        self.cycles = cycles
        self.loses = loses

    def vulnerable_chance(self, low, high):
        """Seconds of ``[low, high]`` (from the start of a save's write) in
        which a cut loses the game, averaged over where the log stands: a
        save is the rewrite of a full sector with chance ``1 / per_erase``."""
        seconds = max(0.0, min(high, self.vulnerable) - low)
        if self.rewrite is None:
            return seconds
        chance = 1.0 / self.per_erase
        return (1.0 - chance) * seconds + chance * max(0.0, min(high, self.rewrite[1]) - low)

    def worst_unit_erases(self, saves):
        """Erases the most-worn erase unit took for ``saves`` saves."""
        if self.per_erase > 1:
            return max(0, saves - 1) // self.per_erase
        return (saves + self.units - 1) // self.units


# RP2040 / RP2350 external QSPI flash (W25Q16JV on a Raspberry Pi Pico; the
# Winbond W25Q data sheets): 4 KB sector erase 45 ms typical, 256-byte page
# program 0.7 ms typical (0.4-0.8 ms across the family), 100,000 cycles.
RP_SECTOR_ERASE = 0.045
RP_PAGE_PROGRAM = 0.0007
# nRF52840 (Product Specification, NVMC): page erase 85 ms, word write 41 us
# (maxima; Nordic gives no typical), 10,000 cycles per page.
NRF_PAGE_ERASE = 0.085
NRF_WORD_WRITE = 0.000041

#: The three layouts, for the chips they are meant for.
LAYOUTS = (
    Layout(
        "block",
        "SAMD51",
        WRITE_SECONDS,
        VULNERABLE_SECONDS,
        1,
        1,
        None,
        10000,
        "the whole game from the erase until the first slot is programmed again, then only itself",
    ),
    Layout(
        "pages",
        "nRF52840",
        NRF_PAGE_ERASE + 1024 * NRF_WORD_WRITE,
        0.0,
        2,
        1,
        None,
        10000,
        "only itself (the newest record's page is not touched)",
    ),
    Layout(
        "log",
        "RP2040",
        RP_PAGE_PROGRAM,
        0.0,
        1,
        ERASE_SIZE // SLOT_SIZE,
        (RP_SECTOR_ERASE + 16 * RP_PAGE_PROGRAM, RP_SECTOR_ERASE + RP_PAGE_PROGRAM * LENGTH / 256),
        100000,
        "only itself (an append programs erased bytes)",
    ),
)


def lognormal(rng, median, sigma, low, high):
    return min(high, max(low, median * math.exp(rng.gauss(0.0, sigma))))


def session_events(rng, game, undo_share=0.0):
    """One session's events: list of (seconds, kind), and its break seconds.

    ``kind``: "move"; "undo" (the game changes: a move taken back, with
    ``undo_share`` of flow moves); "urgent" (nothing changes: menu, game
    over after the move); "urgent-change" (new game, Continue: the state
    changes). ``game`` (a dict) carries the game in progress across
    sessions.
    """
    length = rng.uniform(600.0, 2700.0)
    events = []
    breaks = 0.0
    now = 0.0
    burst = 0
    while now < length:
        if burst:
            burst -= 1
            now += rng.uniform(0.12, 0.30)
        else:
            now += lognormal(rng, 0.55, 0.5, 0.12, 5.0)
            roll = rng.random()
            if roll < 0.08:
                now += lognormal(rng, 3.5, 0.6, 1.0, 30.0)
            elif roll < 0.13:
                burst = rng.randint(4, 15)
            elif undo_share and rng.random() < undo_share:
                events.append((now, "move"))
                now += rng.uniform(0.5, 2.0)
                events.append((now, "undo"))
                now += lognormal(rng, 0.55, 0.5, 0.12, 5.0)
        events.append((now, "move"))
        game["moves"] += 1
        if game["moves"] == game["win_at"]:
            events.append((now, "urgent"))  # the win banner
            now += rng.uniform(2.0, 6.0)
            events.append((now, "urgent-change"))  # Continue
        if game["moves"] >= game["length"]:
            events.append((now, "urgent"))  # game over
            now += rng.uniform(2.0, 10.0)
            events.append((now, "urgent-change"))  # new game
            new_game(rng, game)
            continue
        if rng.random() < 1.0 / 2000:
            events.append((now, "urgent"))  # menu opened
            now += rng.uniform(3.0, 15.0)
        if rng.random() < 1.0 / 3000:
            pause = rng.uniform(30.0, 300.0)
            now += pause
            breaks += pause
    return events, breaks


def new_game(rng, game):
    game["moves"] = 0
    game["length"] = rng.randint(400, 1400)
    game["win_at"] = int(game["length"] * 0.7) if rng.random() < 0.25 else -1


class Run:
    """Policy, clock and counters for one simulated mode."""

    def __init__(self, mode, start_ticks):
        self.policy = SavePolicy(mode=mode)
        self.start_ticks = start_ticks
        self.erases = 0
        self.delayed_moves = 0
        self.longest_lost_seconds = 0.0
        self.longest_lost_moves = 0
        self.version = 0  # bumps on every change of the saved state
        self.saved_version = 0
        self.first_unsaved = None
        self.last_unsaved = None
        self.unsaved_moves = 0
        self.busy_until = -1.0
        self.saves = []
        self.save_count = 0  # saves made, lifetime (the layouts' index)
        self.moves = 0
        self.undos = 0

    def ticks(self, clock):
        return (self.start_ticks + int(clock * 1000)) % TICKS_PERIOD

    def note_loss(self):
        if self.unsaved_moves:
            lost = self.last_unsaved - self.first_unsaved
            self.longest_lost_seconds = max(self.longest_lost_seconds, lost)
            self.longest_lost_moves = max(self.longest_lost_moves, self.unsaved_moves)

    def wake(self, clock):
        """The first millisecond (``int(clock * 1000)`` of a later frame)
        at which polling the policy could answer yes or change its state;
        0 when the frame at ``clock`` must poll, ``math.inf`` when no frame
        needs to until the next event.

        Until then ``policy.due`` answers no and changes nothing: it only
        starts the policy's clock at its first call, says yes to an urgent
        event, forgets the last save once it is ``pause_gap`` old, and says
        yes ``max_age`` after the first unsaved change or ``pause`` after
        the last one when no save is remembered. These are the moments.
        """
        policy = self.policy
        if not policy._started or policy._urgent:
            return 0
        last_save = policy._last_save
        dirty = policy.dirty
        if last_save is None and not dirty:
            return math.inf
        # The soonest of the moments, in ms from now (this runs at every event).
        now = self.ticks(clock)
        soonest = math.inf
        if last_save is not None:
            soonest = ticks_diff(ticks_add(last_save, policy.pause_gap + 1), now)  # forgotten
        if dirty:
            wait = ticks_diff(ticks_add(policy._first_change, policy.max_age), now)
            if wait < soonest:
                soonest = wait
            if last_save is None:
                wait = ticks_diff(ticks_add(policy._last_change, policy.pause), now)
                if wait < soonest:
                    soonest = wait
        return int(clock * 1000) + (soonest if soonest > 0 else 0)

    def poll_until(self, clock, stop):
        # Idle frames from ``clock`` up to ``stop``; returns the next frame time.
        # The policy is polled only in the frames where its answer could be
        # yes or its state change (``wake``); the frames between pass by the
        # same steps of ``FRAME``, so every time and count is what a poll
        # in every frame gives, to the last bit.
        wake = self.wake(clock)
        while clock < stop:
            # Below (wake - 1) / 1000 s, clock * 1000 < wake whatever the rounding.
            quiet = min(stop, max(self.busy_until, (wake - 1) / 1000))
            while clock < quiet:
                clock += FRAME
            if clock >= stop:
                break
            if clock >= self.busy_until and clock * 1000 >= wake:
                if self.policy.due(self.ticks(clock)):
                    if self.version != self.saved_version:
                        self.note_loss()
                        self.erases += 1
                        self.saved_version = self.version
                        self.first_unsaved = None
                        self.unsaved_moves = 0
                        self.busy_until = clock + WRITE_SECONDS
                        self.saves.append(clock)
                        self.save_count += 1
                    self.policy.saved(self.ticks(clock))
                wake = self.wake(clock)
            clock += FRAME
        return clock

    def event(self, clock, kind):
        now = self.ticks(clock)
        if kind in ("move", "undo"):
            if clock < self.busy_until:
                self.delayed_moves += 1
            self.version += 1
            self.moves += kind == "move"
            self.undos += kind == "undo"
            if not self.unsaved_moves:
                self.first_unsaved = clock
            self.last_unsaved = clock
            self.unsaved_moves += 1
            self.policy.changed(now)
        else:
            if kind == "urgent-change":
                self.version += 1
                self.policy.changed(now)
            self.policy.urgent(now)


@functools.cache
def player(hours, seed, undo_share=0.0):
    """The player's sessions over ``hours`` of play, the same for every mode
    (drawn once, kept for the next mode): (a tuple of (when the session
    starts, its events as :func:`session_events` gives them, when the
    device is switched off), the seconds played: on until switched off,
    breaks aside). The device stays off for an hour after each session's
    switch-off window."""
    rng = random.Random(seed)
    game = {}
    new_game(rng, game)
    sessions = []
    start = played = 0.0
    while played < hours * 3600.0:
        events, breaks = session_events(rng, game, undo_share)
        last = start + events[-1][0]
        off = last + rng.uniform(*OFF_DELAY)
        sessions.append((start, events, off))
        played += off - start - breaks
        start = last + OFF_DELAY[1] + 3600.0
    return tuple(sessions), played


def simulate(mode, hours, seed, undo_share=0.0):
    """Simulate ``hours`` of play; returns a dict of results for ``mode``
    (``undo_share``: of flow moves, the share taken back)."""
    # Start 65 s before the tick counter wraps, as CircuitPython does.
    run = Run(mode, TICKS_PERIOD - 65000)
    schedule, played = player(hours, seed, undo_share)
    sessions = len(schedule)
    off_losses = 0
    off_moves = 0
    total_loss_chance = 0.0
    # Per layout: [whole-game loss chance, switch-offs losing moves, moves lost].
    per_layout = [[0.0, 0, 0] for _ in LAYOUTS]
    for start, events, off in schedule:
        clock = start
        for when, kind in events:
            clock = run.poll_until(clock, start + when)
            run.event(start + when, kind)
        last = start + events[-1][0]
        unsaved = run.unsaved_moves
        stretch = (run.first_unsaved, run.last_unsaved)
        run.saves = []
        window_end = last + OFF_DELAY[1]
        clock = run.poll_until(clock, window_end)
        # Chance that the switch-off lands in a vulnerable part of a write.
        span = OFF_DELAY[1] - OFF_DELAY[0]
        for when in run.saves:
            low = max(when, last + OFF_DELAY[0])
            high = min(when + VULNERABLE_SECONDS, window_end)
            total_loss_chance += max(0.0, high - low) / span
        for layout, tally in zip(LAYOUTS, per_layout):
            for when in run.saves:
                # The part of the write inside the switch-off window.
                low = max(0.0, last + OFF_DELAY[0] - when)
                tally[0] += layout.vulnerable_chance(low, window_end - when) / span
        # The actual switch-off, at a drawn delay: saves after it never
        # happened, so the moves unsaved at the last action are lost.
        never = sum(1 for when in run.saves if when >= off)
        run.erases -= never
        run.save_count -= never
        if unsaved:
            for layout, tally in zip(LAYOUTS, per_layout):
                if not any(when + layout.write <= off for when in run.saves):
                    tally[1] += 1
                    tally[2] += unsaved
        if unsaved and not any(when + WRITE_SECONDS <= off for when in run.saves):
            off_losses += 1
            off_moves += unsaved
            run.first_unsaved, run.last_unsaved = stretch
            run.unsaved_moves = unsaved
            run.note_loss()
        # Power off: the device restarts with what was saved.
        run.version = run.saved_version
        run.first_unsaved = None
        run.unsaved_moves = 0
        run.policy = SavePolicy(mode=mode)
    hours_played = played / 3600.0
    per_hour = run.erases / hours_played
    layouts = []
    for layout, (loss, lossy, moves) in zip(LAYOUTS, per_layout):
        worst = layout.worst_unit_erases(run.save_count) / hours_played
        layouts.append(
            {
                "layout": layout.name,
                "chip": layout.chip,
                "saves_per_hour": run.save_count / hours_played,
                "erases_per_hour": worst,
                "total_loss": loss / sessions,
                "off_lossy": lossy / sessions,
                "off_moves": moves / sessions,
                "cycles": layout.cycles,
                "life": layout.cycles / worst if worst else float("inf"),
                "loses": layout.loses,
            }
        )
    return {
        "mode": MODE_NAMES[mode],
        "erases_per_hour": per_hour,
        "lost_seconds": run.longest_lost_seconds,
        "lost_moves": run.longest_lost_moves,
        "off_lossy": off_losses / sessions,
        "off_moves": off_moves / sessions,
        "total_loss": total_loss_chance / sessions,
        "delayed_per_hour": run.delayed_moves / hours_played,
        "life_10k": 10000 / per_hour,
        "life_100k": 100000 / per_hour,
        "hours": hours_played,
        "moves_per_hour": run.moves / hours_played,
        "erases_per_1000_moves": 1000.0 * run.erases / run.moves,
        "undos_per_hour": run.undos / hours_played,
        "layouts": layouts,
    }


def table(results, days_per_year=365.0, hours_per_day=1.0):
    """The results as a Markdown table (the README quotes it)."""
    lines = [
        "| mode | erases / h of play | longest play lost at a cut | switch-offs losing moves"
        " (moves lost, mean) | total loss per switch-off (erase model) | life at 10k cycles"
        " | life at 100k cycles |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in results:
        lines.append(
            "| %s | %.1f | %.0f s / %d moves | %.0f %% (%.1f) | %.2f %% | %.0f h (%.1f years at %g h/day)"
            " | %.0f h (%.1f years) |"
            % (
                row["mode"],
                row["erases_per_hour"],
                row["lost_seconds"],
                row["lost_moves"],
                100 * row["off_lossy"],
                row["off_moves"],
                100 * row["total_loss"],
                row["life_10k"],
                row["life_10k"] / hours_per_day / days_per_year,
                hours_per_day,
                row["life_100k"],
                row["life_100k"] / hours_per_day / days_per_year,
            )
        )
    return "\n".join(lines)


def layout_table(results, days_per_year=365.0, hours_per_day=1.0):
    """Per mode and layout: wear of the most-worn erase unit and what a cut
    loses, as a Markdown table (docs/saving.md quotes it)."""
    lines = [
        "| mode | layout (chip) | saves / h | erases / h (most-worn unit)"
        " | switch-offs losing moves (moves lost, mean) | switch-offs losing the whole game | life at rated cycles |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in results:
        for layout in row["layouts"]:
            life = layout["life"]
            if life == float("inf"):
                life = "no erase in this run"
            else:
                life = "%s h (%s years at %g h/day; %s cycles)" % (
                    format(int(round(life)), ","),
                    format(life / hours_per_day / days_per_year, ",.1f"),
                    hours_per_day,
                    format(layout["cycles"], ","),
                )
            lines.append(
                "| %s | %s (%s) | %.1f | %.2f | %.0f %% (%.1f) | %.4f %% | %s |"
                % (
                    row["mode"],
                    layout["layout"],
                    layout["chip"],
                    layout["saves_per_hour"],
                    layout["erases_per_hour"],
                    100 * layout["off_lossy"],
                    layout["off_moves"],
                    100 * layout["total_loss"],
                    life,
                )
            )
    return "\n".join(lines)


def main(argv=None):
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hours", type=above_zero, default=60.0, help="hours of play per mode")
    parser.add_argument("--seed", type=whole(0), default=1)
    args = parser.parse_args(argv)
    results = [simulate(mode, args.hours, args.seed) for mode in range(len(MODE_NAMES))]
    print(table(results))
    print()
    print(
        "%.0f h of simulated play per mode (%.0f moves/h), seed %d."
        % (results[0]["hours"], results[0]["moves_per_hour"], args.seed)
    )
    print(
        "Moves that waited for a save (75 ms): %s per hour."
        % ", ".join("%s %.1f" % (row["mode"], row["delayed_per_hour"]) for row in results)
    )
    print(
        "Erase model: %.0f of every %.0f ms of a write leave no valid record"
        " (the block erase, then the first record's bytes)." % (1000 * VULNERABLE_SECONDS, 1000 * WRITE_SECONDS)
    )
    print()
    print(layout_table(results))
    print()
    for layout in LAYOUTS:
        line = "%s (%s): a save writes for %.1f ms, %.1f ms of it losing the game; a cut during one loses %s" % (
            layout.name,
            layout.chip,
            1000 * layout.write,
            1000 * layout.vulnerable,
            layout.loses,
        )
        if layout.rewrite is not None:
            line += "; the rewrite of a full sector (1 save in %d) writes for %.1f ms, %.1f ms of it losing the game" % (
                layout.per_erase,
                1000 * layout.rewrite[0],
                1000 * layout.rewrite[1],
            )
        print(line + ".")
    print()
    print("Erases per 1,000 moves (SAMD51 block): %s." % per_thousand(results))
    with_undo = [simulate(mode, args.hours, args.seed, UNDO_SHARE) for mode in range(len(MODE_NAMES))]
    print(
        "With undo on, 1 flow move in %d taken back 0.5-2 s later: %s (erases / h: %s)."
        % (round(1 / UNDO_SHARE), per_thousand(with_undo), ", ".join("%.1f" % row["erases_per_hour"] for row in with_undo))
    )


def per_thousand(results):
    """Erases per 1,000 moves of each mode, as text."""
    return ", ".join("%s %.2f" % (row["mode"], row["erases_per_1000_moves"]) for row in results)


if __name__ == "__main__":
    main()
