"""A table's settings: the computer players' level and the mode of new games, the game's options,
view-only preferences applied at once, and the speed of the computer players and of motion.

Everything is remembered per game in ``localStorage`` (``circolo.<game>.level``, ``.mode``,
``.settings``, ``.prefs``; the speed in ``circolo.speed`` for every table). The settings form
is a folded panel in the side column: preferences first, then the options of a new game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyscript import window

from pyapp.session import DEFAULT_LEVEL, LEVELS, TableSession
from pyapp.session_types import Snapshot
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.table.base import MODES, PRACTICE
from pyapp.views.table.slots import TableSlots
from pyapp.views.vdom import Handler, VNode, h
from pyapp.views.widgets import folded, radio_group, select_field

SPEED_KEY = "circolo.speed"
"""The ``localStorage`` key of the computer players' speed (shared by every table)."""

SPEEDS: dict[str, float] = {"slow": 1.5, "normal": 0.8, "fast": 0.3}
"""Seconds before each computer move, by speed: one constant per speed, whatever the hand (T11)."""

MOTION_FACTORS: dict[str, float] = {"slow": 1.4, "normal": 1.0, "fast": 0.55}
"""How the speed setting scales every animation (and the pause of a finished trick)."""

FAST_MOTION = 0.3
"""The motion factor under ``?fast`` (demos, tests): animations stay, but brief."""


class TableSettings(TableSlots):
    """The settings of a table and of its new games."""

    @property
    def fast(self) -> bool:
        """Whether the page runs with ``?fast`` (quick computer players and brief motion)."""
        return "fast" in str(window.location.search or "")

    @property
    def settings_key(self) -> str:
        """The ``localStorage`` key of the remembered table settings."""
        return f"circolo.{self.game}.settings"

    def load_settings(self) -> None:
        """Read the remembered settings (unknown names or values are ignored)."""
        level = common.storage_get(f"circolo.{self.game}.level") or ""
        self.level = level if level in LEVELS else DEFAULT_LEVEL
        mode = common.storage_get(f"circolo.{self.game}.mode") or ""
        self.mode = mode if mode in MODES else MODES[0]
        stored = common.storage_get(self.settings_key) or ""
        for pair in stored.split(";"):
            name, _, raw = pair.partition("=")
            value = self._choice(name, raw)
            if value is not None:
                self.settings[name] = value

    def load_prefs(self) -> None:
        """Read the remembered view-only preferences (defaults: the first value of each)."""
        stored = common.storage_get(f"circolo.{self.game}.prefs") or ""
        given = dict(pair.partition("=")[::2] for pair in stored.split(";") if "=" in pair)
        for name, values in self.preferences.items():
            self.prefs[name] = given[name] if given.get(name) in values else values[0]

    def set_pref(self, name: str, value: str) -> None:
        """Change one preference, remember it and redraw."""
        if value in self.preferences.get(name, ()):
            self.prefs[name] = value
            common.storage_set(
                f"circolo.{self.game}.prefs", ";".join(f"{k}={v}" for k, v in self.prefs.items())
            )
            self.pref_changed(name)
            self.render()

    def pref_changed(self, name: str) -> None:
        """A preference changed (subclasses reset what depends on it)."""

    def _choice(self, name: str, raw: str) -> str | int | None:
        """The offered value of option ``name`` whose text is ``raw`` (``None`` if not offered)."""
        return next((v for v in self.option_choices.get(name, ()) if str(v) == raw), None)

    def default_options(self) -> dict[str, str | int]:
        """Options of a new game: the remembered settings."""
        return dict(self.settings)

    def fresh_session(self, options: dict[str, str | int]) -> TableSession:
        """A new game with ``options``, the remembered level and (when offered) mode."""
        tags = {"Mode": PRACTICE} if self.mode_setting and self.mode == PRACTICE else {}
        return TableSession.new(self.game, humans=self.humans, bot=self.level, options=options, tags=tags)

    def practice(self, snapshot: Snapshot) -> bool:
        """Whether the game in progress is a practice game (undo and "Suggest a move")."""
        return bool(snapshot["tags"].get("Mode") == PRACTICE)

    def start_with_settings(self, form: Any) -> None:
        """Read the settings form, remember it and start a new game with it."""
        chosen: dict[str, str | int] = {}
        for name in self.option_choices:
            field = form.querySelector(f"[name={name}]:checked") or form.querySelector(f"select[name={name}]")
            value = self._choice(name, str(field.value)) if field else None
            if value is not None:
                chosen[name] = value
        self.settings = chosen
        common.storage_set(self.settings_key, ";".join(f"{k}={v}" for k, v in chosen.items()))
        level = form.querySelector("[name=level]:checked")
        if level and str(level.value) in LEVELS:
            self.level = str(level.value)
            common.storage_set(f"circolo.{self.game}.level", self.level)
        mode = form.querySelector("[name=mode]:checked")
        if self.mode_setting and mode and str(mode.value) in MODES:
            self.mode = str(mode.value)
            common.storage_set(f"circolo.{self.game}.mode", self.mode)
        self.new_game(dict(chosen))

    def settings_form(self, snapshot: Snapshot) -> VNode:
        """A folded panel: preferences applied at once, then the options of a new game."""
        form = h("form", cls="settings", attrs={"id": "settings"})
        current = snapshot["options"]
        form.append(self.table_field("level", LEVELS, self.level))
        if self.mode_setting:
            form.append(self.table_field("mode", MODES, self.mode))
        for name, values in self.option_choices.items():
            form.append(self.settings_field(name, values, self.settings.get(name, current.get(name))))

        def submit(event: Any) -> None:
            event.preventDefault()
            self.start_with_settings(event.currentTarget)

        form.handlers["submit"] = submit
        form.append(h("button", cls="button", text=tr("table.start_with_settings"), attrs={"type": "submit"}))
        prefs = [self.pref_field(name, values) for name, values in self.preferences.items()]
        return folded(
            tr("table.settings"),
            h("div", *prefs, cls="prefs") if prefs else None,
            h("h3", text=tr("table.new_game_options"), cls="settings-sub"),
            form,
            ident="settings-panel",
        )

    def pref_field(self, name: str, values: tuple[str, ...]) -> VNode:
        """A select for one view-only preference, applied as soon as it changes."""
        field_id = f"pref-{name}"
        return select_field(
            field_id,
            tr(f"table.pref.{name}"),
            [(value, tr(f"table.pref.{name}.{value}")) for value in values],
            self.prefs.get(name),
            on_change=lambda event: self.set_pref(name, str(event.target.value)),
            cls="pref",
            attrs={"name": field_id, "data-pref": name},
        )

    def settings_field(self, name: str, values: tuple[str | int, ...], chosen: object) -> VNode:
        """The form control of one option: a group of radio buttons (subclasses may use a select)."""
        prefix = f"{self.option_prefix}.{name}"
        labels = [(value, tr(f"{prefix}.{value}")) for value in values]
        return radio_group(name, tr(prefix), labels, chosen, id_prefix=f"opt-{name}")

    def table_field(self, name: str, values: tuple[str, ...], chosen: str) -> VNode:
        """Radio buttons for a setting of the table itself (``table.<name>.<value>`` labels)."""
        labels = [(value, tr(f"table.{name}.{value}")) for value in values]
        return radio_group(
            name,
            tr(f"table.{name}"),
            labels,
            chosen,
            id_prefix=f"table-{name}",
            attrs={"id": f"table-{name}"},
        )

    def apply_speed(self, speed: str) -> None:
        """Set the computer players' delay and the animations' pace from a speed name."""
        self.speed = speed if speed in SPEEDS else "normal"
        self.bot_delay = SPEEDS[self.speed]
        if self.motion is not None:
            self.motion.factor = MOTION_FACTORS[self.speed]
        if self.fast:
            # ?fast: quick computer players (demos, tests); still one delay for every move (T11).
            self.bot_delay = self.chance_delay = 0.05
            if self.motion is not None:
                self.motion.factor = FAST_MOTION

    def speed_control(self) -> VNode:
        """A select for the game's speed (computer players and motion), remembered across pages."""

        def changed(event: Any) -> None:
            self.apply_speed(str(event.target.value))
            common.storage_set(SPEED_KEY, self.speed)

        return speed_select("speed", tr("table.speed"), SPEEDS, self.speed, changed)


def speed_select(ident: str, label: str, speeds: Mapping[str, float], chosen: str, changed: Handler) -> VNode:
    """A select of ``speeds`` by name (``table.speed.<name>`` words), ``chosen`` selected."""
    options = [(name, tr(f"table.speed.{name}")) for name in speeds]
    return select_field(ident, label, options, chosen, on_change=changed, cls="speed")
