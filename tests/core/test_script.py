"""The director's script: a ruling in plain words, in order (Laws 16, 50E)."""

from core.cards import parse_card
from core.engine import apply
from core.laws.exposure import Exposure, How
from core.laws.penalty import PartnerLead
from core.script import build_script
from core.seats import Seat
from tests.core.helpers import play_state


def test_50D2_script_reads_what_happened_the_options_their_effects_and_information():
    ruling, state = apply(play_state("S", "E:SK:major"), PartnerLead(Seat.W))
    script = build_script(ruling, state)
    titles = [title for title, _ in script.sections]
    assert titles == ["What happened", "The choice", "Who may know what", "Afterwards"]
    choice = dict(script.sections)["The choice"]
    assert choice[0].startswith("Declarer now chooses")
    require = next(line for line in choice if "Require a spade lead" in line)
    assert "Then: W must lead a spade" in require  # the engine's own answer to that choice
    assert "50E2" in require  # and who may know what once the card goes back
    assert "50E1" in dict(script.sections)["Who may know what"][0]
    assert "Laws of Duplicate Bridge 2017" in script.text()


def test_50C_script_without_options_says_play_goes_on():
    ruling, state = apply(
        play_state("S"), Exposure(Seat.W, (parse_card("S5"),), How.ACCIDENTAL)
    )
    script = build_script(ruling, state)
    assert dict(script.sections)["The choice"] == ("There is nothing to choose: play goes on.",)
    assert script.text().startswith("1. What happened\n   ♠5 is a minor penalty card of W.")
