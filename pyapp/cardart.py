"""Our own SVG card art: Napoletane-style Italian cards, French cards, card backs and the app icon.

Every function returns a complete, standalone SVG document as text: it declares the SVG
namespace, a ``viewBox`` and a fixed ``width``/``height`` (cards are 200 x 300, the icon is
512 x 512), uses only generic font families, references nothing outside itself and contains no
script. The output is deterministic: the same input always gives the same bytes.

All ``id`` attributes of one document start with a prefix that is unique to that document (for
example ``it7c-`` for the 7 of coppe), so any number of card SVGs can be inlined into the same
HTML page without their ``<use>`` references getting mixed up.

Conventions a test or a view may rely on:

* the suit symbol of a card is defined once as ``<g id="PREFIXp">`` and drawn with
  ``<use href="#PREFIXp">``; a number card has one such ``<use>`` per symbol in its body plus one
  in the corner index (the bottom-right index is a rotated ``<use>`` of the top-left index group
  ``PREFIXi``);
* court cards (F/C/R and J/Q/K) and aces draw the body symbol exactly once.

>>> from pyapp.cards import Card
>>> card_svg(Card.parse("7c")).count('href="#it7c-p"')
8
"""

from __future__ import annotations

from typing import Final

from pyapp.cards import Card

__all__ = ["card_svg", "back_svg", "icon_svg", "CARD_WIDTH", "CARD_HEIGHT"]

CARD_WIDTH: Final = 200
CARD_HEIGHT: Final = 300

_SERIF: Final = "Georgia, 'DejaVu Serif', 'Times New Roman', serif"
_INK: Final = "#3a2a1a"
_GOLD: Final = "#e0a92a"
_GOLD_DARK: Final = "#7a5208"
_SKIN: Final = "#f3cfa6"

# ---------------------------------------------------------------------------------------------
# helpers


def _n(x: float) -> str:
    """Format a coordinate compactly and deterministically (at most two decimals)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _doc(body: str, width: int = CARD_WIDTH, height: int = CARD_HEIGHT, label: str = "") -> str:
    """Wrap ``body`` into a standalone SVG document."""
    title = f"<title>{label}</title>" if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img">{title}{body}</svg>'
    )


def _use(ref: str, x: float, y: float, scale: float = 1.0, rot: float = 0.0, flip: bool = False) -> str:
    """A ``<use>`` of ``#ref`` translated to (x, y), rotated by ``rot`` degrees and scaled."""
    parts = [f"translate({_n(x)} {_n(y)})"]
    if rot:
        parts.append(f"rotate({_n(rot)})")
    if flip:
        parts.append(f"scale({_n(-scale)} {_n(scale)})")
    elif scale != 1.0:
        parts.append(f"scale({_n(scale)})")
    return f'<use href="#{ref}" transform="{" ".join(parts)}"/>'


# ---------------------------------------------------------------------------------------------
# Italian suit symbols (drawn around the origin)

# Compact symbols fit in a 100 x 100 box; the long ones (swords, batons) are 200 tall, 40 wide.
_COIN: Final = (
    f'<circle r="47" fill="{_GOLD}" stroke="{_GOLD_DARK}" stroke-width="4"/>'
    '<circle r="37" fill="#f6d36a" stroke="#a8741a" stroke-width="2.5"/>'
    '<path d="M0-33L8-19 23-23 19-8 33 0 19 8 23 23 8 19 0 33-8 19-23 23-19 8-33 0-19-8-23-23-8-19Z" '
    'fill="#c0392b" stroke="#7a1f14" stroke-width="2"/>'
    '<circle r="10" fill="#2e7d32" stroke="#1b4d1e" stroke-width="2"/>'
    '<circle r="3.5" fill="#f6d36a"/>'
)
_CUP: Final = (
    f'<path d="M-26 48C-24 36-12 31-6 28L6 28C12 31 24 36 26 48Z" fill="{_GOLD}" '
    f'stroke="{_GOLD_DARK}" stroke-width="3"/>'
    f'<rect x="-6" y="6" width="12" height="24" fill="{_GOLD}" stroke="{_GOLD_DARK}" stroke-width="3"/>'
    '<ellipse cy="17" rx="12" ry="6" fill="#c0392b" stroke="#7a1f14" stroke-width="2.5"/>'
    f'<path d="M-40-36C-40-6-22 9 0 9C22 9 40-6 40-36Z" fill="{_GOLD}" stroke="{_GOLD_DARK}" '
    'stroke-width="3"/>'
    '<path d="M-38-22C-34-10-20-3 0-3C20-3 34-10 38-22L39-14C34-2 20 5 0 5C-20 5-34-2-39-14Z" '
    'fill="#2a5caa"/>'
    f'<ellipse cy="-36" rx="40" ry="10" fill="#8e1b12" stroke="{_GOLD_DARK}" stroke-width="3"/>'
    '<ellipse cy="-33" rx="30" ry="5" fill="#b8322a"/>'
)
_SWORD: Final = (
    '<path d="M-7 56C-20 6-16-54 22-100C6-52 4 6 7 56Z" fill="#b9c8d8" stroke="#34495e" '
    'stroke-width="3" stroke-linejoin="round"/>'
    '<path d="M0 52C-8 6-6-46 15-88" fill="none" stroke="#6f86a0" stroke-width="2.5"/>'
    f'<path d="M-22 50C-30 46-32 60-24 62L24 62C32 60 30 46 22 50Z" fill="{_GOLD}" '
    f'stroke="{_GOLD_DARK}" stroke-width="3"/>'
    '<rect x="-5.5" y="62" width="11" height="26" fill="#9b2a1f" stroke="#4a140e" stroke-width="2.5"/>'
    f'<circle cy="93" r="7.5" fill="{_GOLD}" stroke="{_GOLD_DARK}" stroke-width="3"/>'
)
_BATON: Final = (
    '<g fill="#c1813f" stroke="#5a3410" stroke-width="2.5" stroke-linejoin="round">'
    '<path d="M-7 98L7 98 12-84C12-101-12-101-12-84Z"/>'
    '<path d="M-10-50L-19-58-16-62-9-56ZM9-12L18-20 21-16 8-5ZM-8 28L-17 20-14 16-7 22ZM8 62L16 55 '
    '19 59 7 70Z"/></g>'
    '<path d="M-3-80C-5-40-4 20-2 90" fill="none" stroke="#e2ab74" stroke-width="3"/>'
    '<rect x="-12" y="-76" width="24" height="7" fill="#c0392b" stroke="#5a1a10" stroke-width="2"/>'
    '<rect x="-8" y="80" width="16" height="6" fill="#2e7d32" stroke="#163f18" stroke-width="2"/>'
)

_IT_SYMBOL: Final = {"d": _COIN, "c": _CUP, "s": _SWORD, "b": _BATON}
_IT_INDEX_COLOUR: Final = {"d": "#9a6400", "c": "#b3261e", "s": "#1f4e8c", "b": "#2b6a2b"}
_IT_LONG: Final = frozenset({"s", "b"})

# (x, y) centres of the compact symbols (denari, coppe) on the number cards, Napoletane style.
_IT_COMPACT_LAYOUT: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    2: ((100, 90), (100, 210)),
    3: ((100, 70), (100, 150), (100, 230)),
    4: ((70, 96), (130, 96), (70, 204), (130, 204)),
    5: ((70, 78), (130, 78), (100, 150), (70, 222), (130, 222)),
    6: ((70, 70), (130, 70), (70, 150), (130, 150), (70, 230), (130, 230)),
    7: ((70, 62), (130, 62), (100, 110), (70, 164), (130, 164), (70, 238), (130, 238)),
}


def _it_number_body(card: Card, ref: str) -> str:
    """The symbols of an Italian number card (2..7)."""
    count = int(card.rank)
    if card.suit not in _IT_LONG:
        scale = {2: 0.66, 3: 0.58, 4: 0.56, 5: 0.52, 6: 0.5, 7: 0.48}[count]
        return "".join(_use(ref, x, y, scale) for x, y in _IT_COMPACT_LAYOUT[count])
    out = []
    if card.suit == "s":
        # Curved swords nest like brackets "(( | ))"; the right one of each pair is the left one
        # turned half round (as the card itself), and hilts alternate from pair to pair.
        offsets = {2: (26,), 3: (30,), 4: (22, 50), 5: (26, 52), 6: (14, 40, 66), 7: (22, 44, 66)}[count]
        scale = {1: 1.0, 2: 0.94, 3: 0.86}[count // 2]
        for k, ox in enumerate(offsets):
            top = k % 2 == 1
            out.append(_use(ref, 100 - ox, 150, scale, 180 if top else 0, flip=top))
            out.append(_use(ref, 100 + ox, 150, scale, 0 if top else 180, flip=top))
        if count % 2:
            out.append(_use(ref, 100, 150, scale * 0.98))
        return "".join(out)
    # Batons cross in pairs (X), stacked in tiers; the odd one is an upright spine through them.
    tiers = {2: ((150, 1.0, 22.0),), 4: ((98, 0.6, 34.0), (202, 0.6, 34.0))}.get(
        count - count % 2, ((72, 0.48, 40.0), (150, 0.48, 40.0), (228, 0.48, 40.0))
    )
    for y, scale, angle in tiers:
        out.append(_use(ref, 100, y, scale, angle))
        out.append(_use(ref, 100, y, scale, -angle))
    if count % 2:
        out.append(_use(ref, 100, 150, 1.0 if count == 3 else 1.16))
    return "".join(out)


def _it_ace_body(card: Card, ref: str) -> str:
    """The single large symbol of an Italian ace, on a laurel-like ornament."""
    c = _IT_INDEX_COLOUR[card.suit]
    halo = (
        f'<ellipse cx="100" cy="150" rx="72" ry="104" fill="none" stroke="{c}" stroke-width="2" '
        'stroke-dasharray="2 6" stroke-linecap="round"/>'
    )
    if card.suit == "b":
        leaves = (
            '<g fill="#3f8f3a" stroke="#1f4d1c" stroke-width="2">'
            '<path d="M86 62C70 52 60 56 52 66C66 70 76 70 86 62Z"/>'
            '<path d="M114 62C130 52 140 56 148 66C134 70 124 70 114 62Z"/>'
            '<path d="M100 46C94 32 98 22 104 16C110 28 108 38 100 46Z"/></g>'
        )
        return halo + leaves + _use(ref, 100, 160, 1.12)
    if card.suit == "s":
        return halo + _use(ref, 100, 150, 1.16, -6)
    return halo + _use(ref, 100, 150, 1.3)


# ---------------------------------------------------------------------------------------------
# Italian court figures


_IT_DRESS: Final = {
    "d": ("#c0392b", "#2a5caa"),
    "c": ("#2a5caa", "#c0392b"),
    "s": ("#2e7d32", "#c0392b"),
    "b": ("#c0392b", "#2e7d32"),
}


def _face(cx: float, cy: float, r: float) -> str:
    """A simple round face with eyes and mouth."""
    return (
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{_SKIN}" stroke="{_INK}" stroke-width="2"/>'
        f'<circle cx="{_n(cx - r * 0.35)}" cy="{_n(cy - r * 0.05)}" r="1.8" fill="{_INK}"/>'
        f'<circle cx="{_n(cx + r * 0.35)}" cy="{_n(cy - r * 0.05)}" r="1.8" fill="{_INK}"/>'
        f'<path d="M{_n(cx - r * 0.3)} {_n(cy + r * 0.45)}Q{_n(cx)} {_n(cy + r * 0.65)} '
        f'{_n(cx + r * 0.3)} {_n(cy + r * 0.45)}" fill="none" stroke="#8e3b2a" stroke-width="1.6"/>'
    )


def _held(card: Card, ref: str, x: float, y: float, scale: float = 0.52) -> str:
    """The suit symbol held in a raised hand at (x, y); long symbols are gripped by the hilt."""
    if card.suit in _IT_LONG:
        return _use(ref, x, y - 92 * scale, scale, 8 if card.suit == "b" else 0)
    return _use(ref, x, y - 30, 0.46)


def _fante(card: Card, ref: str) -> str:
    """The Fante: a standing page with a feathered beret, raising the suit symbol."""
    main, second = _IT_DRESS[card.suit]
    s = f'stroke="{_INK}" stroke-width="2.5" stroke-linejoin="round"'
    return (
        f'<rect x="84" y="198" width="13" height="52" fill="{second}" {s}/>'
        f'<rect x="103" y="198" width="13" height="52" fill="{second}" {s}/>'
        f'<path d="M76 256C76 248 96 248 97 250L97 258 76 258Z" fill="{_INK}"/>'
        f'<path d="M124 256C124 248 104 248 103 250L103 258 124 258Z" fill="{_INK}"/>'
        f'<path d="M76 108L124 108 140 206 60 206Z" fill="{main}" {s}/>'
        f'<path d="M100 108L100 206" stroke="{_GOLD}" stroke-width="5"/>'
        f'<rect x="68" y="150" width="64" height="8" fill="{_GOLD}" stroke="{_GOLD_DARK}" stroke-width="2"/>'
        f'<path d="M62 170L76 112 84 118 72 172Z" fill="{main}" {s}/>'
        f'<circle cx="67" cy="174" r="6" fill="{_SKIN}" stroke="{_INK}" stroke-width="2"/>'
        f'<path d="M120 110L148 130 142 138 116 124Z" fill="{main}" {s}/>'
        + _held(card, ref, 150, 132)
        + f'<circle cx="148" cy="132" r="6.5" fill="{_SKIN}" stroke="{_INK}" stroke-width="2"/>'
        '<ellipse cx="100" cy="108" rx="22" ry="6" fill="#fdf8ea" stroke="#3a2a1a" stroke-width="2"/>'
        + _face(100, 86, 17)
        + '<path d="M83 84C82 70 90 66 100 66C110 66 118 70 117 84C114 76 86 76 83 84Z" fill="#6b3d1a"/>'
        f'<path d="M76 74C80 60 120 58 124 72C110 68 90 68 76 74Z" fill="{second}" {s}/>'
        f'<path d="M118 66C130 50 142 46 150 44C140 54 132 60 122 70Z" fill="{_GOLD}" '
        f'stroke="{_GOLD_DARK}" stroke-width="2"/>'
    )


def _cavallo(card: Card, ref: str) -> str:
    """The Cavallo: a rider on a horse turned to the left, raising the suit symbol."""
    main, second = _IT_DRESS[card.suit]
    s = f'stroke="{_INK}" stroke-width="2.5" stroke-linejoin="round"'
    horse = "#f1e9d8"
    return (
        f'<path d="M150 178C164 180 170 196 164 214C158 202 154 196 146 192Z" fill="#8a6a4a" {s}/>'
        f'<path d="M64 200L60 252 70 252 76 204ZM82 206L82 254 92 254 94 206ZM124 206L128 254 138 254 '
        f'136 204ZM140 198L150 250 160 248 150 196Z" fill="{horse}" {s}/>'
        f'<path d="M56 252L74 252M78 256L96 256M124 256L142 256M146 252L164 248" stroke="{_INK}" '
        'stroke-width="6"/>'
        f'<ellipse cx="104" cy="192" rx="52" ry="26" fill="{horse}" {s}/>'
        f'<path d="M88 192C74 184 62 168 60 146L58 130C52 126 46 128 42 134L26 156C22 163 26 170 33 170'
        f'L42 168C48 166 52 162 56 158C62 176 70 196 80 206Z" fill="{horse}" {s}/>'
        f'<path d="M54 130L56 114 63 128Z" fill="{horse}" {s}/>'
        '<path d="M60 128C64 150 72 168 86 182" fill="none" stroke="#8a6a4a" stroke-width="7" '
        'stroke-linecap="round"/>'
        f'<circle cx="47" cy="141" r="2.4" fill="{_INK}"/><circle cx="31" cy="163" r="1.6" fill="{_INK}"/>'
        f'<path d="M50 136L34 164" stroke="#9b2a1f" stroke-width="2.5"/>'
        f'<path d="M84 176L126 176 130 212 80 212Z" fill="{second}" {s}/>'
        f'<path d="M84 212L130 212" stroke="{_GOLD}" stroke-width="5"/>'
        f'<path d="M94 110L118 110 124 172 88 172Z" fill="{main}" {s}/>'
        f'<path d="M96 168L112 168 116 214 104 216Z" fill="{main}" {s}/>'
        f'<path d="M100 222L118 220 118 228 102 230Z" fill="{_INK}"/>'
        f'<path d="M114 114L142 96 148 102 120 124Z" fill="{main}" {s}/>'
        + _held(card, ref, 146, 98, 0.44)
        + f'<circle cx="146" cy="98" r="6" fill="{_SKIN}" stroke="{_INK}" stroke-width="2"/>'
        + _face(106, 92, 15)
        + f'<path d="M88 86C90 68 122 68 124 86C116 78 96 78 88 86Z" fill="{second}" {s}/>'
        f'<path d="M88 84L124 84" stroke="{_GOLD}" stroke-width="4"/>'
    )


def _re(card: Card, ref: str) -> str:
    """The Re: a crowned, bearded king in a long robe with ermine, holding the suit symbol."""
    main, second = _IT_DRESS[card.suit]
    s = f'stroke="{_INK}" stroke-width="2.5" stroke-linejoin="round"'
    return (
        f'<path d="M70 104L130 104 160 256 40 256Z" fill="{second}" {s}/>'
        f'<path d="M78 108L122 108 140 256 60 256Z" fill="{main}" {s}/>'
        f'<path d="M40 256L160 256 158 244 42 244Z" fill="#fdf8ea" {s}/>'
        '<g fill="#1a1a1a"><circle cx="60" cy="250" r="2"/><circle cx="84" cy="250" r="2"/>'
        '<circle cx="108" cy="250" r="2"/><circle cx="132" cy="250" r="2"/></g>'
        f'<path d="M100 110L100 244" stroke="{_GOLD}" stroke-width="6"/>'
        f'<path d="M72 112L56 176 66 180 82 124Z" fill="{second}" {s}/>'
        f'<circle cx="61" cy="181" r="6.5" fill="{_SKIN}" stroke="{_INK}" stroke-width="2"/>'
        f'<path d="M124 112L148 132 141 140 118 126Z" fill="{second}" {s}/>'
        + _held(card, ref, 148, 134)
        + f'<circle cx="147" cy="134" r="6.5" fill="{_SKIN}" stroke="{_INK}" stroke-width="2"/>'
        '<path d="M76 104C84 116 116 116 124 104L118 98 82 98Z" fill="#fdf8ea" stroke="#3a2a1a" '
        'stroke-width="2"/>'
        + _face(100, 82, 17)
        + '<path d="M84 86C86 112 114 112 116 86C110 94 90 94 84 86Z" fill="#8c8c8c" stroke="#3a2a1a" '
        'stroke-width="1.5"/>'
        f'<path d="M82 70L80 48 90 58 100 44 110 58 120 48 118 70Z" fill="{_GOLD}" stroke="{_GOLD_DARK}" '
        'stroke-width="2.5" stroke-linejoin="round"/>'
        '<circle cx="100" cy="62" r="3.5" fill="#c0392b"/><circle cx="88" cy="64" r="2.5" fill="#2a5caa"/>'
        '<circle cx="112" cy="64" r="2.5" fill="#2a5caa"/>'
    )


_IT_COURT: Final = {"F": _fante, "C": _cavallo, "R": _re}


def _it_card(card: Card) -> str:
    """The SVG of an Italian (Napoletane-style) card."""
    pfx = f"it{card.code}-"
    ref = pfx + "p"
    colour = _IT_INDEX_COLOUR[card.suit]
    if card.suit in _IT_LONG:
        corner_pip = _use(ref, 24, 73, 0.2, 40)
    else:
        corner_pip = _use(ref, 24, 72, 0.3)
    index = (
        f'<g id="{pfx}i"><text x="24" y="44" text-anchor="middle" font-family="{_SERIF}" '
        f'font-weight="bold" font-size="40" fill="{colour}">{card.rank}</text>{corner_pip}</g>'
    )
    if card.rank == "A":
        body = _it_ace_body(card, ref)
    elif card.rank in _IT_COURT:
        body = _IT_COURT[card.rank](card, ref)
    else:
        body = _it_number_body(card, ref)
    return _doc(
        f'<defs><g id="{ref}">{_IT_SYMBOL[card.suit]}</g></defs>'
        '<rect x="1.5" y="1.5" width="197" height="297" rx="14" fill="#fbf3df" stroke="#7a6544" '
        'stroke-width="3"/>'
        f"{body}{index}"
        f'<use href="#{pfx}i" transform="rotate(180 100 150)"/>',
        label=card.code,
    )


# ---------------------------------------------------------------------------------------------
# French cards

_FR_RED: Final = "#c8102e"
_FR_BLACK: Final = "#1b1b1f"
_FR_PIP: Final = {
    "h": f'<path d="M0 46C-18 28-48 8-48-16C-48-36-32-48-18-46C-8-45-2-38 0-30C2-38 8-45 18-46'
    f'C32-48 48-36 48-16C48 8 18 28 0 46Z" fill="{_FR_RED}"/>',
    "d": f'<path d="M0-50C10-34 24-16 38 0C24 16 10 34 0 50C-10 34-24 16-38 0C-24-16-10-34 0-50Z" '
    f'fill="{_FR_RED}"/>',
    "s": f'<path d="M0-48C-12-28-46-12-46 12C-46 30-28 38-14 34C-8 32-4 28-2 24C-3 34-8 42-18 48L18 48'
    f'C8 42 3 34 2 24C4 28 8 32 14 34C28 38 46 30 46 12C46-12 12-28 0-48Z" fill="{_FR_BLACK}"/>',
    "c": f'<g fill="{_FR_BLACK}"><circle cy="-24" r="21"/><circle cx="-23" cy="10" r="21"/>'
    '<circle cx="23" cy="10" r="21"/><path d="M-8-8L8-8 8 8-8 8Z"/>'
    '<path d="M-3 6C-3 30-8 40-20 48L20 48C8 40 3 30 3 6Z"/></g>',
}
_FR_COLOUR: Final = {"h": _FR_RED, "d": _FR_RED, "s": _FR_BLACK, "c": _FR_BLACK}

# Pip layouts for 2..10: (column, row) with columns 0 (left), 1 (centre), 2 (right) and rows as a
# fraction of the height between the top and bottom pip rows.
_FR_LAYOUT: Final[dict[int, tuple[tuple[int, float], ...]]] = {
    2: ((1, 0), (1, 1)),
    3: ((1, 0), (1, 0.5), (1, 1)),
    4: ((0, 0), (2, 0), (0, 1), (2, 1)),
    5: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
    6: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    7: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    8: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
    9: ((0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)),
    10: (
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ),
}
_FR_COLUMNS: Final = (66.0, 100.0, 134.0)
_FR_TOP: Final = 62.0
_FR_BOTTOM: Final = 238.0


def _fr_number_body(card: Card, ref: str) -> str:
    """The pips of a French number card; pips below the middle are upside down."""
    count = 10 if card.rank == "T" else int(card.rank)
    out = []
    for col, row in _FR_LAYOUT[count]:
        y = _FR_TOP + row * (_FR_BOTTOM - _FR_TOP)
        out.append(_use(ref, _FR_COLUMNS[col], y, 0.33, 180 if row > 0.5 else 0))
    return "".join(out)


_FR_HEADGEAR: Final = {
    # King: crown; Queen: tiara with veil; Jack: cap with feather.
    "K": f'<path d="M80 86L78 62 89 74 100 58 111 74 122 62 120 86Z" fill="{_GOLD}" stroke="{_GOLD_DARK}" '
    'stroke-width="2"/>',
    "Q": f'<path d="M76 110C72 84 82 68 100 66C118 68 128 84 124 110L118 90C110 82 90 82 82 90Z" '
    f'fill="#3b5ba8"/><path d="M84 84C88 70 112 70 116 84L110 78 100 72 90 78Z" fill="{_GOLD}" '
    f'stroke="{_GOLD_DARK}" stroke-width="2"/>',
    "J": '<path d="M78 88C78 68 122 68 122 88Z" fill="#c8102e" stroke="#3a2a1a" stroke-width="2"/>'
    f'<path d="M118 74C128 62 138 58 146 58C138 66 130 72 120 80Z" fill="{_GOLD}" stroke="{_GOLD_DARK}" '
    'stroke-width="1.5"/>',
}


def _fr_court_body(card: Card, ref: str) -> str:
    """A framed, double-ended stylised portrait for J/Q/K with the letter and the suit."""
    pfx = ref[:-1]
    colour = _FR_COLOUR[card.suit]
    robe_a, robe_b = ("#c8102e", "#2a4f9a") if card.suit in "hd" else ("#2a4f9a", "#c8102e")
    beard = (
        '<path d="M86 100C88 124 112 124 114 100C108 108 92 108 86 100Z" fill="#8a5a2a"/>'
        if card.rank == "K"
        else ""
    )
    half = (
        f'<g id="{pfx}h"><g transform="translate(100 150) scale(1.14) translate(-100 -150)">'
        f'<path d="M52 150L52 132C56 116 74 110 100 110C126 110 144 116 148 132L148 150Z" fill="{robe_a}" '
        f'stroke="{_INK}" stroke-width="2"/>'
        f'<path d="M84 112L100 150 116 112Z" fill="{robe_b}" stroke="{_INK}" stroke-width="2"/>'
        f'<path d="M100 118L100 150" stroke="{_GOLD}" stroke-width="5"/>'
        + _face(100, 96, 17)
        + beard
        + _FR_HEADGEAR[card.rank]
        + "</g>"
        + f'<text x="140" y="86" text-anchor="middle" font-family="{_SERIF}" font-weight="bold" '
        f'font-size="30" fill="{colour}">{card.rank}</text>' + _use(ref, 60, 74, 0.24) + "</g>"
    )
    return (
        f'<rect x="42" y="44" width="116" height="212" rx="6" fill="#fdf6e3" stroke="{colour}" '
        'stroke-width="3"/>'
        + half
        + f'<use href="#{pfx}h" transform="rotate(180 100 150)"/>'
        + f'<path d="M44 150L156 150" stroke="{colour}" stroke-width="2"/>'
    )


def _fr_card(card: Card) -> str:
    """The SVG of a French card."""
    pfx = f"fr{card.code}-"
    ref = pfx + "p"
    colour = _FR_COLOUR[card.suit]
    label = "10" if card.rank == "T" else card.rank
    size = 34 if label == "10" else 40
    spacing = ' letter-spacing="-3"' if label == "10" else ""
    index = (
        f'<g id="{pfx}i"><text x="24" y="44" text-anchor="middle" font-family="{_SERIF}" '
        f'font-weight="bold" font-size="{size}"{spacing} fill="{colour}">{label}</text>'
        f"{_use(ref, 24, 68, 0.3)}</g>"
    )
    if card.rank == "A":
        body = _use(ref, 100, 150, 1.0)
    elif card.rank in ("J", "Q", "K"):
        body = _fr_court_body(card, ref)
    else:
        body = _fr_number_body(card, ref)
    return _doc(
        f'<defs><g id="{ref}">{_FR_PIP[card.suit]}</g></defs>'
        '<rect x="1.5" y="1.5" width="197" height="297" rx="14" fill="#ffffff" stroke="#8a8a8a" '
        'stroke-width="3"/>'
        f"{body}{index}"
        f'<use href="#{pfx}i" transform="rotate(180 100 150)"/>',
        label=card.code,
    )


# ---------------------------------------------------------------------------------------------
# public API


def card_svg(card: Card) -> str:
    """Return the face of ``card`` (Italian or French) as a standalone 200 x 300 SVG document."""
    return _it_card(card) if card.deck == "it" else _fr_card(card)


def back_svg(deck: str) -> str:
    """Return the back of the cards of ``deck`` (``"it"`` or ``"fr"``) as a standalone SVG."""
    if deck not in ("it", "fr"):
        raise ValueError(f"unknown deck {deck!r} (expected 'it' or 'fr')")
    pfx = f"back{deck}-"
    ground, line, accent = (
        ("#8e1b1b", "#c8a24a", "#f4e3b0") if deck == "it" else ("#1d3c78", "#8fb0e8", "#e8eefc")
    )
    return _doc(
        f'<defs><pattern id="{pfx}l" width="20" height="20" patternUnits="userSpaceOnUse">'
        f'<rect width="20" height="20" fill="{ground}"/>'
        f'<path d="M0 10L10 0 20 10 10 20Z" fill="none" stroke="{line}" stroke-width="1.6"/>'
        f'<circle cx="10" cy="10" r="2" fill="{line}"/></pattern></defs>'
        f'<rect x="1.5" y="1.5" width="197" height="297" rx="14" fill="{accent}" stroke="#5a4a3a" '
        'stroke-width="3"/>'
        f'<rect x="12" y="12" width="176" height="276" rx="8" fill="url(#{pfx}l)" stroke="{ground}" '
        'stroke-width="3"/>'
        f'<circle cx="100" cy="150" r="40" fill="{ground}" stroke="{accent}" stroke-width="5"/>'
        # the emblem: an eight-pointed rosette (two squares) around a dot, no letter in it
        f'<rect x="78" y="128" width="44" height="44" fill="{line}"/>'
        f'<rect x="78" y="128" width="44" height="44" fill="{line}" transform="rotate(45 100 150)"/>'
        f'<circle cx="100" cy="150" r="13" fill="{ground}" stroke="{accent}" stroke-width="3"/>'
        f'<circle cx="100" cy="150" r="4" fill="{accent}"/>',
        label=f"back {deck}",
    )


def icon_svg() -> str:
    """Return the square app icon of Circolo (readable from 32 px to 512 px)."""
    return _doc(
        '<path d="M96 0H416A96 96 0 0 1 512 96V416A96 96 0 0 1 416 512H96A96 96 0 0 1 0 416V96A96 96 0 0 1 '
        '96 0Z" fill="#1f5e3a"/>'
        '<circle cx="256" cy="256" r="196" fill="none" stroke="#e0a92a" stroke-width="28"/>'
        '<g transform="rotate(-14 256 256)"><rect x="150" y="136" width="150" height="230" rx="20" '
        'fill="#fbf3df" stroke="#3a2a1a" stroke-width="8"/>'
        f'<circle cx="225" cy="251" r="48" fill="{_GOLD}" stroke="{_GOLD_DARK}" stroke-width="10"/>'
        '<circle cx="225" cy="251" r="18" fill="#c0392b"/></g>'
        '<g transform="rotate(12 256 256)"><rect x="226" y="150" width="150" height="230" rx="20" '
        'fill="#ffffff" stroke="#3a2a1a" stroke-width="8"/>'
        '<path d="M301 318C283 300 253 280 253 256C253 236 269 224 283 226C293 227 299 234 301 242'
        'C303 234 309 227 319 226C333 224 349 236 349 256C349 280 319 300 301 318Z" fill="#c8102e"/>'
        "</g>",
        width=512,
        height=512,
        label="Circolo",
    )
