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
 * Past it the oldest entries go; one read back is parsed once for that request.
 */
export const SELECTOR_CACHE_CHARS = 16 * 1024 * 1024

const cache = new Map<string, LabelSelector>()
let cachedChars = 0

/** The parsed form of a stored selector (checked when stored, so it parses). */
export function parsedSelector(text: string): LabelSelector {
  const hit = cache.get(text)
  if (hit !== undefined) {
    // Map keeps insertion order: moved to the end, the entry is the newest.
    cache.delete(text)
    cache.set(text, hit)
    return hit
  }
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
