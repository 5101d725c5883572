// The Console tab's terminal, without its socket (console.js connects it): xterm.js in the
// font the server serves (terminal-font.css; the element's data-font-family names it), fitted
// to its container.
;(() => {
  'use strict'

  const SIZE = 14

  /**
   * Loads both weights first: xterm.js measures its cell once, when it opens, so a font that
   * arrives later would be drawn in the fallback's cell (the underscore fell below it).
   */
  async function loadFont(family) {
    const faces = [`${SIZE}px "${family}"`, `bold ${SIZE}px "${family}"`]
    // A font that cannot load leaves the fallback; the terminal opens all the same.
    await Promise.all(faces.map((face) => document.fonts.load(face))).catch(() => undefined)
  }

  /** Opens a terminal in `element`, fitted to it now and whenever the window is resized. */
  window.openTerminal = async (element) => {
    const family = element.dataset.fontFamily
    await loadFont(family)
    const term = new window.Terminal({
      cursorBlink: true,
      scrollback: 5000,
      fontSize: SIZE,
      fontFamily: `"${family}", monospace`,
      // Room under the baseline for underscores and descenders.
      lineHeight: 1.2,
    })
    const fit = new window.FitAddon.FitAddon()
    term.loadAddon(fit)
    term.open(element)
    fit.fit()
    window.addEventListener('resize', () => fit.fit())
    return term
  }
})()
