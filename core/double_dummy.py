"""Double-dummy bounds: what perfect play by all four players, every card seen, would give.

The solver is DDS through ``endplay`` (the optional extra ``tdbot[dd]``, installed in the Docker
image): it is heavy (numpy and matplotlib come with it), so it is imported only when first
needed and the bot works without it. A result is a bound for the director beside a revoke (64C)
or an adjusted score (12C1), never the likely result at the table. Solving takes a fraction of
a second of CPU: callers run it off the event loop (:func:`asyncio.to_thread`) and cache it per
deal (:meth:`core.storage.repo.deals.Deals.save_solved`).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.cards import Card, Hand, Suit
from core.deal import ALL, EW, NS, Deal, pbn_hand
from core.seats import SEATS, Seat
from core.text import NOTRUMP, Msg, Text

#: Strains in the order of a double-dummy table.
STRAINS = ("NT", "S", "H", "D", "C")
STRAIN_SYMBOLS = {"NT": "NT", "S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: How a result is labelled wherever it is shown.
LABEL = Msg("Double dummy: perfect play by all four with every card seen. A bound, not the "
            "likely result at the table.")
NOT_INSTALLED = Msg("Double-dummy analysis is not installed on this bot (pip install "
                    "'tdbot[dd]'; the Docker image has it).")
#: A par contract as :func:`_contract_text` writes it (and the cache keeps it).
_PAR_CONTRACT = re.compile(r"^(?P<contract>\S+) by (?P<seat>[NESW])(?: (?P<result>[+-]\d+))?$")

_lock = threading.Lock()  # one solve at a time: DDS keeps its own threads and memory


class SolverMissing(RuntimeError):
    """The double-dummy solver (``endplay``) is not installed."""


@dataclass(frozen=True)
class DDResult:
    """Tricks for each declarer and strain, and par (score for North-South, the contracts)."""

    tricks: Mapping[tuple[Seat, str], int]
    par_score: int
    par_contracts: tuple[str, ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "tricks": {f"{seat.value}{strain}": n for (seat, strain), n in self.tricks.items()},
            "par_score": self.par_score,
            "par_contracts": list(self.par_contracts),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> DDResult:
        tricks = {(Seat(key[0]), key[1:]): int(n) for key, n in data["tricks"].items()}
        return cls(tricks, int(data["par_score"]), tuple(data["par_contracts"]))


def _endplay() -> Any:
    try:
        import endplay.dds as dds
        import endplay.types as types
    except ImportError as exc:  # the optional extra is not installed
        raise SolverMissing(NOT_INSTALLED) from exc
    return dds, types


def available() -> bool:
    try:
        _endplay()
    except SolverMissing:
        return False
    return True


def _endplay_deal(types: Any, hands: Mapping[Seat, frozenset[Card]]) -> Any:
    return types.Deal("N:" + " ".join(pbn_hand(Hand(hands[s])) for s in SEATS))


def solve(deal: Deal) -> DDResult:
    """The double-dummy table and par of ``deal`` (blocking: run it in a thread)."""
    dds, types = _endplay()
    vul = {NS: types.Vul.ns, EW: types.Vul.ew, ALL: types.Vul.both}.get(
        deal.vulnerable, types.Vul.none
    )
    denoms = {"NT": types.Denom.nt, "S": types.Denom.spades, "H": types.Denom.hearts,
              "D": types.Denom.diamonds, "C": types.Denom.clubs}
    players = {s: types.Player.find(s.value) for s in SEATS}
    with _lock:
        table = dds.calc_dd_table(_endplay_deal(types, deal.hands))
        found = dds.par(table, vul, players[deal.dealer])
    tricks = {(s, strain): int(table[denoms[strain], players[s]])
              for s in SEATS for strain in STRAINS}
    contracts = tuple(_contract_text(c) for c in found)
    return DDResult(tricks, int(found.score), contracts)


def _contract_text(contract: Any) -> str:
    """endplay's ``4♥E=`` as ``4♥ by E`` (doubled ones ``4♠x by N``; ``-2`` when it fails)."""
    strain = "NT" if contract.denom.name == "nt" else contract.denom.abbr
    symbol = STRAIN_SYMBOLS.get(strain, strain)
    doubled = {"doubled": "x", "redoubled": "xx"}.get(contract.penalty.name, "")
    result = "" if contract.result == 0 else f" {contract.result:+d}"
    return f"{contract.level}{symbol}{doubled} by {contract.declarer.abbr}{result}"


def tricks_from_position(
    hands: Mapping[Seat, frozenset[Card]], trump: Suit | None, leader: Seat
) -> int:
    """Tricks the leader's side takes from here with perfect play (every hand holds the same
    number of cards; the leader is to lead to a new trick). Blocking: run it in a thread."""
    dds, types = _endplay()
    deal = _endplay_deal(types, hands)
    deal.first = types.Player.find(leader.value)
    deal.trump = types.Denom.nt if trump is None else types.Denom.find(trump.letter)
    with _lock:
        solved = dds.solve_board(deal)
    return max(int(tricks) for _card, tricks in solved)


def table_text(result: DDResult, dealer: Seat | None = None) -> Msg:
    """The table as monospaced text, declarers down, strains across, then par."""
    # the seats and no-trump in the reader's words (each as wide as in English)
    lines: list[Text] = [Msg.join("", ["       ", NOTRUMP,
                                       "".join(f"{STRAIN_SYMBOLS[t]:>4}" for t in STRAINS[1:])])]
    for seat in (Seat.N, Seat.S, Seat.E, Seat.W):
        lines.append(Msg.join("", [Msg("{seat.value}", seat=seat), "    " + "".join(
            f"{result.tricks[seat, t]:>4}" for t in STRAINS)]))
    par: Text = Msg("pass it out")
    for i, contract in enumerate(result.par_contracts):
        said = _par_contract(contract)
        par = said if i == 0 else Msg("{contracts} or {contract}", contracts=par, contract=said)
    if result.par_score:
        lines.append(Msg("Par: {par} (N-S {score})", par=par, score=f"{result.par_score:+d}"))
    else:
        lines.append(Msg("Par: {par} (0)", par=par))
    return Msg.join("\n", lines)


def _par_contract(text: str) -> Text:
    """A par contract (``4♥ by E``, ``4♠x by N -2``) in words."""
    found = _PAR_CONTRACT.match(text)
    if found is None:
        return text
    if found["result"]:
        return Msg("{contract} by {seat.value} {result}", contract=found["contract"],
                   seat=Seat(found["seat"]), result=found["result"])
    return Msg("{contract} by {seat.value}", contract=found["contract"], seat=Seat(found["seat"]))

