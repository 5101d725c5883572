import { z } from '@hono/zod-openapi'

const HourlyPrice = z
  .string()
  .regex(/^\d+\.\d{4}$/)
  .openapi({ example: '0.1750' })
const MonthlyPrice = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .openapi({ example: '127.75' })

/** A bare-metal host as discovery reports it (docs/contract.md 2.4). */
export const ComputeHost = z
  .object({
    id: z.uuid(),
    status: z.enum(['active', 'reserved']).openapi({
      description: '`active`: ready for immediate deployment; `reserved`: in use',
    }),
    region: z.string().openapi({ example: 'eu-central-1' }),
    datacenter: z.string().openapi({ example: 'FRA1' }),
    os: z.string().openapi({ example: 'Ubuntu 24.04 LTS' }),
    hostname: z.string().openapi({ example: 'fra1-c16-0007.hosts.nodeplane.example' }),
    cpu: z.object({
      cores: z.number().int().positive(),
      architecture: z.string().openapi({ example: 'x86_64' }),
    }),
    memory_gb: z.number().int().positive(),
    storage_gb: z.number().int().positive(),
    gpu: z.object({ count: z.number().int().min(0) }),
    pricing: z.object({
      hourly: HourlyPrice,
      monthly: MonthlyPrice,
      currency: z.string().length(3).openapi({ example: 'USD' }),
    }),
  })
  .openapi('ComputeHost')

export type ComputeHost = z.infer<typeof ComputeHost>

export const HostIdParam = z.object({
  id: z.uuid().openapi({
    param: { name: 'id', in: 'path' },
    example: '5f0c3a52-8d0e-4c59-9b7e-2a61d4f0c8e1',
  }),
})

/** Discovery's pagination object (docs/contract.md 2.5). */
export const Pagination = z
  .object({
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    total_pages: z.number().int(),
    has_more: z.boolean(),
  })
  .openapi('Pagination')

/** The query of `GET /api/v1/compute`, with the contract's defaults. */
export const DiscoveryQuery = z.object({
  min_cpu: z.coerce.number().min(0).default(1).openapi({ description: 'Minimum CPU cores' }),
  min_memory_gb: z.coerce.number().min(0).default(1).openapi({ description: 'Minimum RAM in GiB' }),
  min_storage_gb: z.coerce
    .number()
    .min(0)
    .default(10)
    .openapi({ description: 'Minimum disk in GiB' }),
  region: z.string().min(1).optional().openapi({ description: 'Region or datacenter code' }),
  datacenter: z.string().min(1).optional().openapi({ description: 'Datacenter facility code' }),
  status: z.enum(['active', 'reserved', 'all']).default('all'),
  gpu: z
    .stringbool()
    .optional()
    .openapi({ type: 'boolean', description: '`true`: a dedicated GPU; `false`: CPU-only' }),
  page: z.coerce.number().int().min(1).default(1).openapi({ description: '1-based page' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(50)
    .openapi({ description: 'Hosts per page' }),
})

export type DiscoveryQuery = z.infer<typeof DiscoveryQuery>

export const DiscoveryResult = z
  .object({ hosts: z.array(ComputeHost), pagination: Pagination })
  .openapi('DiscoveryResult')

/** One host of a catalog file: the API shape, with `status` and `pricing.monthly` optional. */
export const CatalogHost = ComputeHost.extend({
  status: ComputeHost.shape.status.default('active'),
  pricing: ComputeHost.shape.pricing.extend({ monthly: MonthlyPrice.optional() }),
})

export const CatalogFile = z.array(CatalogHost).min(1)

/** `GET /api/v1/regions`: where hosts are, and where a node goes when nothing names a region. */
export const RegionList = z
  .object({
    default_region: z.string().openapi({
      description:
        'Where `POST /nodes` and `POST /api/v1/networking` place what names no region (nor a VPC or host that has ' +
        'one): `NODEPLANE_DEFAULT_REGION` when set, else `us-east-1` while the inventory has hosts there, else the ' +
        'region with the most active hosts (ties: the first by name)',
      example: 'us-east-1',
    }),
    regions: z
      .array(
        z.object({
          name: z.string().openapi({ example: 'eu-central-1' }),
          hosts: z.number().int().min(0).openapi({ description: 'Hosts in the inventory' }),
          active_hosts: z
            .number()
            .int()
            .min(0)
            .openapi({ description: 'Of those, how many are free for a node now' }),
        })
      )
      .openapi({ description: 'Every region of the inventory, by name' }),
  })
  .openapi('RegionList')

export type RegionList = z.infer<typeof RegionList>
