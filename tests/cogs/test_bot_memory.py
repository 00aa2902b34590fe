"""What bot.py does once the bot is up: settle its memory for the garbage collector."""

from __future__ import annotations

import gc

import bot


def test_settle_memory_freezes_start_up_objects_and_collects_young_objects_less_often():
    """Objects made at start-up leave the collector's reach (no full-collection pauses over
    them); generation 0 is collected after GC_GEN0_THRESHOLD allocations, not 700."""
    before = gc.get_threshold()
    gc.unfreeze()
    try:
        bot.settle_memory()
        assert gc.get_freeze_count() > 1000
        assert gc.get_threshold() == (bot.GC_GEN0_THRESHOLD, *before[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
