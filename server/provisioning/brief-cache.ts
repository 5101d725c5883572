/**
 * A check whose answer is kept for a moment: calls within `okMs` of a success (or `failedMs` of
 * a failure) get that answer, and calls while one runs share it. For driver preflights, which
 * every `POST /nodes` asks: twenty creates at once cost the engine one probe, and an engine
 * that comes back (or goes away) is noticed within seconds.
 */
export function cachedBriefly(
  check: () => Promise<void>,
  { okMs = 5000, failedMs = 1000 }: { okMs?: number; failedMs?: number } = {},
  now: () => number = Date.now
): () => Promise<void> {
  let last: { answer: Promise<void>; until: number } | undefined
  return () => {
    if (last && now() < last.until) return last.answer
    const entry = { answer: check(), until: Infinity }
    last = entry
    entry.answer.then(
      () => (entry.until = now() + okMs),
      () => (entry.until = now() + failedMs)
    )
    return entry.answer
  }
}
