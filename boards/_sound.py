# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

"""A square-wave tone player for a board's speaker.

A profile builds it (boards._common: ``dac_speaker``, ``pwm_speaker``)
on an ``audioio.AudioOut`` or an ``audiopwmio.PWMAudioOut``. One 8-sample
cycle is looped; changing the sample rate changes the pitch, so no new
buffer is made per tone.
"""

import array

import audiocore
from micropython import const

_SAMPLES = const(8)
_LEVEL = const(2000)  # quiet: about 6 % of full scale


class SquareWave:
    """``play_tone(hz)`` / ``stop()`` on an audio output.

    :param audio_out: the ``AudioOut`` or ``PWMAudioOut`` to play through.
    :param enable: a DigitalInOut switching the speaker amplifier, or None.
    """

    def __init__(self, audio_out, enable=None):
        wave = array.array("h", [_LEVEL] * (_SAMPLES // 2) + [-_LEVEL] * (_SAMPLES // 2))
        self.sample = audiocore.RawSample(wave, sample_rate=440 * _SAMPLES)
        self.audio_out = audio_out
        self.enable = enable

    def play_tone(self, frequency):
        """Start a tone of ``frequency`` Hz (100..4000) until ``stop()``."""
        if self.enable is not None:
            self.enable.value = True
        self.audio_out.stop()
        self.sample.sample_rate = int(frequency) * _SAMPLES
        self.audio_out.play(self.sample, loop=True)

    def stop(self):
        """Silence the speaker."""
        self.audio_out.stop()
        if self.enable is not None:
            self.enable.value = False
