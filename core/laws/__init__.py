"""Law families; importing this package registers every rule with :mod:`core.engine`."""

from core.laws import (  # noqa: F401
    acceptance,
    auction_calls,
    consultation,
    course,
    exposure,
    flow,
    insufficient,
    lead26,
    leads,
    obligations,
    penalty,
    premature,
    revoke,
    rotation,
)
