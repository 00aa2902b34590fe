"""The words of each refusal core.permissions decides (tdbot/permissions.py): every reason has
its sentence, in English as it always read, and a marked one in the reader's language."""

from __future__ import annotations

import pytest

from core.permissions import Action, Reason, Refusal
from core.seats import Seat
from tdbot.context import ContextError, NotDirector, refused
from tdbot.messages import localize

VALUES = {"table": 3, "board": 5, "to": 6, "action": Action.MOVE, "declarer": Seat.S,
          "seat": Seat.W, "contract": "4S", "dealer": Seat.N}
ENGLISH = {
    Reason.NOT_AT_TABLE:
        "Only a player seated at table 3 or a director can do that for table 3.",
    Reason.SEAT_SOMEONE_ELSE: "Only a director can seat someone else.",
    Reason.FREE_SOMEONE_ELSES_SEAT: "Only a director can free another player's seat.",
    Reason.SEAT_IN_PLAY: "Board 5 is in play at table 3: you keep your seat until it ends. A "
                         "director can reseat you.",
    Reason.RULING_ON_BOARD: "Board 5 at table 3 has a ruling on it: only a director can end it "
                            "or move the table to board 6.",
    Reason.ALREADY_ENDED: "Board 5 at table 3 has already ended.",
    Reason.ALREADY_PLAYED: "Board 5 was already played at table 3 in this session. A director "
                           "can reopen it: /board set number:5 reopen:True",
    Reason.PLAYED_ELSEWHERE: "A player at table 3 has already played board 5 in this session: "
                             "only a director can set it, or seat him, there.",
    Reason.REOPEN_BY_DIRECTOR: "Only a director can reopen a board.",
    Reason.NOTHING_TO_REOPEN: "Board 5 has not ended at table 3: nothing to reopen.",
    Reason.AUCTION_FIXES_DEALER:
        "Calls are recorded at table 3 with N as dealer: only a director can change the dealer.",
    Reason.AUCTION_MAKES_DECLARER:
        "The auction recorded at table 3 makes S declarer: only a director can change that.",
    Reason.DECLARER_NAMED_BY_SOMEONE_ELSE:
        "Declarer S at table 3 was named by someone else: only a director can change that.",
    Reason.AUCTION_MAKES_CONTRACT:
        "The auction recorded at table 3 makes the contract 4S: only a director can change that.",
    Reason.CONTRACT_NAMED_BY_SOMEONE_ELSE:
        "The contract 4S at table 3 was named by someone else: only a director can change that.",
    Reason.SAY_NOT_AT_TABLE: "Only a player seated at table 3 or a director can say that.",
    Reason.SAY_FOR_OWN_SIDE: "Only declarer or dummy at table 3 (or a director) can say that: it "
                             "would favour W's side.",
}


def test_the_restricted_seat_is_named_in_the_readers_letters():
    error = refused(Refusal(Reason.SAY_FOR_OWN_SIDE, VALUES))
    assert "avantagerait le camp de O" in localize("fr", error.template, **error.params)


@pytest.mark.parametrize("reason", [Reason.AUCTION_MAKES_DECLARER,
                                    Reason.DECLARER_NAMED_BY_SOMEONE_ELSE])
def test_the_declarer_a_refusal_names_is_in_the_readers_letters(reason):
    error = refused(Refusal(reason, {**VALUES, "declarer": Seat.W}))
    assert " O " in localize("fr", error.template, **error.params)
    assert " W " in localize("en-US", error.template, **error.params)


@pytest.mark.parametrize("reason", list(Reason))
def test_every_refusal_reads_as_it_did(reason):
    error = refused(Refusal(reason, VALUES))
    assert isinstance(error, ContextError)
    assert str(error) == ENGLISH[reason]
    assert localize("en-US", error.template, **error.params) == ENGLISH[reason]


def test_a_ruling_on_the_board_says_what_it_keeps_a_player_from():
    said = {a: str(refused(Refusal(Reason.RULING_ON_BOARD, {**VALUES, "action": a})))
            for a in Action}
    assert said[Action.END].endswith("only a director can end it.")
    assert said[Action.DECLARER].endswith("only a director can change its declarer.")
    assert isinstance(refused(Refusal(Reason.REOPEN_BY_DIRECTOR)), NotDirector)


def test_a_marked_refusal_is_said_in_the_readers_language():
    error = refused(Refusal(Reason.NOTHING_TO_REOPEN, VALUES))
    french = localize("fr", error.template, **error.params)
    assert french != ENGLISH[Reason.NOTHING_TO_REOPEN] and "5" in french and "3" in french
