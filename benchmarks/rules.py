"""Rulings and obligation queries per second in one process (pure rules engine, no I/O).

    python benchmarks/rules.py [--seconds 1.0] [--profile]
    python benchmarks/rules.py --smoke          # every case and the profile, tiny sizes (CI)

Each case is timed for about ``--seconds`` of CPU (best of ``--repeat`` runs) and reported as
operations per second of CPU time. "penalty_card_ruling" is the headline figure: one ruling is one
``apply`` of Exposure, PartnerLead or ChoiceMade, cycled in the order a table produces them
(a defender exposes a card, his partner is to lead, declarer picks an option).
``--profile`` adds the top functions by own time (cProfile) for the penalty-card cycle.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.auction import Auction  # noqa: E402
from core.cards import Suit, parse_card, parse_hand  # noqa: E402
from core.engine import ChoiceMade, apply  # noqa: E402
from core.laws.exposure import Exposure, How  # noqa: E402
from core.laws.insufficient import InsufficientBid  # noqa: E402
from core.laws.obligations import must_play  # noqa: E402
from core.laws.penalty import PartnerLead  # noqa: E402
from core.laws.revoke import Revoke, WonBy  # noqa: E402
from core.seats import Seat  # noqa: E402
from core.state import PenaltyCard, PenaltyKind, Phase, TableState  # noqa: E402

TARGET_PENALTY = 60_000  # issue 27: and no case below TARGET_ANY
TARGET_ANY = 30_000

PLAY = TableState(declarer=Seat.S, phase=Phase.PLAY)
MAJOR = TableState(declarer=Seat.S, phase=Phase.PLAY, penalty_cards=(
    PenaltyCard(Seat.E, parse_card("SK"), PenaltyKind.MAJOR, "50B"),))
MINOR = TableState(declarer=Seat.S, phase=Phase.PLAY, penalty_cards=(
    PenaltyCard(Seat.E, parse_card("D4"), PenaltyKind.MINOR, "50B"),))
HAND_E = parse_hand("K8.Q52.AJ942.-")
EXPOSE_SK = Exposure(Seat.E, (parse_card("SK"),), How.ACCIDENTAL)
EXPOSE_2 = Exposure(Seat.E, (parse_card("SK"), parse_card("H4")), How.DELIBERATE)
LEAD_W = PartnerLead(Seat.W)
OPTIONS = ("require:S", "forbid:S", "any")
AUCTION = TableState(dealer=Seat.N, calls=Auction.parse("N", "1H 1S").texts)
REVOKE = Revoke(Seat.E, True, parse_card("C2"), trick=7, won_by=WonBy.PARTNER, later_tricks=2)


def penalty_cycle(n: int) -> int:
    """n rounds of expose → partner to lead → declarer chooses; 3 rulings a round."""
    for i in range(n):
        _, s = apply(PLAY, EXPOSE_SK)
        _, s = apply(s, LEAD_W)
        apply(s, ChoiceMade(Seat.W, OPTIONS[i % 3]))
    return 3 * n


def exposure_only(n: int) -> int:
    for i in range(n):
        apply(PLAY, EXPOSE_2 if i & 1 else EXPOSE_SK)
    return n


def partner_lead_only(n: int) -> int:
    for _ in range(n):
        apply(MAJOR, LEAD_W)
    return n


def choice_only(n: int) -> int:
    _, pending = apply(MAJOR, LEAD_W)
    for i in range(n):
        apply(pending, ChoiceMade(Seat.W, OPTIONS[i % 3]))
    return n


def must_play_words(n: int) -> int:
    for i in range(n):
        must_play(MAJOR if i & 1 else MINOR, Seat.E, None, None if i & 2 else Suit.DIAMONDS)
    return n


def must_play_hand(n: int) -> int:
    for i in range(n):
        must_play(MAJOR if i & 1 else MINOR, Seat.E, HAND_E, None if i & 2 else Suit.DIAMONDS)
    return n


def revoke(n: int) -> int:
    for _ in range(n):
        apply(PLAY, REVOKE)
    return n


def insufficient_bid(n: int) -> int:
    for i in range(n):
        apply(AUCTION, InsufficientBid("1D", replacement="2D" if i & 1 else "1NT"))
    return n


CASES = {
    "penalty_card_ruling": penalty_cycle,
    "exposure": exposure_only,
    "partner_lead": partner_lead_only,
    "choice_made": choice_only,
    "must_play_without_hand": must_play_words,
    "must_play_with_hand": must_play_hand,
    "revoke": revoke,
    "insufficient_bid": insufficient_bid,
}


def rate(fn: Callable[[int], int], seconds: float, repeat: int) -> float:
    """Operations per second of this process's CPU time (``time.process_time``: on a machine
    shared with other work, the time other processes hold the core is not counted; on a quiet
    one it equals the wall clock): calibrate a batch size, then best of ``repeat`` timed runs."""
    fn(50)  # warm up (imports, caches)
    n = 100
    while True:
        t = time.process_time()
        ops = fn(n)
        dt = time.process_time() - t
        if dt > seconds / 4 or n > 10_000_000:
            break
        n *= 2
    n = max(1, int(n * seconds / max(dt, 1e-9)))
    best = 0.0
    for _ in range(repeat):
        t = time.process_time()
        ops = fn(n)
        best = max(best, ops / max(time.process_time() - t, 1e-9))
    return best


def profile(fn: Callable[[int], int], top: int, rounds: int = 20_000) -> list[dict[str, Any]]:
    prof = cProfile.Profile()
    prof.enable()
    fn(rounds)
    prof.disable()
    # pstats.Stats keeps its table in an attribute the stubs do not declare
    stats: dict[tuple[str, int, str], tuple[int, int, float, float, Any]] = \
        vars(pstats.Stats(prof))["stats"]
    rows = []
    total = sum(v[2] for v in stats.values())
    for (file, line, name), (_cc, nc, tt, ct, _) in sorted(
            stats.items(), key=lambda kv: kv[1][2], reverse=True)[:top]:
        short = file.split("/work/main/")[-1] if "/work/main/" in file else Path(file).name
        rows.append({"function": f"{short}:{line}({name})", "calls": nc,
                     "own_s": round(tt, 4), "own_pct": round(100 * tt / total, 1),
                     "cum_s": round(ct, 4)})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time per case and run")
    ap.add_argument("--repeat", type=int, default=3, help="runs per case, best kept")
    ap.add_argument("--only", nargs="*", choices=sorted(CASES), help="run only these cases")
    ap.add_argument("--profile", action="store_true", help="cProfile the penalty-card cycle")
    ap.add_argument("--top", type=int, default=15, help="rows of the profile")
    ap.add_argument("--smoke", action="store_true",
                    help="tiny sizes, a second in all: proves the script still runs (CI)")
    args = ap.parse_args()
    if args.smoke:
        args.seconds, args.repeat, args.profile = 0.005, 1, True

    results = {}
    for name, fn in CASES.items():
        if args.only and name not in args.only:
            continue
        r = rate(fn, args.seconds, args.repeat)
        results[name] = {"per_second": round(r), "us_each": round(1e6 / r, 2)}
    out: dict[str, Any] = {
        "benchmark": "rules",
        "python": sys.version.split()[0],
        "machine": {"cpus": os.cpu_count(), "loadavg_1m_at_start": os.getloadavg()[0]},
        "results": results,
    }
    if "penalty_card_ruling" in results:
        got = results["penalty_card_ruling"]["per_second"]
        slowest = min(results, key=lambda k: results[k]["per_second"])
        out["target"] = {"penalty_card_ruling_per_second": TARGET_PENALTY,
                         "every_case_per_second": TARGET_ANY,
                         "slowest_case": slowest,
                         "met": got >= TARGET_PENALTY
                         and results[slowest]["per_second"] >= TARGET_ANY}
    if args.profile:
        out["profile_penalty_card_cycle"] = profile(penalty_cycle, args.top,
                                                    200 if args.smoke else 20_000)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
