/**
 * Where a webhook may point. A server that POSTs wherever a tenant says could be made to
 * reach its own network (SSRF), so by default the target's addresses must be public;
 * `NODEPLANE_WEBHOOK_ALLOW_PRIVATE_TARGETS` lifts that for tests and trusted installs.
 * @module
 */
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

const PUBLIC = new Set(['unicast'])

/** Why the URL's host may not be a target, or undefined when it may. */
export async function refusedTarget(
  url: string,
  allowPrivate: boolean
): Promise<string | undefined> {
  if (allowPrivate) return undefined
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = ipaddr.isValid(host)
      ? [host]
      : (await lookup(host, { all: true })).map((a) => a.address)
  } catch {
    return `${host} does not resolve`
  }
  const inner = addresses.find((address) => {
    const parsed = ipaddr.process(address)
    return !PUBLIC.has(parsed.range())
  })
  return inner ? `${host} resolves to ${inner}, which is not a public address` : undefined
}
