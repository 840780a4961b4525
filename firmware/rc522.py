"""MFRC522 (RC522 board) driver for MicroPython over SPI: just what reading a UID needs.

Written from the NXP MFRC522 datasheet register map (section 9) and command set (section 10).
The card protocol (anticollision, cascade levels) is in iso14443.py; this file only moves bytes.
SPI mode 0, MSB first, up to 10 MHz; address byte = (register << 1) with bit 7 set for a read.
"""

import time

# Registers (datasheet table 20)
COMMAND = 0x01
COM_IRQ = 0x04
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_CONTROL = 0x14
TX_ASK = 0x15
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

# Commands (datasheet table 149)
CMD_IDLE = 0x00
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F

# Bits
IRQ_RX = 0x20
IRQ_IDLE = 0x10
IRQ_TIMER = 0x01
ERR_FATAL = 0x1B  # BufferOvfl | CollErr | ParityErr | ProtocolErr (CRC is checked in iso14443.py)
START_SEND = 0x80
FLUSH_FIFO = 0x80
ANTENNA_ON = 0x03  # Tx1RFEn | Tx2RFEn
KNOWN_VERSIONS = (0x88, 0x90, 0x91, 0x92, 0x12, 0xB2)  # genuine chips and common clones


class RC522:
    """One RC522 on an SPI bus: `cs` and optional `rst` are machine.Pin outputs."""

    def __init__(self, spi, cs, rst=None):
        self.spi = spi
        self.cs = cs
        self.rst = rst
        self.version = 0

    def init(self):
        """Reset and configure for ISO 14443A at 106 kbit/s; True if a chip answered."""
        self.cs.value(1)
        if self.rst is not None:
            self.rst.value(0)
            time.sleep_ms(2)
            self.rst.value(1)
            time.sleep_ms(50)
        self.write(COMMAND, CMD_SOFT_RESET)
        time.sleep_ms(50)
        self.version = self.read(VERSION)
        if self.version in (0x00, 0xFF):
            return False
        # Timer: TAuto, prescaler 0xA9 -> 40 kHz ticks, reload 1000 -> 25 ms receive timeout
        self.write(T_MODE, 0x80)
        self.write(T_PRESCALER, 0xA9)
        self.write(T_RELOAD_H, 0x03)
        self.write(T_RELOAD_L, 0xE8)
        self.write(TX_ASK, 0x40)  # 100 % ASK modulation, as type A needs
        self.write(MODE, 0x3D)  # CRC preset 0x6363 (CRC_A)
        self.write(TX_CONTROL, self.read(TX_CONTROL) | ANTENNA_ON)
        return True

    def alive(self):
        """True while the chip still answers with its version (a loose wire reads 0x00 or 0xFF)."""
        return self.read(VERSION) not in (0x00, 0xFF)

    def write(self, reg, value):
        """Write one register."""
        self.cs.value(0)
        self.spi.write(bytes([(reg << 1) & 0x7E, value]))
        self.cs.value(1)

    def read(self, reg):
        """Read one register."""
        self.cs.value(0)
        self.spi.write(bytes([((reg << 1) & 0x7E) | 0x80]))
        value = self.spi.read(1)[0]
        self.cs.value(1)
        return value

    def transceive(self, data, last_bits=0):
        """Send `data` to the card and return its answer bytes, or None on timeout/error."""
        self.write(COMMAND, CMD_IDLE)
        self.write(COM_IRQ, 0x7F)  # clear every interrupt flag
        self.write(FIFO_LEVEL, FLUSH_FIFO)
        self.write(COLL, 0x80)  # ValuesAfterColl: clear bits received after a collision
        for b in data:
            self.write(FIFO_DATA, b)
        self.write(BIT_FRAMING, last_bits & 0x07)
        self.write(COMMAND, CMD_TRANSCEIVE)
        self.write(BIT_FRAMING, START_SEND | (last_bits & 0x07))
        deadline = time.ticks_add(time.ticks_ms(), 40)
        while True:
            irq = self.read(COM_IRQ)
            if irq & (IRQ_RX | IRQ_IDLE):
                break
            if irq & IRQ_TIMER or time.ticks_diff(deadline, time.ticks_ms()) < 0:
                return None
        self.write(BIT_FRAMING, 0)
        if self.read(ERROR) & ERR_FATAL:
            return None
        n = self.read(FIFO_LEVEL)
        return bytes([self.read(FIFO_DATA) for _ in range(n)])
