/** An inclusive range of numbers an allocator hands out (IPv4 addresses as numbers). */
export interface NumberRange {
  lo: number
  hi: number
}

/** How an allocator looks at the numbers in use, each question one indexed query. */
export interface UsedNumbers {
  /** The highest number in use within the range: one index probe. */
  highest(range: NumberRange): Promise<number | undefined>
  /** The lowest free number within the range: an index walk up to the first gap. */
  lowestFree(range: NumberRange): Promise<number | undefined>
}

/**
 * Next fit, as operating systems hand out process ids: the number after the highest in use,
 * so an allocation costs one index probe however many numbers are taken. Only once the top of
 * every range is taken does it search for the lowest gap. A freed address therefore comes back
 * after the range wraps, not at once, which also keeps a released public address from being
 * handed straight to another tenant while their DNS may still point at it.
 */
export async function nextFit(
  ranges: NumberRange[],
  used: UsedNumbers
): Promise<number | undefined> {
  for (const range of ranges) {
    const top = await used.highest(range)
    if (top === undefined) return range.lo
    if (top < range.hi) return top + 1
  }
  for (const range of ranges) {
    const gap = await used.lowestFree(range)
    if (gap !== undefined) return gap
  }
  return undefined
}
