import { z } from '@hono/zod-openapi'
import { LIMIT_NAMES, type LimitName } from '../quotas/quota-names.js'

/** One limit of the account and what its live things use of it. */
export const LimitUsage = z
  .object({
    limit: z.number().int().openapi({ example: 250, description: 'The most the account may use' }),
    used: z.number().int().openapi({ example: 3, description: 'What its live things use now' }),
  })
  .openapi('LimitUsage')

const UNITS: Record<LimitName, string> = {
  nodes: 'live nodes (a deleting node counts until its teardown ends)',
  cpu_cores: 'cores of the hosts the live nodes occupy',
  memory_gb: 'GB of memory of the hosts the live nodes occupy',
  volumes_gb: 'GiB of volumes (volumes are not offered yet: used is 0)',
  images_gb: 'GiB of snapshot and backup images (not offered yet: used is 0)',
  floating_ips: 'floating IPs (not offered yet: used is 0)',
  firewalls: 'firewalls',
  vpcs: 'VPCs, default ones included',
}

/** `GET /api/v1/limits`: every limit by name. */
export const AccountLimits = z
  .object({
    limits: z.object(
      Object.fromEntries(
        LIMIT_NAMES.map((name) => [name, LimitUsage.openapi({ description: UNITS[name] })])
      ) as Record<LimitName, typeof LimitUsage>
    ),
  })
  .openapi('AccountLimits')

export type AccountLimits = z.infer<typeof AccountLimits>
