/**
 * The server as its clients reach it: the one base of every absolute link it writes (the
 * console's websocket URL, the provider registry's downloads) and the scheme that decides the
 * dashboard cookies' `Secure` flag. `NODEPLANE_PUBLIC_URL` when set; else the request's own
 * scheme and Host, corrected by a reverse proxy's forwarded headers only when the connection
 * comes from an address of `NODEPLANE_TRUSTED_PROXIES`. Anyone else's forwarded headers are
 * ignored: a client could otherwise have the server hand out links to a host of its choosing.
 * @module
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import ipaddr from 'ipaddr.js'
import type { Config } from '../config.js'

/** One `address/prefix` range of trusted proxies. */
export type ProxyRange = [ipaddr.IPv4 | ipaddr.IPv6, number]

/** Loopback: a reverse proxy on the same machine, as docs/operations/nginx.conf sets up. */
export const DEFAULT_TRUSTED_PROXIES = '127.0.0.0/8,::1'

/**
 * Parses `NODEPLANE_TRUSTED_PROXIES`: addresses and CIDR ranges separated by commas, or `none`.
 * Returns the entries it could not read instead when there are any.
 */
export function parseTrustedProxies(list: string): { ranges: ProxyRange[]; invalid: string[] } {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 1 && entries[0] === 'none') return { ranges: [], invalid: [] }
  const ranges: ProxyRange[] = []
  const invalid: string[] = []
  for (const entry of entries) {
    if (ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry))
    else if (ipaddr.isValid(entry)) {
      const address = ipaddr.parse(entry)
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128])
    } else invalid.push(entry)
  }
  return { ranges, invalid }
}

type LinkConfig = Pick<Config, 'publicUrl' | 'trustedProxies'>

/**
 * The base every absolute link starts with: `https://host[:port]`, without a trailing slash
 * (with NODEPLANE_PUBLIC_URL's path, if it has one).
 */
export function publicBase(c: Context, config: LinkConfig): string {
  if (config.publicUrl) return config.publicUrl
  const own = new URL(c.req.url)
  const forwarded = fromTrustedProxy(c, config.trustedProxies) ? forwardedOrigin(c) : {}
  const proto = forwarded.proto ?? own.protocol.slice(0, -1)
  // Both parts are checked (forwardedOrigin); URL drops a default port (https://x:443 is https://x).
  return new URL(`${proto}://${forwarded.host ?? own.host}`).origin
}

/** Whether clients reach the server over TLS, directly or through a trusted proxy. */
export function isPublicHttps(c: Context, config: LinkConfig): boolean {
  return publicBase(c, config).startsWith('https:')
}

/** A base's websocket twin: `wss://` for `https://`, `ws://` for `http://`. */
export const websocketBase = (base: string) => base.replace(/^http/, 'ws')

/** Whether the connection's peer is one of the trusted proxies. */
function fromTrustedProxy(c: Context, trusted: readonly ProxyRange[]): boolean {
  if (trusted.length === 0) return false
  const peer = peerAddress(c)
  if (!peer || !ipaddr.isValid(peer)) return false
  // An IPv4 client of a dual-stack listener shows as ::ffff:a.b.c.d.
  const address = ipaddr.process(peer)
  return trusted.some(
    ([range, bits]) => address.kind() === range.kind() && address.match(range, bits)
  )
}

/** The TCP peer; undefined outside a Node server (app.request() in-process has no socket). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}

/** A scheme and a `host[:port]` (a name, an IPv4 address or a bracketed IPv6 one), or nothing. */
const PROTO = /^https?$/i
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * What the proxy says the client used. X-Forwarded-Proto/-Host first: the documented nginx
 * config sets both, replacing whatever the client sent, while it passes a client's own
 * `Forwarded` header through unchanged. A `Forwarded` header is read only when it is simple (one
 * element) and only for what the X- headers leave out. Lists (several proxies) and malformed
 * values are ignored.
 */
function forwardedOrigin(c: Context): { proto?: string; host?: string } {
  const simple = forwardedElement(c.req.header('Forwarded'))
  const proto = single(c.req.header('X-Forwarded-Proto')) ?? simple.proto
  const host = single(c.req.header('X-Forwarded-Host')) ?? simple.host
  return {
    proto: proto && PROTO.test(proto) ? proto.toLowerCase() : undefined,
    host: host && HOST.test(host) ? host.toLowerCase() : undefined,
  }
}

const single = (value: string | undefined) =>
  value && !value.includes(',') ? value.trim() : undefined

/** `proto=https;host=example.com` from `Forwarded`, when it is one element (RFC 7239). */
function forwardedElement(header: string | undefined): { proto?: string; host?: string } {
  if (!header || header.includes(',')) return {}
  const pairs = header.split(';').map((pair) => {
    const [name = '', ...value] = pair.split('=')
    return [
      name.trim().toLowerCase(),
      value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    ]
  })
  const found = Object.fromEntries(pairs) as Record<string, string | undefined>
  return { proto: found.proto, host: found.host }
}
