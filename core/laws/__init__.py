"""Law families, one module each; each registers its events and rules in :mod:`core.registry`.
:mod:`core.engine` imports this package so that every rule is known."""

from core.laws import (  # noqa: F401
    acceptance,
    auction_calls,
    change_of_call,
    claim,
    consultation,
    course,
    defective,
    dummy_call,
    exposure,
    flow,
    insufficient,
    lead26,
    lead_choices,
    leads,
    must_pass,
    obligations,
    opening_lead,
    penalty,
    premature,
    revoke,
    rotation,
)
