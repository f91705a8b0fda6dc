"""The scoreboard: table screens, the wall of all tables, the judge's screen (docs/scoreboard.md).

feed (FeedStore, LiveFeed) -> model (table_frame, judge_frame, wall_frame; pure) ->
render (Renderer) -> display (Display, ScreenLoop, save_png). secrecy.secret_free checks that a
frame gives nothing away before the game is decided; samples holds a view of every step.
"""
