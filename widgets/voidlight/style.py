"""The Voidlight panel's own CSS, on top of :data:`widgets.parts.theme.CSS` (only ``--jp-*`` colours,
each with a fallback, every rule under a ``lantern-`` class, as the Firelights CSS does)."""

#: The Voidlight panel's CSS, in JupyterLab's theme colours: the sheet, the slots, the Voidlight's
#: dice, the timer and the crew.
CSS = """
.lantern-muted { color: var(--jp-ui-font-color2, #757575); }
.lantern-odds-plain { color: var(--jp-ui-font-color1, #212121); }
.lantern-odds-line { font-size: 0.95em; margin: 0.1em 0 0.3em 0.4em; color: var(--jp-ui-font-color2, #757575); }
.lantern-odds-line span[title], .lantern-house[title] { cursor: help; }
.lantern-house { display: block; line-height: 1.35; margin: 0.15em 0 0.3em; font-size: 0.85em; color: var(--jp-ui-font-color2, #757575); font-style: italic; }
.lantern-sheet { line-height: 1.6; color: var(--jp-ui-font-color1, #212121); }
.lantern-sheet-name { font-size: 1.15em; font-weight: 600; }
.lantern-status { line-height: 1.6; color: var(--jp-ui-font-color1, #212121); }
.lantern-success { color: var(--jp-success-color1, #388e3c); }
.lantern-partial { color: var(--jp-warn-color1, #f57c00); }
.lantern-failure { color: var(--jp-error-color1, #d32f2f); }
.lantern-die-kept { opacity: 0.6; }
.lantern-hp-bar { height: 0.7em; background: var(--jp-layout-color3, #bdbdbd); border-radius: 0.3em;
  max-width: 20em; overflow: hidden; }
.lantern-hp-bar > div { height: 100%; background: var(--jp-success-color1, #388e3c); }
.lantern-hp-low > div { background: var(--jp-error-color1, #d32f2f); }
.lantern-slots { display: grid; grid-template-columns: repeat(5, 5.6em); gap: 0.25em; margin: 0.3em 0; }
.lantern-slot { box-sizing: border-box; width: 5.6em; height: 2.6em; padding: 0.1em 0.2em;
  border: 1px solid var(--jp-border-color1, #bdbdbd); border-radius: 0.25em; font-size: 0.85em;
  line-height: 1.15; overflow: hidden; color: var(--jp-ui-font-color1, #212121);
  background: var(--jp-layout-color1, #fff); }
.lantern-slot-empty { border-style: dashed; color: var(--jp-ui-font-color3, #9e9e9e); }
.lantern-slot-item { border-color: var(--jp-brand-color1, #1976d2); }
.lantern-slot-condition { border: 2px solid var(--jp-error-color1, #d32f2f);
  background: color-mix(in srgb, var(--jp-error-color1, #d32f2f) 10%, var(--jp-layout-color1, #fff)); }
.lantern-pool { display: flex; gap: 0.2em; align-items: center; flex-wrap: wrap; }
.lantern-pool-die { display: inline-block; width: 1.2em; height: 1.2em; border-radius: 0.2em;
  border: 2px solid var(--jp-warn-color1, #f57c00);
  background: color-mix(in srgb, var(--jp-warn-color1, #f57c00) 35%, var(--jp-layout-color1, #fff)); }
.lantern-pool-gone { border: 2px dashed var(--jp-border-color1, #bdbdbd); background: transparent; }
.lantern-encounter-die { border-color: var(--jp-error-color1, #d32f2f);
  background: color-mix(in srgb, var(--jp-error-color1, #d32f2f) 30%, var(--jp-layout-color1, #fff)); }
.lantern-dead { color: var(--jp-error-color1, #d32f2f); font-weight: 700; }
.lantern-report { padding: 0.3em 0.6em; border-left: 4px solid var(--jp-brand-color1, #1976d2);
  color: var(--jp-ui-font-color1, #212121); }
.lantern-changes { margin: 0.2em 0; padding-left: 1.2em; }
.lantern-prompt { color: var(--jp-warn-color1, #f57c00); margin-right: 0.6em; line-height: 2.2; }
.lantern-countdown { font-size: 1.4em; font-weight: 700; font-family: var(--jp-code-font-family, monospace);
  color: var(--jp-ui-font-color1, #212121); }
.lantern-countdown-paused { color: var(--jp-ui-font-color2, #757575); }
.lantern-subtle { font-size: 0.9em; color: var(--jp-ui-font-color1, #212121); }
.lantern-due { margin: 0.2em 0; padding: 0.2em 0.5em; border-left: 4px solid var(--jp-warn-color1, #f57c00);
  color: var(--jp-ui-font-color1, #212121);
  background: color-mix(in srgb, var(--jp-warn-color1, #f57c00) 12%, transparent); }
.lantern-timer-seats { font-size: 0.9em; color: var(--jp-warn-color1, #f57c00); }
.lantern-roster-line { line-height: 2; color: var(--jp-ui-font-color1, #212121); }
.lantern-roster-line .lantern-hp-bar { display: inline-block; width: 5em; vertical-align: middle; }
.lantern-timer-idle { line-height: 1.5; margin: 0.2em 0; color: var(--jp-ui-font-color1, #212121); }
"""
