"""Replay links: a game or one hand in a URL fragment (``#v2.…``; the first ``#r=…`` links too).

* :mod:`pyapp.links.codec` -- writing and reading links (:func:`game_link`, :func:`hand_link`,
  :func:`read_link`), the hands of a game (:func:`hand_spans`);
* :mod:`pyapp.links.radix` -- the exact arithmetic coding of the choices;
* :mod:`pyapp.links.model` -- how a game's link weighs its choices (each game's ``link.py``);
* :mod:`pyapp.links.legacy` -- the first links, ``#r=`` + the packed record text;
* :mod:`pyapp.links.session` -- the replay viewer's boundary and sharing from a table;
* :mod:`pyapp.links.cli` -- ``python3 -m pyapp link`` and ``check --link``.
"""

from __future__ import annotations

from pyapp.links.codec import (
    PAGE,
    HandSpan,
    Link,
    LinkError,
    check_link,
    game_link,
    hand_fragment,
    hand_link,
    hand_record,
    hand_spans,
    hand_state,
    hand_text,
    make_link,
    read_link,
)

__all__ = [
    "PAGE",
    "HandSpan",
    "Link",
    "LinkError",
    "check_link",
    "game_link",
    "hand_fragment",
    "hand_link",
    "hand_record",
    "hand_spans",
    "hand_state",
    "hand_text",
    "make_link",
    "read_link",
]
