"""Colours and marks for the MegaCorps board: one colour and two letters per corp.

The corp colours stay distinguishable for the common kinds of colour blindness (tested by
simulation). Colour is never the only cue: every owned box also shows
the owner's initials, and every special status has its own short label (NAT, SYN, ...).
Text on a coloured box is black or white, whichever contrasts more (WCAG contrast ratio).
"""
from __future__ import annotations

# Okabe & Ito (2008), "Color Universal Design": the eight colours of the palette.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}

# The six MegaCorps of the box (megacorps.CORPS), each with its own colour. Chosen with a
# colour-vision simulation (colorspacious, CAM02-UCS): among the Okabe-Ito and Tol colours, the
# six whose smallest distance from each other and from the board's grey statuses is largest
# under normal vision, deuteranomaly, protanomaly and tritanomaly (tests/app/test_palette.py).
# Colour is never the only cue: boxes carry initials, chart lines a marker, a dash and a label.
CORP_COLORS: dict[str, str] = {
    "Mokia": OKABE_ITO["blue"],
    "Globbo": OKABE_ITO["orange"],
    "Nonintendo": "#8C510A",            # brown
    "Lenogo": "#1F3A93",                # navy
    "The Mouse": OKABE_ITO["yellow"],
    "Windoze": OKABE_ITO["sky blue"],
}

# On charts every corp also has its own marker and line dash.
CORP_SYMBOLS: dict[str, str] = {"Mokia": "circle", "Globbo": "square", "Nonintendo": "diamond",
                                "Lenogo": "triangle-up", "The Mouse": "x", "Windoze": "star"}
CORP_DASHES: dict[str, str] = {"Mokia": "solid", "Globbo": "dash", "Nonintendo": "dot",
                               "Lenogo": "dashdot", "The Mouse": "longdash", "Windoze": "longdashdot"}

# Two letters per corp, all different, none reading as a word ("NO" for Nonintendo would).
CORP_INITIALS: dict[str, str] = {
    "Mokia": "MK",
    "Globbo": "GL",
    "Nonintendo": "NN",
    "Lenogo": "LN",
    "The Mouse": "TM",
    "Windoze": "WZ",
}

# A corp on a custom board that is not one of the six above gets a neutral colour.
FALLBACK_CORP_COLOR = "#999999"

# Company box statuses that are not a corp: (fill, outline, label, label colour).
# Unowned boxes are empty and light; nationalized ones dark grey; syndicalized ones mid
# grey; a company that does not exist yet (L-5, Asteroid) is faint with a dash.
STATUS_STYLE: dict[str, tuple[str, str, str, str]] = {
    "unowned": ("#FFFFFF", "#7A7A7A", "", "#000000"),
    "nationalized": ("#4D4D4D", "#2B2B2B", "NAT", "#FFFFFF"),
    "syndicalized": ("#BDBDBD", "#6B6B6B", "SYN", "#000000"),
    "absent": ("#F4F4F4", "#D2D2D2", "\u2014", "#9A9A9A"),
}

OWNED_OUTLINE = "#3A3A3A"
HIGHLIGHT_OUTLINE = "#000000"
WAR_OUTLINE = "#D62828"              # the country under attack while its war is decided
UNCONTROLLED_FILL = "#FFFFFF"
NEUTRAL_BAND = "#EEF0F3"
MUTED_TEXT = "#555555"


def corp_color(corp: str) -> str:
    """The fill colour of `corp`'s marker (a neutral grey for a corp this module does not know)."""
    return CORP_COLORS.get(corp, FALLBACK_CORP_COLOR)


# Colours by seat, for games whose players name their own corporations (the note-card game):
# the palette's colours in the order of CORP_COLORS, so that six seats never share one.
SEAT_COLORS: tuple[str, ...] = tuple(CORP_COLORS.values())


def seat_color(seat: int) -> str:
    """The colour of seat `seat` (0 first) of a game with free corporation names."""
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def corp_symbol(corp: str) -> str:
    """The marker of `corp` on charts."""
    return CORP_SYMBOLS.get(corp, "circle-open")


def corp_dash(corp: str) -> str:
    """The line dash of `corp` on charts."""
    return CORP_DASHES.get(corp, "solid")


def corp_initials(corp: str) -> str:
    """Two capital letters for `corp`: "MK" for Mokia, "TM" for The Mouse, and for a corp
    this module does not know, the first letters of its words (or its first two letters)."""
    if corp in CORP_INITIALS:
        return CORP_INITIALS[corp]
    words = corp.split()
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return corp[:2].upper()


def _luminance(hex_color: str) -> float:
    """Relative luminance of an sRGB colour "#RRGGBB" (WCAG 2 definition)."""
    value = hex_color.lstrip("#")
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_color_on(fill: str) -> str:
    """Black or white, whichever is easier to read on `fill`."""
    return "#000000" if contrast_ratio(fill, "#000000") >= contrast_ratio(fill, "#FFFFFF") else "#FFFFFF"
