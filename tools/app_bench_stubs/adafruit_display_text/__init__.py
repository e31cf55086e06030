"""Stand-in package (tools/app_bench.py only)."""
