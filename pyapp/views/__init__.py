"""The browser views of Circolo: the only part of ``pyapp`` that may import ``pyscript``/``js``/``pyodide``.

Each page of the site is ``<body data-view="NAME">``; ``static/entry.py`` imports
``pyapp.views.NAME`` and calls its ``main()`` (plain or ``async``). Shared helpers — language,
translations, DOM builders, card images, the error panel, ``mark_ready()`` — are in
:mod:`pyapp.views.common`. Views talk to the engine only through :mod:`pyapp.session`
(and, for static showcases such as the landing page, the card and i18n modules).
"""
