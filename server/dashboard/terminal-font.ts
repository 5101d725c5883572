/**
 * The Console tab's font: JetBrains Mono (SIL Open Font License) from the npm package
 * `@fontsource/jetbrains-mono`, served by the server itself like xterm.js. Without it the
 * terminal fell back to the browser's `monospace`, whose underscore was drawn below xterm.js's
 * cell and never showed (`x86_64` read `x86 64`).
 * @module
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The family name the font's @font-face rules declare, and console.js asks xterm.js for. */
export const TERMINAL_FONT_FAMILY = 'JetBrains Mono'

const PACKAGE = '@fontsource/jetbrains-mono'
/** xterm.js draws in two weights: normal and bold. Italics fall back to a slanted normal. */
const WEIGHTS = ['400', '700']
// The package's rule for one subset: its woff2, then a woff for browsers older than ours.
const SOURCE = /src: url\(\.\/files\/([\w-]+\.woff2)\) format\('woff2'\)[^;]*;/g

export interface TerminalFont {
  /** The woff2 files, by file name. */
  files: Map<string, Buffer>
  /** The package's @font-face rules, each subset's `src` pointing at `urlOf(file name)`. */
  css(urlOf: (file: string) => string): string
}

/**
 * Reads the package's stylesheets for the two weights and the woff2 files they name. The
 * rules keep the package's unicode ranges, so a browser fetches only the subsets a page shows.
 */
export function loadTerminalFont(): TerminalFont {
  const require = createRequire(import.meta.url)
  const root = dirname(require.resolve(`${PACKAGE}/package.json`))
  const sheets = WEIGHTS.map((weight) => readFileSync(join(root, `${weight}.css`), 'utf8'))
  const files = new Map<string, Buffer>()
  for (const sheet of sheets)
    for (const [, file] of sheet.matchAll(SOURCE))
      files.set(file!, readFileSync(join(root, 'files', file!)))
  // A new layout of the package fails the start, not a user's terminal.
  if (files.size === 0) throw new Error(`${PACKAGE}: no woff2 file named in its stylesheets`)
  return {
    files,
    css: (urlOf) =>
      sheets
        .join('\n')
        .replace(SOURCE, (_rule, file: string) => `src: url(${urlOf(file)}) format('woff2');`),
  }
}
