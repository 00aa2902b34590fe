"""What the cogs share on the Discord side: the bot class (:mod:`tdbot.client`), the one error
policy and how an interaction is answered (:mod:`tdbot.answers`), the per-member allowances
(:mod:`tdbot.limits`), the table context every command starts from (:mod:`tdbot.context`),
how a ruling looks in Discord (:mod:`tdbot.render`, :mod:`tdbot.pages`), recording an incident
(:mod:`tdbot.recording`), the desk's shared checks (:mod:`tdbot.desk`), re-rulings
(:mod:`tdbot.verdicts`), hand records (:mod:`tdbot.hands`), what ending a board took
(:mod:`tdbot.boards`), the words of a refusal (:mod:`tdbot.permissions`: who may do what is decided
in :mod:`core.permissions`) and the languages (:mod:`tdbot.messages`, :mod:`tdbot.translator`,
``tdbot/locales``). ``cogs/`` holds only the extensions the bot loads."""
