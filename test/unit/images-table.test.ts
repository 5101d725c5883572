import { describe, expect, it } from 'vitest'
import { imageRows } from '../../server/cli/images.js'
import { humanBytes } from '../../server/lib/human.js'
import { textTable } from '../../server/lib/text-table.js'

describe('nodeplane images list', () => {
  it('prints sizes and times a person reads, marking the image in use, with no index column', () => {
    const now = Date.parse('2026-11-29T05:43:00Z')
    const images = [
      {
        tag: 'localhost/nodeplane-node:new',
        id: '87168d6ccb27',
        created: '2026-11-29T05:20:10Z',
        size: 186799276,
      },
      {
        tag: 'localhost/nodeplane-node:old',
        id: '1a2b3c4d5e6f',
        created: '2026-11-25T09:00:00Z',
        size: 180_000_000,
      },
    ]
    const table = textTable(imageRows(images, 'localhost/nodeplane-node:new', now))
    expect(table.split('\n')).toEqual([
      'TAG                           ID            CREATED                                SIZE    CURRENT',
      'localhost/nodeplane-node:new  87168d6ccb27  2026-11-29 05:20 UTC (22 minutes ago)  187 MB  yes',
      'localhost/nodeplane-node:old  1a2b3c4d5e6f  2026-11-25 09:00 UTC (3 days ago)      180 MB',
      '',
    ])
  })

  it('sizes take the largest decimal unit, as podman prints them', () => {
    expect([512, 1500, 186799276, 2_400_000_000].map(humanBytes)).toEqual([
      '512 B',
      '1.5 kB',
      '187 MB',
      '2.4 GB',
    ])
  })
})
