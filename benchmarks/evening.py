"""The club night the interaction benchmark plays (``benchmarks/interactions.py``): who sits
where, the cycle's steps as the gateway would deliver them, each from the member the rules let do
it (README *The club night*), and what a real answer to each step looks like.

Kept apart from the timing so that a change in the rules (who may do what, what an answer says)
is made here, in one place; a step the rules refuse must never again pass for a fast one.
"""

from __future__ import annotations

import time
from typing import Any

from core.storage.service import Storage
from localdiscord import LocalDiscord

HAND_E = "S 2 H KQ54 D J9872 C 643"
SEATS = ("N", "E", "S", "W")
BOARD_MAX = 200  # /board set number: 1-200 (cogs.table.BoardNumber)
#: The cycle: (step, command), played over and over at every table.
STEPS = (("exposed", "exposed"), ("state", "state"), ("mustplay", "mustplay"), ("lead", "lead"),
         ("press", "lead"), ("mustplay_hand", "mustplay"), ("board_set", "board set"))


class BenchFailure(Exception):
    """A step did not get the answer the cycle expects: the figures would not be the commands'."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class Table:
    """One table's members and where it is in its cycle.

    Under the club-night rules (README *The club night*) a table's incidents and ``/lead`` are
    accepted only from a player seated there or a director, and once a ruling is on the board
    only a director moves the table to the next board. The incident commands are rate-limited
    per user (5 per 30 s, ``tdbot.recording.RATE``): at the benchmark's rates four players alone
    would soon be told to slow down, so the reports go round the four seated players and
    ``reporters`` directors of this table (members with the director role), in turn.

    Declarer's buttons and ``/board set`` have per-member allowances too (12 in 10 s,
    ``cogs.tdbot.PRESS_RATE`` and ``WRITE_RATE``, issue 25): a table that plays its cycle many
    times a second would have its declarer and its director told to slow down, which no real
    table meets (one choice and one board set a board). So the presses go round the declarer
    and the same directors, and the board sets round the directors, in turn: a director may
    always make the table's choice (``core.state.may_choose``), and a press or a board set costs
    the same reads and the same write whoever makes it."""

    def __init__(self, ld: LocalDiscord, number: int, reporters: int) -> None:
        self.number = number
        self.players = {s: ld.member(f"t{number}-{s}") for s in SEATS}
        self.directors = [ld.member(f"t{number}-director{i}", roles=["Director"])
                          for i in range(max(1, reporters))]
        self.reporters = [*self.players.values(), *self.directors]
        self.step = 0
        self.board = 1
        self.lead_message: Any = None
        self.turn = 0
        self.pressers = [self.players["S"], *self.directors]
        self.press_turn = self.set_turn = -1

    def presser(self) -> Any:
        """The next member to press declarer's button: S, the declarer, first."""
        self.press_turn += 1
        return self.pressers[self.press_turn % len(self.pressers)]

    def board_setter(self) -> Any:
        """The next director to set the table's next board."""
        self.set_turn += 1
        return self.directors[self.set_turn % len(self.directors)]

    def reporter(self) -> Any:
        self.turn += 1
        return self.reporters[self.turn % len(self.reporters)]


async def seed(storage: Storage, ld: LocalDiscord, tables: list[Table]) -> dict[str, Any]:
    """The club night as the rules want it, through the storage API: a session opened (as a
    director's ``/session start`` does), each table's four players seated for it, board 1 in
    play with its declarer recorded (N dealt, S declares 4H), so ``/exposed`` knows the period
    is the play and asks no question."""
    t0 = time.perf_counter()
    g = ld.guild.id
    await storage.club(g)
    session = await storage.start_session(g, "Benchmark pairs", fresh=True)
    for t in tables:
        info = await storage.table(g, t.number, session_id=session.id)
        for seat, member in t.players.items():
            await storage.sit(g, member.id, info.id, seat, director=False)  # as /sit asks
        await storage.set_board(g, info.id, 1, dealer="N", declarer="S", contract="4H")
    return {"tables": len(tables), "session": session.name,
            "seconds": round(time.perf_counter() - t0, 2)}


def step_payload(ld: LocalDiscord, t: Table, kind: str) -> dict[str, Any] | None:
    """Step ``kind``'s interaction at table ``t``, from the member the club-night rules let
    do it (None: no forbid button to press, the ``/lead`` before it went wrong)."""
    if kind == "ping":
        return ld.slash_payload("ping", user=t.players["S"])
    if kind == "exposed":  # records: a seated player or a director
        return ld.slash_payload("exposed", {"cards": "SK", "seat": "W", "how": "accidental",
                                            "table": t.number}, user=t.reporter())
    if kind == "state":  # anyone may read
        return ld.slash_payload("state", {"table": t.number}, user=t.players["N"])
    if kind == "mustplay":
        return ld.slash_payload("mustplay", {"seat": "E", "table": t.number},
                                user=t.players["E"])
    if kind == "lead":  # records: a seated player or a director
        return ld.slash_payload("lead", {"seat": "E", "table": t.number}, user=t.reporter())
    if kind == "press":  # declarer's button: the declarer (S) or a director, in turn
        msg = t.lead_message
        t.lead_message = None
        if msg is None:
            return None
        button = next((b for b in msg.buttons if ":forbid:" in b.get("custom_id", "")), None)
        if button is None:
            return None
        return ld.component_payload(msg, button["custom_id"], user=t.presser())
    if kind == "mustplay_hand":  # E's own hand: the private answer
        return ld.slash_payload("mustplay", {"seat": "E", "led": "S", "hand": HAND_E,
                                             "table": t.number}, user=t.players["E"])
    if kind == "board_set":  # the board has rulings on it: only a director moves the table
        if t.board >= BOARD_MAX:
            raise BenchFailure([f"table {t.number}: board {t.board} is the last board "
                                f"/board set takes ({BOARD_MAX}); run shorter or with "
                                "more tables"])
        t.board += 1
        return ld.slash_payload("board set", {"number": t.board, "dealer": "N",
                                              "declarer": "S", "contract": "4H",
                                              "table": t.number},
                                user=t.board_setter())
    raise ValueError(kind)


def _embed(message: Any) -> dict[str, Any]:
    return (message.embed or {}) if message is not None else {}


def expected(kind: str, t: Table, result: Any) -> bool:
    """Whether ``result`` is the real answer of step ``kind`` at table ``t``: a ruling, the
    state, the obligation, declarer's options, the recorded choice, the next board; not an
    error, a refusal, "slow down" or the phase question (those are short ephemeral texts)."""
    if result.exceptions or result.response is None:
        return False
    message = result.message
    embed = _embed(message)
    title = embed.get("title", "")
    footer = embed.get("footer", {}).get("text", "")
    if kind == "ping":
        return bool(result.content) and not embed
    if kind == "exposed":  # the Law 50 ruling, public, logged
        return not result.ephemeral and footer.startswith("Ruling #") \
            and "penalty card" in result.text.lower()
    if kind == "state":
        return not result.ephemeral and title.startswith(f"Table {t.number}, board ")
    if kind == "mustplay":  # the obligation in words, public
        return not result.ephemeral and bool(title) and not footer.startswith("Ruling #")
    if kind == "mustplay_hand":  # with a hand: private (Law 16)
        return result.ephemeral and bool(title)
    if kind == "lead":  # declarer's options as buttons
        return not result.ephemeral and footer.startswith("Ruling #") and message is not None \
            and any(":forbid:" in b.get("custom_id", "") for b in message.buttons)
    if kind == "press":  # the choice recorded on the pressed message
        return any(f.get("name", "").startswith("Chosen by ")
                   for f in embed.get("fields", ()))
    if kind == "board_set":
        return not result.ephemeral and title == f"Table {t.number} is playing board {t.board}"
    raise ValueError(kind)


def classify(result: Any) -> str:
    """What an answer that was not the expected one was."""
    if result.exceptions:
        return "exception"
    if result.response is None:
        return "no_response"
    text = result.text
    if "Slow down" in text:
        return "slow_down"
    if "during the auction or during the play" in text:
        return "phase_question"
    if text.startswith("Only ") or "only a director" in text.lower() or "Sit at a table" in text:
        return "permission_refused"
    if result.ephemeral:
        return "error"
    return "other"
