"""tdbot's heart: a pure rules engine for the Laws of Duplicate Bridge 2017, and its storage.

Nothing in the rules part imports discord or SQLAlchemy.
"""
