"""Poker in words and numbers for the table: options, cards, combinations, actions, results, amounts."""

from __future__ import annotations

from pyapp.cards import Card
from pyapp.poker.actions import PokerAction
from pyapp.session_types import Snapshot
from pyapp.views import common
from pyapp.views.common import tr

OPTION_CHOICES: dict[str, tuple[int | str, ...]] = {
    "players": (4, 5, 6),
    "passata": (50, 100, 200, 500),
    "ante": (1, 2, 5),
    "dealer_ante": (0, 1, 2),
    "raise_cap": (0, 1, 2, 3),
    "hands": (0, 10, 20, 50),
    "cyclic": ("off", "on"),
    "topup": ("off", "on"),
    "joiners": ("off", "on"),
}
"""The settings form: each engine option with the values offered."""

AMOUNT_VERBS = ("open", "bet", "raise")


def option_label(name: str, value: int | str) -> str:
    """The words of one choice of the settings form."""
    if name == "players":
        return tr("poker.ui.opt.players.value", n=value)
    if name in ("raise_cap", "hands"):
        return tr(f"poker.ui.opt.{name}.0") if value == 0 else tr(f"poker.ui.opt.{name}.value", n=value)
    if name in ("cyclic", "topup", "joiners"):
        return tr(f"poker.ui.opt.{name}.{value}")
    return tr("poker.ui.opt.number", n=value)


def card(code: str) -> Card:
    """A French card from its code."""
    return Card.parse(code, "fr")


def cards_text(codes: list[str]) -> str:
    """Card codes in words: ``"fante di cuori, fante di quadri"``."""
    return ", ".join(common.card_label(card(c)) for c in codes)


def combination_text(combination: dict[str, str] | None) -> str:
    """The name of a combination dict from the engine in the current language."""
    if not combination:
        return ""
    return str(combination.get(common.get_lang()) or combination.get("it") or "")


def action_text(action: str | None) -> str:
    """An action (or a log entry such as ``draw 3``) in words: ``"raise 36"`` -> ``"Rilancia di 36"``."""
    if not action:
        return ""
    verb, _, rest = action.partition(" ")
    if verb == "draw" and rest and not rest.isdigit():
        rest = str(len(rest.split()))
    key = f"poker.ui.act.{verb}"
    if verb == "cut" and rest.isdigit():
        return common.tr_n(key, int(rest))
    return tr(key, n=rest) if verb in ("open", "bet", "raise", "draw", "cut") else tr(key)


def signed(value: float) -> str:
    """A net result with its sign and the language's decimal mark: ``+12``, ``−3``, ``−0,01``."""
    text = f"{abs(value):.2f}".rstrip("0").rstrip(".") if value != int(value) else str(abs(int(value)))
    if common.get_lang() == "it":
        text = text.replace(".", ",")
    return f"+{text}" if value > 0 else (f"\u2212{text}" if value < 0 else "0")


def amount_bounds(snapshot: Snapshot, verb: str) -> tuple[int, int]:
    """The smallest and largest amount for ``verb``: the view's bounds, else the legal list's."""
    values = [PokerAction.parse(a) for a in snapshot["legal"]]
    amounts = [v.number for v in values if v.verb == verb and v.number is not None]
    view = snapshot["view"]
    lo = int(view.get("min") or (min(amounts) if amounts else 0))
    hi = int(view.get("max") or (max(amounts) if amounts else 0))
    return lo, hi
