# Two commands on a fresh machine: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed



.PHONY: run test bench chaos hw-test doctor wiring install-pi clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,led-stack]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m companion run

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HAL=mock $(PY) -m pytest

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HAL=mock $(PY) -m benchmarks

chaos: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HAL=mock CHAOS_FULL=1 $(PY) -m pytest tests/reliability

hw-test: $(STAMP)
	$(PY) -m companion hw-test

doctor: $(STAMP)
	$(PY) -m companion doctor

wiring: $(STAMP)
	$(PY) hardware/wiring.py

install-pi:
	sudo bash systemd/install.sh

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
