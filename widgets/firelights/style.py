"""The Firelights panel's own CSS, on top of :data:`widgets.parts.theme.CSS` (same ``--jp-*`` rules)."""

#: The Firelights panel's CSS, in JupyterLab's theme colours: the sheet, the map's cards and
#: beacons, the Curses' bars and the results.
CSS = """
.lantern-legend { font-size: 0.85em; line-height: 1.35; display: inline-block; }
.lantern-odds-line { font-size: 0.95em; margin: 0.1em 0 0.3em 0.4em; color: var(--jp-ui-font-color2, #757575); }
.lantern-odds-line span[title] { cursor: help; }
.lantern-muted { color: var(--jp-ui-font-color2, #757575); }
.lantern-sheet { line-height: 1.6; color: var(--jp-ui-font-color1, #212121); }
.lantern-sheet-name { font-size: 1.15em; font-weight: 600; }
.lantern-status { line-height: 1.6; color: var(--jp-ui-font-color1, #212121); }
.lantern-boxes { display: inline-flex; gap: 0.2em; vertical-align: middle; }
.lantern-box { width: 0.9em; height: 0.9em; border: 1px solid var(--jp-ui-font-color2, #757575);
  border-radius: 0.15em; display: inline-block; }
.lantern-box-marked { background: var(--jp-warn-color1, #f57c00); border-color: var(--jp-warn-color1, #f57c00); }
.lantern-light { color: var(--jp-success-color1, #388e3c); }
.lantern-shade { color: var(--jp-warn-color1, #f57c00); }
.lantern-darkness { color: var(--jp-error-color1, #d32f2f); }
.lantern-result { font-size: 1.15em; }
.lantern-roll-row { display: flex; align-items: center; gap: 1em; flex-wrap: wrap; }
.lantern-score { font-size: 1.1em; color: var(--jp-ui-font-color1, #212121); }
.lantern-report { padding: 0.3em 0.6em; border-left: 4px solid var(--jp-brand-color1, #1976d2);
  color: var(--jp-ui-font-color1, #212121); }
.lantern-changes { margin: 0.2em 0; padding-left: 1.2em; }
.lantern-prompt { color: var(--jp-warn-color1, #f57c00); margin-right: 0.6em; line-height: 2.2; }
.lantern-map-cell.jupyter-button { font-size: 0.95em; line-height: 1.15; font-weight: 600; white-space: normal;
  background: var(--jp-layout-color1, #fff); border: 1px solid var(--jp-border-color1, #bdbdbd);
  border-radius: 0.35em; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.25); opacity: 1; }
.lantern-map-cell.jupyter-button:disabled { opacity: 1; cursor: default; }
.lantern-map-gap.jupyter-button { visibility: hidden; }
.lantern-map-red.jupyter-button { color: var(--jp-error-color1, #d32f2f); }
.lantern-map-black.jupyter-button { color: var(--jp-ui-font-color1, #212121); }
.lantern-map-hidden.jupyter-button { color: var(--jp-ui-font-color1, #212121);
  background: var(--jp-layout-color2, #eee); border: 2px dashed var(--jp-brand-color1, #1976d2); }
.lantern-map-here.jupyter-button { outline: 3px solid var(--jp-brand-color1, #1976d2); }
.lantern-map-beacon.jupyter-button { border: 2px dashed var(--jp-warn-color1, #f57c00); }
.lantern-map-lit.jupyter-button { border: 2px solid var(--jp-warn-color1, #f57c00);
  background: #ffe0b2;
  background: color-mix(in srgb, var(--jp-warn-color1, #f57c00) 30%, var(--jp-layout-color1, #fff)); }
.lantern-map-enterable.jupyter-button:hover { outline: 2px dashed var(--jp-brand-color1, #1976d2); }
.lantern-curses { display: flex; flex-direction: column; gap: 0.4em; color: var(--jp-ui-font-color1, #212121); }
.lantern-curse-perished { opacity: 0.5; text-decoration: line-through; }
.lantern-curse-facing { border-left: 4px solid var(--jp-error-color1, #d32f2f); padding-left: 0.4em; }
.lantern-bar { height: 0.5em; background: var(--jp-layout-color3, #bdbdbd); border-radius: 0.25em;
  max-width: 20em; overflow: hidden; }
.lantern-bar > div { height: 100%; background: var(--jp-error-color1, #d32f2f); }
"""
