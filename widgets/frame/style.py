"""The frame's CSS: the header, the two columns, the log, the ending, looking back, Advice.

On top of :data:`widgets.parts.theme.CSS`, with the same rules: JupyterLab's ``--jp-*`` variables (so the
light and the dark theme both read), a fallback for each, every rule under a ``lantern-`` class.
"""

#: The frame's CSS: the header, the controls, the log as a journal, the look back and the ending, in
#: JupyterLab's theme colours so the panel reads in light and dark themes.
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
.lantern-log-lines { max-height: 26em; overflow-y: auto; overflow-x: hidden; width: 100%;
  border: 1px solid var(--jp-border-color2, #e0e0e0); border-radius: 0.3em; }
.lantern-frame .lantern-log-lines > .widget-hbox { flex-wrap: nowrap; align-items: flex-start;
  border-bottom: 1px solid var(--jp-border-color3, #eee); padding: 0.15em 0.3em; }
.lantern-frame .lantern-log-lines > * { flex-shrink: 0; }
.lantern-log-row > .lantern-log-line { flex: 1 1 auto; min-width: 0; height: auto; }
.lantern-log-line .widget-html-content { line-height: normal; white-space: normal; }
.lantern-log-entry { white-space: normal; overflow-wrap: anywhere; line-height: 1.45;
  font-family: var(--jp-content-font-family, system-ui, sans-serif);
  font-size: var(--jp-content-font-size1, 14px); color: var(--jp-content-font-color1, #212121); }
.lantern-log-number { color: var(--jp-ui-font-color2, #757575); }
.lantern-log-dice { white-space: nowrap; margin-left: 0.3em; }
.lantern-log-card { display: inline-block; padding: 0 0.25em; border-radius: 0.2em;
  border: 1px solid var(--jp-border-color1, #bdbdbd); background: var(--jp-layout-color0, #fff);
  font-size: 0.95em; line-height: 1.3; }
.lantern-die.lantern-log-die { font-size: 1.25em; line-height: 1; }
.lantern-frame .lantern-log-look { min-width: 2.2em; height: 1.8em; padding: 0 0.4em; }
.lantern-log-picked { background: color-mix(in srgb, var(--jp-brand-color1, #1976d2) 12%, transparent); }
.lantern-log-detail { font-size: 0.9em; color: var(--jp-ui-font-color1, #212121); margin: 0.2em 0; }
.lantern-log-superseded .lantern-log-text, .lantern-log-undone .lantern-log-text,
.lantern-log-superseded .lantern-log-title, .lantern-log-undone .lantern-log-title {
  text-decoration: line-through; color: var(--jp-ui-font-color2, #757575); }
.lantern-looking-back { padding: 0.4em 0.6em; border-left: 4px solid var(--jp-brand-color1, #1976d2);
  background: color-mix(in srgb, var(--jp-brand-color1, #1976d2) 10%, transparent); }
.lantern-looking-text { color: var(--jp-ui-font-color1, #212121); margin-bottom: 0.3em; }
.lantern-board-past { opacity: 0.85; filter: saturate(0.6); }
.lantern-ending { padding: 0.6em 0.8em; border: 2px solid var(--jp-warn-color1, #f57c00);
  border-radius: 0.4em; color: var(--jp-ui-font-color1, #212121);
  background: color-mix(in srgb, var(--jp-warn-color1, #f57c00) 10%, transparent); }
.lantern-ending-title { font-size: 1.3em; font-weight: 700; }
.lantern-ending-recap { margin: 0.3em 0; padding-left: 1.4em; }
.lantern-table-note { font-size: 0.9em; color: var(--jp-ui-font-color1, #212121); }
.lantern-frame .widget-toggle-button.mod-active { background: var(--jp-brand-color1, #1976d2);
  color: var(--jp-ui-inverse-font-color1, #fff); }
.lantern-risk { color: var(--jp-warn-color1, #f57c00); font-weight: 600; }
"""

#: The Advice section's CSS (:mod:`widgets.frame.advice`): its table, its note, the outline on the
#: move it rates best, and the last table's place kept while new rows are thought about.
ADVICE_CSS = """
.lantern-advice-table { border-collapse: collapse; font-size: 0.92em; line-height: 1.35; }
.lantern-advice-table th { text-align: left; vertical-align: bottom; padding: 0 10px 3px 0; }
.lantern-advice-table td { padding: 3px 10px 3px 0; vertical-align: top; }
.lantern-advice-why { color: var(--jp-ui-font-color2, #616161); font-size: 0.9em; font-weight: normal; }
.lantern-advice-table td.lantern-advice-number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.lantern-advice-table th.lantern-advice-number { text-align: right; }
.lantern-advice-table tr.lantern-advice-best-row { font-weight: bold; }
.lantern-advice-note { color: var(--jp-ui-font-color2, #616161); font-size: 0.9em; }
.lantern-advice-note .widget-html-content { line-height: 1.35; }
.jupyter-widgets.lantern-advice-best, .lantern-advice-best { outline: 2px solid #d4a017; }
.lantern-advice-waiting { visibility: hidden; }
"""
