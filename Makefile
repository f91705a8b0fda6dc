# The two commands a newcomer needs: `make demo` (the kit running) and `make test` (everything checked).
VENV := .venv
PY := $(VENV)/bin/python
PARTS := engine words bus device firmware_sim scoreboard report hub ratings mafiakit

.PHONY: setup demo test lint typecheck bench boot-test clean

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

# The units under a real systemd: a hub and a table booted with systemd-nspawn, for bookworm
# and trixie (root, a network for the first run; roots cached in /var/cache/mafiakit-boot-test;
# deploy/pi-setup.md "The boot test"). Not part of `make test`: minutes, not seconds.
boot-test:
	bash scripts/boot-test.sh $(RELEASES)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis out
