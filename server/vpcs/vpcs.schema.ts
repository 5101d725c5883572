import { z } from '@hono/zod-openapi'
import { LabelSelectorParam, Labels } from '../labels/labels.schema.js'
import { printableName, printableText } from '../lib/names.js'

/** The body of `POST /api/v1/networking` (docs/contract.md 2.3). Unknown fields are rejected. */
export const CreateVpcBody = z
  .strictObject({
    name: printableName(63).openapi({
      description: 'Unique name of the VPC on the account: printable, trimmed, 1 to 63 characters',
      example: 'backend',
    }),
    region: z.string().min(1).optional().openapi({
      description: 'Target region; the server default when omitted',
      example: 'eu-central-1',
    }),
    description: printableText(255)
      .optional()
      .openapi({ example: 'private network of the API tier' }),
    labels: Labels.optional(),
  })
  .openapi('CreateVpc')

/** The body of `PATCH /api/v1/networking/{id}`: what is given changes; `{}` changes nothing. */
export const UpdateVpcBody = z
  .strictObject({
    description: printableText(255)
      .nullable()
      .optional()
      .openapi({ description: 'The new description; null removes it' }),
    // The new set: it replaces every label the VPC had.
    labels: Labels.optional(),
  })
  .openapi('UpdateVpc')

/** The optional filter of `GET /api/v1/networking`. */
export const VpcListQuery = z.object({ label_selector: LabelSelectorParam })

export type VpcListQuery = z.infer<typeof VpcListQuery>

/** A VPC record as every VPC endpoint returns it. */
export const Vpc = z
  .object({
    id: z.uuid(),
    name: z.string(),
    region: z.string(),
    description: z.string().nullable(),
    cidr: z
      .string()
      .openapi({ example: '10.1.0.0/16', description: 'Private range, unique on the account' }),
    created_at: z.iso.datetime(),
    node_ids: z.array(z.string()).openapi({ description: 'Nodes in the VPC that are not deleted' }),
    labels: Labels,
  })
  .openapi('Vpc')

export type Vpc = z.infer<typeof Vpc>

export const VpcIdParam = z.object({
  id: z.string().openapi({
    param: { name: 'id', in: 'path' },
    example: '0b9f6a2e-5b43-4d7e-9a51-2f3c1d0e4a77',
  }),
})
