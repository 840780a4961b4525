# Two commands on a fresh machine: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# A Raspberry Pi says so in its device tree ("raspberrypi,5-model-b\0brcm,bcm2712" in compatible).
# There `make run` is the table: the [pi] extra (lgpio for the buttons, the LED drivers) goes into
# the same venv under its own stamp, and the app starts full screen on the real backend with the
# service's drivers (systemd/companion.service: SDL_VIDEODRIVER=kmsdrm, SDL_AUDIODRIVER=alsa; from
# a desktop session SDL keeps the desktop's drivers). `make test` never needs [pi] or the hardware.
# PI_DT=FILE stands in for the device tree (tests: `make -n run PI_DT=fake-compatible`); it defaults to
# $COMPANION_DEVICE_TREE, the variable the app, doctor and systemd/install.sh read, and is handed to
# the commands below under that name, so they all look at the same file.
PI_DT    ?= $(or $(COMPANION_DEVICE_TREE),/proc/device-tree/compatible)
DT_ENV    = COMPANION_DEVICE_TREE=$(PI_DT)
ON_PI    := $(shell grep -qas raspberrypi $(PI_DT) && echo yes)
PI_STAMP := $(VENV)/.installed-pi
HW_STAMP  = $(if $(ON_PI),$(PI_STAMP),$(STAMP))
PI_ENV    = $(if $(DISPLAY)$(WAYLAND_DISPLAY),,SDL_VIDEODRIVER=kmsdrm SDL_AUDIODRIVER=alsa)

.PHONY: run test check bench chaos hw-test doctor wiring install-pi pi-emu clean mo catalog docs

# Translations (docs/language.md): the .po sources are in git, the .mo files gettext reads are built.
# One catalog for the shared code (companion/locale, domain "companion") and one in each game's package
# (companion/games/<game>/locale, domain "nightwatch-<id>": the id is the folder's name with hyphens).
GAME_DIRS := $(patsubst %/__init__.py,%,$(wildcard companion/games/*/__init__.py)) tests/toygame/counter_race
LANGS := $(notdir $(patsubst %/LC_MESSAGES/companion.po,%,$(wildcard companion/locale/*/LC_MESSAGES/companion.po)))
PO := $(wildcard companion/locale/*/LC_MESSAGES/companion.po companion/games/*/locale/*/LC_MESSAGES/*.po)
MO := $(PO:.po=.mo)
POT := companion/locale/companion.pot
EXTRACT = $(VENV)/bin/pybabel extract --add-location=file -F babel.cfg --project=nightwatch-companion --no-wrap -k NP_:1c,2

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,led-stack]'
	touch $(STAMP)

# The toy game (tests/toygame, docs/adding-a-game.md "A game in an afternoon"): a game in a distribution of
# its own, installed the way a user installs a plugin (a plain `pip install`, its own build compiling its
# German catalog), so the whole suite runs with a sixth game the companion names nowhere. Any change to
# its files installs it again. `make run` uses the same venv: after `make test` the table lists Counter
# Race too (docs/adding-a-game.md); `pip uninstall nightwatch-counter-race` takes it away.
TOY       := tests/toygame
TOY_STAMP := $(VENV)/.installed-toygame
TOY_FILES := $(shell find $(TOY) -type f \( -name '*.py' -o -name '*.toml' -o -name '*.po' \) -not -path '*/build/*' 2> /dev/null)

$(TOY_STAMP): $(STAMP) $(TOY_FILES)
	$(PY) -m pip install -q --no-deps ./$(TOY)
	touch $(TOY_STAMP)

# PYPI=1: where PyPI has no lgpio wheel for this Python (3.13 on Trixie), pip builds lgpio from its
# sdist, and lgpio's setup.py links the system's liblgpio unless PYPI=1 has it compile its own C
# sources in; only Raspberry Pi OS ships liblgpio-dev, so plain Debian arm64 needs this (as
# systemd/install.sh does). Where a wheel fits, pip takes it and the variable changes nothing.
$(PI_STAMP): $(STAMP) pyproject.toml
	PYPI=1 $(PY) -m pip install -q -e '.[pi]'
	touch $(PI_STAMP)

%.mo: %.po $(STAMP)
	$(VENV)/bin/pybabel compile -i $< -o $@

mo: $(MO)

# After changing user-facing text: re-extract the templates and merge each into its catalogs: the
# shared code (companion/ without companion/games/, see babel.cfg) into companion/locale, each game's
# package into its own locale folder (a language the main catalog has and the game not yet is begun).
catalog: $(STAMP)
	$(EXTRACT) -o $(POT) companion
	$(VENV)/bin/pybabel update -D companion -i $(POT) -d companion/locale --no-wrap --ignore-obsolete
	@for dir in $(GAME_DIRS); do \
		domain=nightwatch-$$(basename $$dir | tr _ -); pot=$$dir/locale/$$domain.pot; mkdir -p $$dir/locale; \
		$(EXTRACT) -o $$pot $$dir || exit 1; \
		for lang in $(LANGS); do [ -f $$dir/locale/$$lang/LC_MESSAGES/$$domain.po ] \
			|| $(VENV)/bin/pybabel init -D $$domain -i $$pot -d $$dir/locale -l $$lang --no-wrap || exit 1; done; \
		$(VENV)/bin/pybabel update -D $$domain -i $$pot -d $$dir/locale --no-wrap --ignore-obsolete || exit 1; \
	done

ifeq ($(ON_PI),yes)
run: $(HW_STAMP) mo
	@! systemctl is-active --quiet companion 2> /dev/null \
		|| echo "make run: the companion service holds the screen, buttons and reader: sudo systemctl stop companion" >&2
	$(PI_ENV) $(DT_ENV) $(PY) -m companion run --fullscreen --backend pi
else
run: $(HW_STAMP) mo
	$(DT_ENV) $(PY) -m companion run
endif

# The suite on every core (pytest-xdist; `make test WORKERS=0` runs it in one process, `WORKERS=4` on four),
# naming its 15 slowest tests at the end (where a slow `make test` is best made faster).
WORKERS ?= auto

test: $(STAMP) $(TOY_STAMP) mo
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HAL=mock $(PY) -m pytest -n $(WORKERS) --durations=15

# The checkers CI runs before the tests (pyproject.toml: [tool.ruff], [tool.mypy]). `ruff format .` and
# `ruff check --fix .` put most of what they find right.
check: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# The manual (docs/, mkdocs.yml) as a site in site/: mkdocs-material from the `docs` extra, into the same
# venv under its own stamp. --strict turns every warning into a failure: a link to a page, file or
# heading that is not there, a nav entry without its page. .ci/run builds it before `make test`.
DOCS_STAMP := $(VENV)/.installed-docs

$(DOCS_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install -q -e '.[docs]'
	touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --site-dir site

bench: $(STAMP) mo
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HAL=mock $(PY) -m benchmarks

chaos: $(STAMP) $(TOY_STAMP) mo
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HAL=mock CHAOS_FULL=1 $(PY) -m pytest tests/reliability

hw-test: $(HW_STAMP) mo
	$(DT_ENV) $(PY) -m companion hw-test

doctor: $(HW_STAMP) mo
	$(DT_ENV) $(PY) -m companion doctor

wiring: $(STAMP)
	$(PY) hardware/wiring.py

install-pi:
	sudo $(if $(COMPANION_DEVICE_TREE),COMPANION_DEVICE_TREE=$(COMPANION_DEVICE_TREE)) bash systemd/install.sh

# The Raspberry Pi install on emulated arm64 (tools/pi-emu.sh: mmdebstrapped Debian Bookworm and
# Trixie roots under qemu-user, a faked Pi 4 / Pi 5 / Zero 2 W device tree, the README's order).
# Needs root, Debian's archive and PyPI; about an hour, or without the whole suite:
# `make pi-emu PI_EMU_ARGS="--quick --release bookworm --board pi4"`. Not part of `make test`.
pi-emu:
	$(if $(filter 0,$(shell id -u)),,sudo) bash tools/pi-emu.sh $(PI_EMU_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis site
