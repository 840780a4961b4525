"""The commented default config (`companion config --default`, the installer's first config): every
key with its default value and what it does. Its values as Python are `config.DEFAULTS` (a test keeps
the two equal); `config.default()` names its lines in errors."""

DEFAULT_TOML = """\
# Nightwatch companion config: ~/.config/companion/config.toml (/etc/companion/config.toml on an installed Pi).
# Every key is optional: what you leave out keeps the value shown here.

language = "auto"          # auto (the system locale) | en | de   (COMPANION_LANG overrides)

[game]
default = "masters"        # game offered first: one of the ids `companion games` lists
deck = "digital"           # digital: the companion shuffles and names the card; physical: you scan/pick it

[hal]
backend = "auto"           # auto | pi | sim | mock   (COMPANION_HAL overrides)

[display]
mode = "auto"              # auto | fullscreen | window | headless
width = 800                # window size on a PC; full screen uses the panel's size
height = 480
fps = 30                   # frame cap; the loop sleeps between frames

[sound]
volume = 0.7               # 0.0 .. 1.0
mute = false
# ALSA output the cues and the narration play to: "default", or a name `aplay -L` lists, e.g.
# "plughw:CARD=Device,DEV=0" (a USB adapter), "hdmi:CARD=vc4hdmi0,DEV=0" (HDMI), "plughw:CARD=Headphones,DEV=0"
# (the Pi 4's jack), "plughw:CARD=MAX98357A,DEV=0" (an I2S amplifier). `companion doctor` plays a test chime to it.
device = "default"

[leds]
driver = "auto"            # auto | spi (GPIO10, no root) | pwm (GPIO18, root) | pi5pio | mock | none
order = "GRB"              # colour order of your pixels: GRB for most WS2812B, GRBW for RGBW strips
brightness = 0.6           # global brightness 0.0 .. 1.0, applied after gamma
gamma = 2.6                # gamma correction so dim colours look dim
budget_ma = 2500           # current the LED supply may give the strip, in mA
ma_per_channel = 20        # mA one colour channel draws at full (WS2812B: about 20)
idle_ma_per_pixel = 1      # quiescent draw per pixel, in mA
night_floor = 0.03         # lowest brightness a lit district keeps, so the board stays readable

[[leds.strips]]
name = "main"
pin = "GPIO10"             # SPI MOSI for the spi driver; GPIO18 for pwm; any pin for pi5pio
count = 89                 # 9 districts x 9 pixels + 7 veil pixels + 1 status pixel

# Logical light -> pixels: strip name, first pixel, how many; reverse = true for a serpentine run.
[leds.lights]
"district.A1" = { strip = "main", start = 0, count = 9 }
"district.A2" = { strip = "main", start = 9, count = 9 }
"district.A3" = { strip = "main", start = 18, count = 9 }
"district.B1" = { strip = "main", start = 27, count = 9, reverse = true }
"district.B2" = { strip = "main", start = 36, count = 9, reverse = true }
"district.B3" = { strip = "main", start = 45, count = 9, reverse = true }
"district.C1" = { strip = "main", start = 54, count = 9 }
"district.C2" = { strip = "main", start = 63, count = 9 }
"district.C3" = { strip = "main", start = 72, count = 9 }
"veil.0" = { strip = "main", start = 81, count = 1 }
"veil.1" = { strip = "main", start = 82, count = 1 }
"veil.2" = { strip = "main", start = 83, count = 1 }
"veil.3" = { strip = "main", start = 84, count = 1 }
"veil.4" = { strip = "main", start = 85, count = 1 }
"veil.5" = { strip = "main", start = 86, count = 1 }
"veil.6" = { strip = "main", start = 87, count = 1 }
"status" = { strip = "main", start = 88, count = 1 }

[buttons]
debounce_ms = 30           # edges closer than this are contact bounce
long_press_ms = 800        # held this long = long press (undo: long press confirms)

# Logical button -> GPIO pin (gpiozero names: "GPIO17", or "BOARD11" for the physical pin; "none" =
# not wired). Buttons wire the pin to ground; pull-ups are internal. A button you leave out keeps its
# pin below. Refused: pins outside GPIO2..27, the LED strip's pin, SPI0's GPIO9-11 (spi/auto driver),
# the UART GPIO14/15 (a reader on /dev/serial0), sound's GPIO12/13 (PWM) and 18-21 (I2S), two
# buttons on one pin. The defaults give up I2C (GPIO2/3) and SPI0's chip selects (GPIO7/8, freed by
# dtoverlay=spi0-0cs): hardware/README.md, "Pinout".
[buttons.pins]
veil_up = "GPIO2"
veil_down = "GPIO3"
"district.A1" = "GPIO17"
"district.A2" = "GPIO27"
"district.A3" = "GPIO22"
"district.B1" = "GPIO23"
"district.B2" = "GPIO24"
"district.B3" = "GPIO25"
"district.C1" = "GPIO8"
"district.C2" = "GPIO7"
"district.C3" = "GPIO5"
next = "GPIO6"
confirm = "GPIO16"
undo = "GPIO26"

[reader]
type = "none"              # pn532 (NFC board on the UART) | lines (USB QR scanner, Pico board) | camera | none
port = "/dev/serial0"      # a pyserial URL: /dev/serial0, /dev/serial/by-id/..., loop:// for tests
baud = 115200
repeat_window_s = 2.0      # the same tag again within this many seconds counts once
# lines readers only: a line that is not the Pico's own protocol counts as a tag only if the whole
# line matches this pattern (Python regex): by default one word of letters and digits, inner - _ . :
# allowed (NFC UIDs in hex, 04:A1:B2:.. too; card-key labels such as II-04). Crash output, prompts
# and banners never match. After a Pico's handshake only its protocol lines count, whatever this says.
tag_pattern = '[A-Za-z0-9]([A-Za-z0-9_.:-]*[A-Za-z0-9])?'

[web]
# The phone view (docs/phones.md): players pair their phones from the table's screen.
enabled = "auto"           # auto (on with the Raspberry Pi backend, off on a PC) | true | false
listen = "0.0.0.0:8080"    # [HOST:]PORT; `companion run --web [HOST:]PORT` turns it on for one run
mdns = true                # announce the table as nightwatch.local where the network allows

[camera]
# The camera card reader (reader.type = "camera"; needs the [camera] extra, OpenCV).
device = "auto"            # auto (the Pi camera, else the first USB webcam) | picamera | usb | usb:N | /dev/video0
                           # | mock (the simulator: drop a card's photo on its window)
grid_box = []              # where the grid is on the upright card: [x0, y0, x1, y1], fractions of its face
"""
