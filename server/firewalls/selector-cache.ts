/**
 * Parsed `apply_to` selectors, kept by their text. A firewall's selectors are parsed when the
 * firewall is stored (its body's validation puts them here); every later read takes the parsed
 * form from here, so matching a firewall against nodes costs no parse, however many nodes.
 * A selector's meaning is its text, so an entry never goes stale: it only ages out.
 * @module
 */
import { parseLabelSelector, type LabelSelector } from '../labels/label-selector.js'

/**
 * The text the cache holds at most: about a thousand firewalls at the selector byte cap.
 * Past it the first entries stored go; one read back is parsed once for that request.
 */
export const SELECTOR_CACHE_CHARS = 16 * 1024 * 1024

const cache = new Map<string, LabelSelector>()
let cachedChars = 0

/** The parsed form of a stored selector (checked when stored, so it parses). */
export function parsedSelector(text: string): LabelSelector {
  // Not moved to the end on a hit: reads are the hot path, and an entry aged out is only
  // parsed again once, for the request that finds it gone.
  const hit = cache.get(text)
  if (hit !== undefined) return hit
  const parsed = parseLabelSelector(text)
  remember(text, parsed)
  return parsed
}

/** Keeps `parsed` as the parse of `text`, dropping the oldest entries past the bound. */
export function remember(text: string, parsed: LabelSelector): void {
  if (cache.has(text)) return
  cache.set(text, parsed)
  cachedChars += text.length
  for (const [oldest] of cache) {
    if (cachedChars <= SELECTOR_CACHE_CHARS) break
    cache.delete(oldest)
    cachedChars -= oldest.length
  }
}
