/**
 * Label selectors of an exact size, for the tests and the benchmark of firewalls at their
 * selector byte cap. A label value has at most 63 characters, so a long selector is a long set.
 * @module
 */

/** A valid selector of exactly `bytes` bytes (at least 9), keyed by `key`. */
export function selectorOfBytes(key: string, bytes: number): string {
  const head = `${key} in (`
  const room = bytes - head.length - 1
  if (room < 1) throw new Error(`a selector on ${key} needs more than ${bytes} bytes`)
  // `count` values of at most 63 characters and the commas between them fill the room.
  const count = Math.ceil((room + 1) / 64)
  const letters = room - (count - 1)
  const values = Array.from({ length: count }, (_, i) => {
    const length = Math.floor(letters / count) + (i < letters % count ? 1 : 0)
    return String.fromCharCode(97 + (i % 26)).repeat(length)
  })
  return `${head}${values.join(',')})`
}

/** `count` different `label_selector` entries of `bytes` bytes each. */
export function selectorTargets(count: number, bytes: number) {
  return Array.from({ length: count }, (_, i) => ({
    type: 'label_selector' as const,
    selector: selectorOfBytes(`k${i}`, bytes),
  }))
}
