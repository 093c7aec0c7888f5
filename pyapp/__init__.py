"""Circolo: the rules engine, computer players and browser views of three Italian club card games.

The engine (everything outside ``pyapp.views``) is pure standard-library Python that runs
unchanged on CPython >= 3.11 and on Pyodide. Only ``pyapp.views`` may touch the browser.
"""

__version__ = "0.1.0"
