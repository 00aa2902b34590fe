"""The Discord side of tdbot: cogs translating between Discord and ``core``, and their support."""
