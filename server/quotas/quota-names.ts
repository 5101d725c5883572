/**
 * The names of the per-account limits, their built-in defaults and their ceilings: one list
 * that the API schema, the CLI options, the store and the checks all read.
 * @module
 */

/** Every limit, in the order `GET /api/v1/limits` and `nodeplane accounts limits show` list them. */
export const LIMIT_NAMES = [
  'nodes',
  'cpu_cores',
  'memory_gb',
  'volumes_gb',
  'images_gb',
  'floating_ips',
  'firewalls',
  'vpcs',
] as const

export type LimitName = (typeof LIMIT_NAMES)[number]
export type Limits = Record<LimitName, number>

/**
 * What an account may have when the operator set neither a default nor an override. Generous:
 * enough for a team's fleet (and for the 200-node replica test on the cheapest hosts of its
 * catalog, about 2,400 cores and 9,700 GB), small enough that one account cannot take a whole
 * region of a big inventory unasked. 50 firewalls is what the tenant benchmark assumes; 256 VPCs
 * is every /16 of 10.0.0.0/8.
 */
export const BUILT_IN_LIMITS: Limits = {
  nodes: 250,
  cpu_cores: 4096,
  memory_gb: 16384,
  volumes_gb: 10240,
  images_gb: 1024,
  floating_ips: 50,
  firewalls: 50,
  vpcs: 256,
}

/** The largest value each limit may be set to: a VPC takes one of the 256 /16s of 10.0.0.0/8. */
export const LIMIT_CEILINGS: Limits = {
  nodes: 1_000_000_000,
  cpu_cores: 1_000_000_000,
  memory_gb: 1_000_000_000,
  volumes_gb: 1_000_000_000,
  images_gb: 1_000_000_000,
  floating_ips: 1_000_000_000,
  firewalls: 1_000_000_000,
  vpcs: 256,
}

/** The account id under which the operator's defaults for every account are stored. */
export const DEFAULT_SCOPE = '*'
