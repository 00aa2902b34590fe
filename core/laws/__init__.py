"""Law families; importing this package registers every rule with :mod:`core.engine`."""

from core.laws import exposure, flow, leads, obligations, penalty, premature, revoke  # noqa: F401
