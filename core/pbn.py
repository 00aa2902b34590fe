"""Hand records as a PBN file (PBN 2.1 import format): read strictly, written for tests.

A club's dealing machine or scoring program writes one game per board: tag pairs such as
``[Board "1"]``, ``[Dealer "N"]``, ``[Vulnerable "None"]``, ``[Deal "N:… … … …"]`` and, from
some programs, ``[DoubleDummyTricks "…"]``. Everything else (events, sites, auctions, commentary)
is read past. A file with any problem is refused whole, one line per problem, so nothing of a bad
file is ever stored.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

from core.deal import (
    Deal,
    DealError,
    board_problems,
    cycle_dealer,
    cycle_vulnerability,
    parse_deal,
    parse_vulnerability,
    random_deal,
)
from core.errors import error_text
from core.seats import Seat, SeatError
from core.text import Msg, Text

#: Larger files are refused before parsing (a 36-board file with commentary is ~20 KB).
MAX_BYTES = 512 * 1024
MAX_BOARDS = 200
#: At most this many problems are listed; the rest are counted.
MAX_PROBLEMS = 15

_TAG_RE = re.compile(r'^\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
#: Double-dummy tricks: declarer N, S, E, W, each in the order NT, S, H, D, C, as hex digits.
DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
DD_STRAINS = ("NT", "S", "H", "D", "C")


class PbnError(ValueError):
    """A file that cannot be taken as hand records; :attr:`problems` has one line each."""

    def __init__(self, problems: Iterable[Text]) -> None:
        self.problems = tuple(problems)
        super().__init__(Msg.join("\n", self.problems))

    def summary(self, limit: int = MAX_PROBLEMS) -> Msg:
        lines = list(self.problems[:limit])
        if len(self.problems) > limit:
            lines.append(Msg("… and {n} more problems", n=len(self.problems) - limit))
        return Msg.join("\n", lines)


@dataclass
class _Game:
    line: int
    tags: dict[str, tuple[str, int]]


def decode(data: bytes) -> str:
    """PBN text: UTF-8 (with or without a byte-order mark), else ISO 8859-1 as PBN 2.1 says."""
    if len(data) > MAX_BYTES:
        raise PbnError([Msg("the file is {size} KB; hand records are at most {limit} KB",
                            size=len(data) // 1024, limit=MAX_BYTES // 1024)])
    if b"\x00" in data:
        raise PbnError([Msg("that is not a text file (PBN hand records are text)")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _games(text: str) -> list[_Game]:
    """The tag pairs of each game: games are separated by blank lines; comments ({…}, ``;``) and
    ``%`` lines are skipped, as are the sections (auction, play) after a tag."""
    games: list[_Game] = []
    current: _Game | None = None
    in_comment = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_comment:
            in_comment = "}" not in line
            continue
        if line.startswith("{") and "}" not in line:
            in_comment = True
            continue
        if line.startswith(("%", ";", "{")):
            continue
        if not line:
            current = None
            continue
        match = _TAG_RE.match(line)
        if match is None:
            continue  # section data (an auction, the play, a note): not ours to read
        if current is None:
            current = _Game(number, {})
            games.append(current)
        name, value = match[1], match[2].replace('\\"', '"').replace("\\\\", "\\")
        current.tags.setdefault(name, (value, number))
    return [g for g in games if "Deal" in g.tags or "Board" in g.tags]


def parse_pbn(data: bytes | str) -> tuple[Deal, ...]:
    """The deals of a PBN file, by board number. Raises :class:`PbnError` listing every problem
    (board numbers missing, repeated or not numbers; deals that are not 52 distinct cards, 13 in
    each hand; dealer or vulnerability that disagree with the board number's place in the
    standard cycle)."""
    text = decode(data) if isinstance(data, bytes) else data
    games = _games(text)
    if not games:
        raise PbnError([Msg("no deals found: a PBN file has a [Board \"1\"] and a "
                            "[Deal \"N:…\"] tag for each board")])
    if len(games) > MAX_BOARDS:
        raise PbnError([Msg("the file has {n} boards; at most {limit} are taken", n=len(games),
                            limit=MAX_BOARDS)])
    problems: list[Text] = []
    deals: list[Deal] = []
    seen: dict[int, int] = {}
    for game in games:
        found, board, deal = _read_game(game)
        problems += found
        if board is not None and board in seen:
            problems.append(Msg("line {line}: board {board} is in the file twice (also line "
                                "{other})", line=game.line, board=board, other=seen[board]))
        elif board is not None:
            seen[board] = game.line
        if deal is not None:
            deals.append(deal)
    if problems:
        raise PbnError(problems)
    return tuple(sorted(deals, key=lambda d: d.board))


def _at(where: Msg, problem: Text) -> Msg:
    """A problem and where in the file it is."""
    return Msg("{where}: {problem}", where=where, problem=problem)


def _read_game(game: _Game) -> tuple[list[Text], int | None, Deal | None]:
    """The game's deal (None when it has problems) and board number (None when unreadable)."""
    where = Msg("line {line}", line=game.line)
    board_tag = game.tags.get("Board")
    if board_tag is None:
        return [_at(where, Msg("a deal without a [Board] tag"))], None, None
    try:
        board = int(board_tag[0].strip())
    except ValueError:
        return [_at(Msg("line {line}", line=board_tag[1]),
                    Msg("{text} is not a board number", text=repr(board_tag[0][:20])))], None, None
    where = Msg("board {board} (line {line})", board=board, line=game.line)
    if not 1 <= board <= 999:
        return [_at(where, Msg("a board number is 1 to 999"))], None, None
    problems: list[Text] = []
    dealer = vulnerable = None
    if "Dealer" in game.tags:
        try:
            dealer = Seat.parse(game.tags["Dealer"][0])
        except SeatError as exc:
            problems.append(_at(where, Msg("the dealer: {reason}", reason=error_text(exc))))
    if "Vulnerable" in game.tags:
        try:
            vulnerable = parse_vulnerability(game.tags["Vulnerable"][0])
        except DealError as exc:
            problems += [_at(where, p) for p in exc.problems]
    problems += [_at(where, p) for p in board_problems(board, dealer, vulnerable)]
    if "Deal" not in game.tags:
        return [*problems, _at(where, Msg("no [Deal] tag"))], board, None
    try:
        hands = parse_deal(game.tags["Deal"][0])
    except DealError as exc:
        problems += [_at(where, p) for p in exc.problems]
        hands = None
    dd = None
    if "DoubleDummyTricks" in game.tags:
        try:
            dd = parse_dd_tricks(game.tags["DoubleDummyTricks"][0])
        except DealError as exc:
            problems += [_at(where, p) for p in exc.problems]
    if problems or hands is None:
        return problems, board, None
    return [], board, Deal(board, cycle_dealer(board), cycle_vulnerability(board), hands, dd)


def parse_dd_tricks(text: str) -> dict[tuple[Seat, str], int]:
    """``DoubleDummyTricks``: 20 hex digits, declarer N, S, E, W, strains NT, S, H, D, C."""
    digits = text.strip()
    if len(digits) != 20 or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise DealError([Msg("DoubleDummyTricks is 20 hexadecimal digits (N, S, E, W; NT S H "
                             "D C)")])
    tricks = {}
    for i, seat in enumerate(DD_SEATS):
        for j, strain in enumerate(DD_STRAINS):
            value = int(digits[5 * i + j], 16)
            if value > 13:
                raise DealError([Msg("DoubleDummyTricks: {n} tricks is more than 13",
                                     n=value)])
            tricks[seat, strain] = value
    return tricks


def dd_tricks_text(tricks: dict[tuple[Seat, str], int]) -> str:
    return "".join(f"{tricks[s, t]:x}" for s in DD_SEATS for t in DD_STRAINS)


def write_pbn(deals: Iterable[Deal], *, event: str = "Generated deals") -> str:
    """A PBN file of ``deals`` (the import format's tags for hand records)."""
    out = ['% PBN 2.1', '% EXPORT', '']
    for deal in deals:
        out += [
            f'[Event "{event}"]',
            f'[Board "{deal.board}"]',
            f'[Dealer "{deal.dealer.value}"]',
            f'[Vulnerable "{deal.vulnerable}"]',
            f'[Deal "{deal.pbn}"]',
        ]
        if deal.dd_tricks is not None:
            out.append(f'[DoubleDummyTricks "{dd_tricks_text(dict(deal.dd_tricks))}"]')
        out.append("")
    return "\n".join(out)


def random_pbn(boards: int, seed: int = 0, *, first: int = 1) -> str:
    """A PBN file of ``boards`` random deals from board ``first`` (tests, benchmarks, the README's
    night: a club's real hand records are never shipped)."""
    rng = random.Random(seed)
    return write_pbn(random_deal(n, rng) for n in range(first, first + boards))


def main(argv: list[str] | None = None) -> None:
    """``python -m core.pbn [--boards 36] [--seed 1]``: a file of random deals on standard
    output, to try ``/session hands`` without a club's own hand records."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m core.pbn", description=main.__doc__)
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(random_pbn(args.boards, seed=args.seed), end="")


if __name__ == "__main__":
    main()
