"""The Embers panel's own CSS (only ``--jp-*`` colours, each with a fallback, every rule under a
``lantern-`` class), so light and dark themes both read."""

#: The Embers panel's CSS, in JupyterLab's theme colours: the ring of locations around the fire, the
#: heroes and monsters, and the ending.
CSS = """
.lantern-embers .lantern-muted { color: var(--jp-ui-font-color2, #757575); }
.lantern-ring { display: grid; grid-template-columns: repeat(3, minmax(9em, 1fr)); gap: 0.3em;
  max-width: 40em; color: var(--jp-ui-font-color1, #212121); }
.lantern-location { border: 1px solid var(--jp-border-color1, #bdbdbd); border-radius: 0.3em;
  padding: 0.2em 0.35em; background: var(--jp-layout-color1, #fff); min-height: 6.5em;
  font-size: 0.9em; line-height: 1.35; }
.lantern-location-name { font-weight: 700; color: var(--jp-ui-font-color2, #757575); }
.lantern-next-spawn { border: 2px dashed var(--jp-warn-color1, #f57c00); }
.lantern-camp { border-bottom: 1px dotted var(--jp-border-color2, #e0e0e0); padding: 0.1em 0; }
.lantern-camp-empty { color: var(--jp-ui-font-color3, #9e9e9e); font-style: italic; }
.lantern-hero { font-weight: 600; color: var(--jp-brand-color1, #1976d2); }
.lantern-hero-acting { text-decoration: underline; }
.lantern-wild { padding-top: 0.1em; }
.lantern-icons { white-space: nowrap; font-weight: 600; }
.lantern-legend { font-size: 0.8em; line-height: 1.3; margin-top: 0.2em; max-width: 48em; }
.lantern-monster { display: block; color: var(--jp-error-color1, #d32f2f); }
.lantern-fire { border: 2px solid var(--jp-warn-color1, #f57c00); border-radius: 50%;
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  text-align: center; min-height: 6.5em; font-size: 0.9em; color: var(--jp-ui-font-color1, #212121);
  background: color-mix(in srgb, var(--jp-warn-color1, #f57c00) 12%, var(--jp-layout-color1, #fff)); }
.lantern-embers-info { line-height: 1.6; color: var(--jp-ui-font-color1, #212121); margin-top: 0.4em; }
.lantern-embers-info b { color: var(--jp-ui-font-color1, #212121); }
.lantern-phase { font-weight: 700; color: var(--jp-warn-color1, #f57c00); }
.lantern-house { display: block; line-height: 1.35; margin: 0.15em 0 0.3em; font-size: 0.85em;
  color: var(--jp-ui-font-color2, #757575); font-style: italic; cursor: help; }
.lantern-prompt { color: var(--jp-ui-font-color1, #212121); font-weight: 600; line-height: 2; }
.lantern-report { padding: 0.3em 0.6em; border-left: 4px solid var(--jp-warn-color1, #f57c00);
  color: var(--jp-ui-font-color1, #212121); }
.lantern-embers button.lantern-act-attack { white-space: normal; height: auto; max-width: 100%;
  min-height: var(--jp-widgets-inline-height, 28px); text-align: left; line-height: 1.35;
  padding: 0.25em 0.6em; }
.lantern-danger { line-height: 1.5; margin: 0.1em 0 0.3em; color: var(--jp-ui-font-color1, #212121); }
.lantern-danger-out b { color: var(--jp-error-color1, #d32f2f); }
.lantern-won { color: var(--jp-success-color1, #388e3c); }
.lantern-lost { color: var(--jp-error-color1, #d32f2f); }
"""
