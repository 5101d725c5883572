/**
 * @module A node's size in words, the same on the create page and on Node Details:
 * "1 core · 2 GB RAM · 10 GB disk", with GPUs only when there are some.
 */
import type { NodeSize } from '../../nodes/nodes.schema.js'

/** "1 core", "2 cores": a count with its noun, singular for one. */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/** What a node bought, in words. */
export function sizeText(size: NodeSize): string {
  const parts = [
    counted(size.cpu_cores, 'core'),
    `${size.memory_gb} GB RAM`,
    `${size.storage_gb} GB disk`,
  ]
  if (size.gpu_count > 0) parts.push(counted(size.gpu_count, 'GPU'))
  return parts.join(' · ')
}
