"""Rating-site formats: the kit's game logs to and from the game JSON of mafiaratings.

The site's format is described in the kit's own words in docs/mafiaratings.md (written from
the site's reader, include/game.php, and its client writer, js/game.js, of the public
repository szotin/mafiaratings). Reads the engine only; the command line (`mafiakit export`,
`mafiakit import`) and the hub (`mafiakit hub export --format mafiaratings`) use it.
"""
