"""The official protocol of a game as a document: JSON, CSV, HTML and PDF, Russian and
English (docs/scoring.md, "The protocol"). I/O lives here; the figures come from the engine.
Only the command line (`mafiakit`) and the hub may import this package."""
