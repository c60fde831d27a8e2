"""The frame's CSS: the header, the two columns, the log, the ending, looking back.

On top of :data:`widgets.theme.CSS`, with the same rules: JupyterLab's ``--jp-*`` variables (so the
light and the dark theme both read), a fallback for each, every rule under a ``lantern-`` class.
"""

FRAME_CSS = """
.lantern-frame .widget-hbox { flex-wrap: wrap; }
.lantern-frame .jupyter-button { flex-shrink: 0; }
.lantern-header-line { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.2em 1.2em;
  padding: 0.2em 0 0.3em; border-bottom: 2px solid var(--jp-brand-color1, #1976d2);
  color: var(--jp-ui-font-color1, #212121); line-height: 1.5; }
.lantern-title { font-size: 1.3em; font-weight: 700; }
.lantern-journey-name { font-size: 1.05em; }
.lantern-controls-row { margin: 0.3em 0; align-items: center; }
.lantern-controls-row .lantern-journal-journey { margin-left: 0.8em; }
.lantern-section { font-weight: 600; margin-top: 0.5em; padding-bottom: 0.1em;
  border-bottom: 1px solid var(--jp-border-color2, #e0e0e0); color: var(--jp-ui-font-color1, #212121); }
.lantern-report-view { min-height: 2em; }
.lantern-dock .lantern-messages { margin: 0.2em 0; }
.lantern-dock { margin: 0.3em 0; }
.lantern-log-list select { font-family: var(--jp-code-font-family, monospace);
  font-size: var(--jp-code-font-size, 13px); background: var(--jp-layout-color1, #fff);
  color: var(--jp-ui-font-color1, #212121); }
.lantern-log-detail { font-size: 0.9em; color: var(--jp-ui-font-color1, #212121); }
.lantern-log-superseded, .lantern-log-undone { text-decoration: line-through;
  color: var(--jp-ui-font-color2, #757575); }
.lantern-looking-back { padding: 0.4em 0.6em; border-left: 4px solid var(--jp-brand-color1, #1976d2);
  background: color-mix(in srgb, var(--jp-brand-color1, #1976d2) 10%, transparent); }
.lantern-looking-text { color: var(--jp-ui-font-color1, #212121); margin-bottom: 0.3em; }
.lantern-board-past { opacity: 0.85; filter: saturate(0.6); }
.lantern-ending { padding: 0.6em 0.8em; border: 2px solid var(--jp-warn-color1, #f57c00);
  border-radius: 0.4em; color: var(--jp-ui-font-color1, #212121);
  background: color-mix(in srgb, var(--jp-warn-color1, #f57c00) 10%, transparent); }
.lantern-ending-title { font-size: 1.3em; font-weight: 700; }
.lantern-table-note { font-size: 0.9em; color: var(--jp-ui-font-color1, #212121); }
.lantern-frame .widget-toggle-button.mod-active { background: var(--jp-brand-color1, #1976d2);
  color: var(--jp-ui-inverse-font-color1, #fff); }
.lantern-risk { color: var(--jp-warn-color1, #f57c00); font-weight: 600; }
"""
