/**
 * The dashboard's Content-Security-Policy. Pages load only their own CSS and script and never
 * run inline code, so an injected <script> cannot execute; frame-ancestors keeps other sites
 * from framing them (clickjacking).
 * @module
 */
const directives = (styleSrc: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${styleSrc}`,
    "img-src 'self' data:",
    // The Console tab's font (terminal-font.css): the server's own files, never another site's.
    "font-src 'self'",
    // 'self' covers the console's ws:// and wss:// socket on the same host.
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')

export const PAGE_CSP = directives("'self'")

/**
 * The Console tab's: xterm.js writes its theme and cell sizes into <style> elements it makes
 * at run time, which no hash can name. Styles run no code; scripts stay as strict.
 */
export const CONSOLE_CSP = directives("'self' 'unsafe-inline'")
