"""ISO/IEC 14443-3 type A card selection as pure functions (runs on MicroPython and CPython).

Simple RC522 drivers stop after cascade level 1 and report 4 bytes of a 7-byte NTAG213 UID (the
first of them being the cascade tag 0x88). Here the whole cascade is done: anticollision + SELECT
on level 1, then on level 2 (and 3) while the SAK says "UID not complete".

`read_uid(transceive)` needs one callable from the chip driver:
`transceive(data: bytes, last_bits: int) -> bytes or None` sends `data` (only `last_bits` bits of
the last byte when non-zero, e.g. 7 for REQA) and returns the card's answer, or None on timeout or
a receive error. The tests drive it with a simulated tag on CPython.
"""

REQA = 0x26  # wake cards in IDLE state (7-bit short frame)
WUPA = 0x52  # wake cards in IDLE or HALT state
HLTA = 0x50
CASCADE_TAG = 0x88  # first byte of a level's UID part when more levels follow
SEL_CODES = (0x93, 0x95, 0x97)  # cascade levels 1, 2, 3
NVB_ANTICOLL = 0x20  # 2 bytes sent: ask for the whole UID part
NVB_SELECT = 0x70  # 7 bytes sent: select this UID part
SAK_UID_INCOMPLETE = 0x04


def crc_a(data):
    """ISO 14443-3 CRC_A of `data` as 2 bytes, least significant first (init 0x6363, poly 0x8408)."""
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = ((crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)) & 0xFFFF
    return bytes([crc & 0xFF, crc >> 8])


def bcc(part):
    """Block check character: XOR of the 4 UID bytes of one cascade level."""
    x = 0
    for b in part:
        x ^= b
    return x


def anticoll_frame(level):
    """ANTICOLLISION command for cascade level `level` (0, 1, 2)."""
    return bytes([SEL_CODES[level], NVB_ANTICOLL])


def select_frame(level, uid_cln):
    """SELECT command for one level: SEL, NVB 0x70, the 5 bytes the card sent, CRC_A."""
    frame = bytes([SEL_CODES[level], NVB_SELECT]) + bytes(uid_cln)
    return frame + crc_a(frame)


def halt_frame():
    """HLTA with its CRC: the card stays quiet until it leaves the field (one read per touch)."""
    frame = bytes([HLTA, 0x00])
    return frame + crc_a(frame)


def valid_uid_cln(answer):
    """True for a 5-byte anticollision answer whose BCC matches."""
    return answer is not None and len(answer) == 5 and bcc(answer[:4]) == answer[4]


def valid_sak(answer):
    """True for a SAK answer: 1 byte plus a correct CRC_A."""
    return answer is not None and len(answer) == 3 and crc_a(answer[:1]) == bytes(answer[1:])


def uid_part(answer, complete):
    """The UID bytes one level contributes: 3 after a cascade tag, else all 4; None if inconsistent."""
    if complete:
        # ISO 14443-3 reserves 0x88 for the cascade tag: a final level never starts with it
        return None if answer[0] == CASCADE_TAG else bytes(answer[:4])
    if answer[0] != CASCADE_TAG:
        return None
    return bytes(answer[1:4])


def assemble_uid(levels):
    """Full UID from the (uid_cln, complete) pairs of each cascade level; None if they don't fit."""
    uid = b""
    for i, (answer, complete) in enumerate(levels):
        last = i == len(levels) - 1
        if complete != last:
            return None
        part = uid_part(answer, complete)
        if part is None:
            return None
        uid += part
    return uid if len(uid) in (4, 7, 10) else None


def read_uid(transceive, wake=REQA):
    """Select the one card in the field through every cascade level; its UID bytes, or None."""
    atqa = transceive(bytes([wake]), 7)
    if atqa is None or len(atqa) != 2:
        return None
    levels = []
    for level in range(3):
        answer = transceive(anticoll_frame(level), 0)
        if not valid_uid_cln(answer):
            return None  # no card, or two cards colliding: try again next scan
        sak = transceive(select_frame(level, answer), 0)
        if not valid_sak(sak):
            return None
        complete = not (sak[0] & SAK_UID_INCOMPLETE)
        levels.append((bytes(answer), complete))
        if complete:
            return assemble_uid(levels)
    return None
