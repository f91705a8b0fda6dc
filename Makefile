# The two commands a newcomer needs: `make demo` (the kit running) and `make test` (everything checked).
VENV := .venv
PY := $(VENV)/bin/python
export SDL_VIDEODRIVER ?= dummy
export SDL_AUDIODRIVER ?= dummy

.PHONY: setup demo test lint typecheck bench clean

setup:
	@bash scripts/bootstrap.sh

demo: setup
	$(VENV)/bin/mafiakit demo

test: setup lint typecheck
	$(PY) -m pytest

lint: setup
	$(VENV)/bin/ruff check mafiakit tests

typecheck: setup
	$(VENV)/bin/mypy

bench: setup
	$(VENV)/bin/mafiakit bench all

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
