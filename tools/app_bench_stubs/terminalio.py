"""Stand-in for terminalio (tools/app_bench.py only)."""

FONT = None
