"""Benchmarks: scripts run by hand (see benchmarks/README.md); a package so that mypy and the
scripts agree on module names (``benchmarks.evening``)."""
