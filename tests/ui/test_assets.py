"""The shipped look (companion/ui/assets): every font, icon and illustration loads at two sizes under SDL's
dummy driver, the fonts carry the German letters, every phase, command verb and role of every game has an
icon, every icon's author is credited, the files ship in a wheel, and nothing loads on the way to READY."""

import re
import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pygame
import pytest

import companion.plugins as catalog
from companion.narration import words
from companion.rules import load_game
from companion.ui import assets, ink

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(assets.HERE)
GERMAN = "äöüßÄÖÜ"
WHITE = (255, 255, 255)


def _ink(surface: pygame.Surface) -> int:
    """How many pixels of `surface` are at least half opaque."""
    return pygame.mask.from_surface(surface, 127).count()


@pytest.mark.parametrize("role", list(assets.FONTS))
@pytest.mark.parametrize("px", [26, 60])
def test_each_font_opens_at_two_sizes_with_the_german_letters(role, px):
    font = assets.font(role, px)
    assert font is assets.font(role, px)  # cached
    for ch in GERMAN:
        assert font.metrics(ch)[0] is not None, (role, ch)  # a glyph, not the missing-glyph box
    assert 0.6 * px < ink.capitals(font) < 0.8 * px
    assert _ink(font.render("Übergröße", True, WHITE)) > 0


def test_the_display_and_ui_faces_look_different():
    a = pygame.image.tobytes(assets.font("display", 40).render("Mila", True, WHITE), "RGBA")
    b = pygame.image.tobytes(assets.font("ui", 40).render("Mila", True, WHITE), "RGBA")
    assert a != b


def test_px_for_capitals_finds_the_smallest_size_that_reaches_them():
    for role in assets.FONTS:
        px = assets.px_for_capitals(role, 17)
        assert ink.capitals(assets.font(role, px)) >= 17 > ink.capitals(assets.font(role, px - 1))


def _phases() -> set[str]:
    """Every phase id the words know."""
    return set(words.PHASES)


def _verbs() -> set[str]:
    """Every command verb of every game we ship (a plugin's verbs have icons only if the set has them:
    without one its buttons show their words alone)."""
    shipped = [gid for gid, game in catalog.games().items() if game.package.startswith("companion.")]
    return {cls.verb for gid in shipped for cls in type(load_game(gid)).COMMANDS}


def _roles() -> set[str]:
    """Every role any game's data names."""
    return {key for gid in catalog.game_ids() for key in (getattr(load_game(gid).data, "roles", None) or {})}


def test_every_phase_verb_and_role_of_every_game_has_an_icon():
    missing = [f"phase.{p}" for p in _phases() if not assets.has_icon(f"phase.{p}")]
    missing += [f"action.{v}" for v in _verbs() if not assets.has_icon(f"action.{v}")]
    missing += [f"role.{r}" for r in _roles() if not assets.has_icon(f"role.{r}")]
    assert missing == []
    assert len(_verbs()) > 60 and len(_roles()) > 40  # the catalog was really read


def test_the_tokens_the_screens_draw_today_have_an_icon_too():
    drawn_today = {
        "agent_hidden",
        "agent_exposed",
        "minion",
        "blood",
        "sigil",
        "relic",
        "kill",
        "ap",
        "bite",
        "clock",
        "blood_point",
    }  # companion/ui/icons.py ICONS, without the die faces
    assert [t for t in drawn_today if not assets.has_icon("token." + t.replace("_", "-"))] == []


@pytest.mark.parametrize("name", assets.icon_names())
def test_every_icon_loads_at_two_sizes_in_its_colour(name):
    for size in (24, 96):
        surf = assets.icon(name, size, (230, 159, 0))
        assert surf.get_size() == (size, size) and surf.get_flags() & pygame.SRCALPHA
        share = _ink(surf) / size**2
        assert 0.05 < share < 0.95, (name, size, share)  # a picture, neither a speck nor a filled square
        solid = [
            surf.get_at((x, y)) for x in range(size) for y in range(size) if surf.get_at((x, y)).a == 255
        ]
        assert {(c.r, c.g, c.b) for c in solid} == {(230, 159, 0)}
    assert assets.icon(name, 24, (230, 159, 0)) is assets.icon(name, 24, (230, 159, 0))  # cached


def test_icons_that_mean_different_things_look_different():
    by_file: dict[str, str] = {}
    for name in assets.icon_names():
        by_file.setdefault(assets.icon_file(name), name)
    pictures = {pygame.image.tobytes(assets.icon(n, 48, WHITE), "RGBA") for n in by_file.values()}
    assert len(pictures) == len(by_file) > 140


@pytest.mark.parametrize("name", assets.ART)
def test_every_illustration_loads_at_two_sizes_and_four_times_of_day(name):
    mean = {}
    for size in ((400, 240), (1600, 900)):
        for time in assets.TIMES:
            surf = assets.art(name, size, time)
            w, h = surf.get_size()
            assert (w == size[0] or h == size[1]) and w <= size[0] and h <= size[1]  # fitted, aspect kept
            if size[0] == 400:
                mean[time] = sum(sum(surf.get_at((x, y))[:3]) for x in range(0, w, 7) for y in range(0, h, 7))
    assert mean["night"] < mean["dusk"] and mean["night"] < mean["dawn"] and mean["night"] < mean["day"]
    assert len(set(mean.values())) == 4  # four different pictures


def test_every_colour_an_illustration_names_is_in_every_time_of_day():
    for name in assets.ART:
        tokens = set(re.findall(r"@([a-z_]+)", (HERE / "art" / f"{name}.svg").read_text()))
        assert tokens, name
        for time, sky in assets.SKIES.items():
            assert tokens <= set(sky), (name, time, tokens - set(sky))
    assert set(assets.SKIES) == set(assets.TIMES)


def test_svg_rendering_works_under_the_dummy_driver():
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, pygame; from companion.ui import assets; "
            "s = assets.icon('role.seer', 32, (255, 0, 0)); "
            "print(pygame.display.get_driver() if pygame.display.get_init() "
            "else os.environ['SDL_VIDEODRIVER'], pygame.mask.from_surface(s, 127).count() > 0)",
        ],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"},
        cwd=ROOT,
    )
    assert out.stdout.split()[-2:] == ["dummy", "True"], out.stderr


def _manifest() -> dict:
    """icons/icons.toml as read from disk."""
    return tomllib.loads((HERE / "icons" / "icons.toml").read_text())


def test_every_icon_file_is_named_and_every_author_credited():
    shipped = {str(p.relative_to(HERE / "icons").with_suffix("")) for p in (HERE / "icons").rglob("*.svg")}
    named = {assets.icon_file(n) for n in assets.icon_names()}
    assert shipped == named  # no file without a use, no use without a file
    authors = {f.split("/")[0] for f in named}
    assert authors == set(_manifest()["authors"]) == set(assets.credits())
    credits_md = (HERE / "CREDITS.md").read_text()
    for author, pictures in assets.credits().items():
        assert assets.authors()[author].split(",")[0] in credits_md
        for picture in pictures:
            assert f"`{picture}`" in credits_md, (author, picture)
    about = " ".join(assets.about_lines())
    assert all(assets.authors()[a].split(",")[0] in about for a in authors) and "CC BY 3.0" in about
    assert "SIL Open Font License" in about


def test_the_svgs_are_white_on_nothing():
    """The collection's black square behind each picture is gone: a tinted icon has no background."""
    for path in (HERE / "icons").rglob("*.svg"):
        text = path.read_text()
        assert 'd="M0 0h512v512H0z"' not in text and 'fill="#fff"' in text, path


def test_the_fonts_ship_with_their_licences():
    for name in ("OFL-Cinzel.txt", "OFL-AtkinsonHyperlegible.txt"):
        text = (HERE / "fonts" / name).read_text()
        assert "SIL OPEN FONT LICENSE Version 1.1" in text and "Copyright" in text.splitlines()[0]
    assert {p.name for p in (HERE / "fonts").glob("*.ttf")} == set(assets.FONTS.values())


def test_every_asset_file_is_package_data_of_the_wheel():
    """pyproject's package-data for companion.ui.assets covers every file beside the loader (so `pip
    install .` ships them), and importlib.resources finds them in the package."""
    import importlib.resources

    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "companion.ui.assets"
    ]
    files = [
        p.relative_to(HERE).as_posix()
        for p in HERE.rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc")
    ]
    assert [
        f for f in files if not any(fnmatch(f, pat) and f.count("/") == pat.count("/") for pat in patterns)
    ] == []
    root = importlib.resources.files("companion.ui.assets")
    assert (
        root.joinpath("fonts", "Cinzel-Bold.ttf").is_file() and root.joinpath("icons", "icons.toml").is_file()
    )


def test_nothing_loads_on_the_way_to_ready():
    """The table's start imports neither the loader nor pygame's SVG path (cold start has no room)."""
    code = (
        "import sys; import companion.cli.run, companion.app, companion.ui.table, companion.ui.render; "
        "print('companion.ui.assets' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert out.stdout.strip().splitlines()[-1] == "False", out.stderr


def test_the_contact_sheets_show_every_icon_and_illustration():
    from companion.ui.assets.sheet import sheets
    from companion.ui.screenshots import render_page

    names = [n for n in sheets() if n.startswith("assets-icons-")]
    captions = set()
    for name in names:
        _surface, boxes, _drawn = render_page(name, (800, 480))
        captions |= {b.text for b in boxes}
    keys = {n.split(".", 1)[1].replace("_", " ").replace("-", " ") for n in assets.icon_names()}
    assert keys <= captions
    assert {f"assets-art-{a}" for a in assets.ART} | {"assets-fonts", "assets-about"} <= set(sheets())
