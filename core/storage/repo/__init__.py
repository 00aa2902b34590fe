"""The parts of :class:`core.storage.service.Storage`, one module per concept:

=================  ==========================================================================
``base``           the clock, the transactions and the caches every part uses; constants
``transactions``   read sessions, write transactions and their retries, hot-path connections
``dialect``        what differs between SQLite and PostgreSQL
``caches``         the club-settings and parsed-snapshot caches (why each is kept)
``statements``     the hot paths' prebuilt statements (the table lookup, the board reads)
``rows``           queries and conversions the parts (and the director's desk) share
``clubs``          club settings, retention
``sessions``       sessions
``tables``         tables, seats, channels bound to tables, the table lookup
``boards``         boards, ``/board set``, recording events
``verdicts``       directors' verdicts
``calls``          calls for the director
``log``            the ruling log: search, export, statistics
=================  ==========================================================================
"""
