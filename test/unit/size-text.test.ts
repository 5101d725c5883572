import { describe, expect, it } from 'vitest'
import { counted, sizeText } from '../../server/dashboard/components/size.js'

describe('a size in words', () => {
  it('says 1 core and 1 GPU, and counts more in the plural', () => {
    expect(sizeText({ cpu_cores: 1, memory_gb: 1, storage_gb: 10, gpu_count: 0 })).toBe(
      '1 core · 1 GB RAM · 10 GB disk'
    )
    expect(sizeText({ cpu_cores: 2, memory_gb: 4, storage_gb: 80, gpu_count: 1 })).toBe(
      '2 cores · 4 GB RAM · 80 GB disk · 1 GPU'
    )
    expect(counted(8, 'GPU')).toBe('8 GPUs')
  })
})
