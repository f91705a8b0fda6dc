# The two commands a newcomer needs: `make demo` (the kit running) and `make test` (everything checked).
VENV := .venv
PY := $(VENV)/bin/python
PARTS := engine bus device firmware_sim scoreboard report hub ratings mafiakit

.PHONY: setup demo test lint typecheck bench clean

setup:
	@bash scripts/bootstrap.sh

# Windows on a desktop; without a display it runs headless and writes screenshots to out/demo.
demo: setup
	$(VENV)/bin/mafiakit demo

test: setup lint typecheck
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

lint: setup
	$(VENV)/bin/ruff check $(PARTS) tests scripts
	$(VENV)/bin/lint-imports

typecheck: setup
	$(VENV)/bin/mypy

bench: setup
	$(VENV)/bin/mafiakit bench all

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis out
