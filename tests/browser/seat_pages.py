"""What a player's seat page holds and what it can send, read and forged in the page itself.

A seat page (Voilà, served by the GM's table) exposes its JupyterLab-style app as
``window.jupyterapp``, whose ``widgetManager`` holds every widget model the page was sent and the
kernel connection its clicks go through: a player with the browser's developer tools has exactly
these. The helpers here use them as such a player would (walk every model's state, send a click
to a model id the page does not hold, create a model of the page's own and click it) and read the
journey file the way no page can (its row count and head, from the test's process).
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

__all__ = [
    "SECRETS",
    "assert_no_secrets",
    "click_own",
    "forge_click",
    "forge_new_button",
    "journey_head",
    "models",
]

#: What a seat must never hold while the GM hides the timer: the countdown, the interval and the
#: minute of the next roll (the GM sets the timer to 7 minutes in the test; 10 is group play's).
SECRETS = re.compile(
    r"until the Voidlight is rolled|next at minute|data-seconds|rolled every|every (7|10) minutes"
)

_WAIT_MANAGER = "() => !!(window.jupyterapp && window.jupyterapp.widgetManager)"

# Every model the page's widget manager holds: its id, kind and state as JSON (a reference to
# another model as its id).
_MODELS = """async () => {
  const manager = window.jupyterapp.widgetManager;
  const found = [];
  for (const id of Object.keys(manager._models)) {
    const model = await manager._models[id];
    const state = JSON.stringify(model.get_state(false), (key, value) =>
      key && value && typeof value === 'object' && value.model_id ? value.model_id : value);
    found.push({id, name: model.get('_model_name'), description: model.get('description') || '',
                state});
  }
  return found;
}"""

# A click (or any widget message) sent under a model id the page does not hold, then a round
# trip on the same channel: the kernel has handled the forged message when this returns.
_FORGE_CLICK = """async ([id, data]) => {
  const kernel = window.jupyterapp.widgetManager.kernel;
  const comm = kernel.createComm('jupyter.widget', id);
  comm.send(data);
  comm.dispose();
  await kernel.requestKernelInfo();
  return true;
}"""

# A click on a model the page holds (enabled, disabled or hidden alike), then a round trip.
_CLICK_OWN = """async (id) => {
  const manager = window.jupyterapp.widgetManager;
  (await manager.get_model(id)).send({event: 'click'}, {});
  await manager.kernel.requestKernelInfo();
  return true;
}"""

# A Button model the page creates in its own kernel (ipywidgets lets a page open a widget's
# comm), labelled as a GM's control, clicked, then closed.
_NEW_BUTTON = """async (description) => {
  const manager = window.jupyterapp.widgetManager;
  const controls = {module: '@jupyter-widgets/controls', version: '2.0.0'};
  const model = await manager.new_widget({
    model_name: 'ButtonModel', model_module: controls.module,
    model_module_version: controls.version, view_name: 'ButtonView',
    view_module: controls.module, view_module_version: controls.version,
  }, {description});
  model.send({event: 'click'}, {});
  await manager.kernel.requestKernelInfo();
  model.close();
  await manager.kernel.requestKernelInfo();
  return model.model_id;
}"""


def models(page: Any) -> list[dict[str, str]]:
    """Every widget model the seat page holds: id, name (its kind), description, state (JSON)."""
    page.wait_for_function(_WAIT_MANAGER, timeout=30_000)
    found: list[dict[str, str]] = page.evaluate(_MODELS)
    return found


def forge_click(page: Any, model_id: str) -> None:
    """Send, from the seat page's own kernel connection, the message a click on the model
    ``model_id`` is, whether the page holds that model or not; return once the kernel handled
    it."""
    data = {"method": "custom", "content": {"event": "click"}}
    page.evaluate(_FORGE_CLICK, [model_id, data])


def click_own(page: Any, description: str) -> None:
    """Click the page's own button model labelled ``description`` (whatever the page shows of
    it) through its widget manager; return once the kernel handled it."""
    ids = [m["id"] for m in models(page) if m["description"].startswith(description)]
    assert len(ids) == 1, (description, ids)
    page.evaluate(_CLICK_OWN, ids[0])


def forge_new_button(page: Any, description: str) -> str:
    """Create a Button model from the page in its kernel, click it and close it; its id."""
    return str(page.evaluate(_NEW_BUTTON, description))


def assert_no_secrets(page: Any) -> list[dict[str, str]]:
    """No part of the seat page's DOM, nor any widget model's state it holds, tells the GM's
    timer; returns the models."""
    html = page.content()
    assert not SECRETS.search(html), SECRETS.search(html)
    held = models(page)
    for model in held:
        told = SECRETS.search(model["state"])
        assert told is None, (told, model["name"], model["state"][:400])
    return held


def journey_head(path: Path) -> tuple[int, str]:
    """The journey's row count and head (the hash chained over every row), read only."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (rows,) = db.execute("SELECT count(*) FROM book").fetchone()
        (head,) = db.execute("SELECT hex(hash) FROM head").fetchone()
    finally:
        db.close()
    return int(rows), str(head)
