"""Points of a game and standings of a tournament: pure functions over finished games.

`engine.classic.scoring.game.score_game` gives one game's `score` (every figure with its clause),
`engine.classic.scoring.standings.standings` turns scored games into the tournament table.
The per-league figures are options of the ruleset (`Ruleset.scoring`, see `options`).
Nothing is imported here, so `engine.classic.ruleset` can import `options` without a cycle.
"""
