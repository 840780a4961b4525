# Two commands on a fresh machine: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed



.PHONY: run test bench chaos hw-test doctor wiring install-pi clean mo catalog

# Translations (README.md, "Language"): the .po sources are in git, the .mo files gettext reads are built.
PO := $(wildcard companion/locale/*/LC_MESSAGES/companion.po)
MO := $(PO:.po=.mo)
POT := companion/locale/companion.pot

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,led-stack]'
	touch $(STAMP)

%.mo: %.po $(STAMP)
	$(VENV)/bin/pybabel compile -D companion -i $< -o $@

mo: $(MO)

# After changing user-facing text: re-extract the template and merge it into every catalog.
catalog: $(STAMP)
	$(VENV)/bin/pybabel extract --add-location=file -F babel.cfg --project=nightwatch-companion --no-wrap -o $(POT) .
	$(VENV)/bin/pybabel update -D companion -i $(POT) -d companion/locale --no-wrap --ignore-obsolete

run: $(STAMP) mo
	$(PY) -m companion run

test: $(STAMP) mo
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HAL=mock $(PY) -m pytest

bench: $(STAMP) mo
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HAL=mock $(PY) -m benchmarks

chaos: $(STAMP) mo
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HAL=mock CHAOS_FULL=1 $(PY) -m pytest tests/reliability

hw-test: $(STAMP) mo
	$(PY) -m companion hw-test

doctor: $(STAMP) mo
	$(PY) -m companion doctor

wiring: $(STAMP)
	$(PY) hardware/wiring.py

install-pi:
	sudo bash systemd/install.sh

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
