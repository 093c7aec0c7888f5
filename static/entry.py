"""Start-up of every Circolo page (PyScript main thread).

Imports ``pyapp.views.<body data-view>`` and runs its ``main()`` (plain or ``async``), then marks
the app ready. A view that does not exist yet gets a friendly "coming soon" message instead of
an error; an exception anywhere goes to the page's error panel with its traceback.
"""

import asyncio
import importlib
import inspect
import traceback

from pyscript import document, window

from pyapp.views import common


async def start() -> None:
    """Run the page's view and mark the app ready, or show why it could not start."""
    window.performance.mark("circolo:entry")  # for bench/startup.py --profile
    view = str(document.body.dataset.view or "landing")
    module_name = f"pyapp.views.{view}"
    try:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            common.coming_soon(view)
        else:
            outcome = module.main()
            if inspect.isawaitable(outcome):
                await outcome
        common.mark_ready()
    except Exception:  # noqa: BLE001 - every start-up failure must be visible on the page
        common.show_error(traceback.format_exc())


_task = asyncio.ensure_future(start())
