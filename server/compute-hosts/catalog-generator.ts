import { formatPrice, HOURS_PER_MONTH, PRICE_SCALE } from '../lib/money.js'
import type { ComputeHost } from './compute-hosts.schema.js'

/** Regions with their datacenters and a price factor (power and land cost differ). */
const REGIONS = [
  { region: 'us-east-1', datacenters: ['IAD1', 'IAD2'], factor: 1.0 },
  { region: 'us-west-1', datacenters: ['SJC1', 'PDX1'], factor: 1.04 },
  { region: 'eu-central-1', datacenters: ['FRA1', 'FRA2'], factor: 0.96 },
  { region: 'eu-west-1', datacenters: ['AMS1', 'LON1'], factor: 1.02 },
  { region: 'ap-southeast-1', datacenters: ['SIN1', 'SIN2'], factor: 1.12 },
]

/** Machine shapes a bare-metal fleet typically stocks, with a base hourly price in USD. */
const SHAPES = [
  { name: 'c4', cores: 4, memory: 16, storage: 240, gpus: 0, arch: 'x86_64', hourly: 0.045 },
  { name: 'c8', cores: 8, memory: 32, storage: 480, gpus: 0, arch: 'x86_64', hourly: 0.089 },
  { name: 'c16', cores: 16, memory: 64, storage: 960, gpus: 0, arch: 'x86_64', hourly: 0.175 },
  { name: 'a16', cores: 16, memory: 64, storage: 960, gpus: 0, arch: 'arm64', hourly: 0.129 },
  { name: 'c32', cores: 32, memory: 128, storage: 1920, gpus: 0, arch: 'x86_64', hourly: 0.345 },
  { name: 'm32', cores: 32, memory: 512, storage: 1920, gpus: 0, arch: 'x86_64', hourly: 0.62 },
  { name: 'c64', cores: 64, memory: 256, storage: 3840, gpus: 0, arch: 'x86_64', hourly: 0.68 },
  { name: 'g1', cores: 16, memory: 128, storage: 1920, gpus: 1, arch: 'x86_64', hourly: 1.25 },
  { name: 'g4', cores: 64, memory: 512, storage: 3840, gpus: 4, arch: 'x86_64', hourly: 4.9 },
  { name: 'g8', cores: 128, memory: 1024, storage: 7680, gpus: 8, arch: 'x86_64', hourly: 9.6 },
]

const SYSTEMS = ['Ubuntu 24.04 LTS', 'Debian 12', 'Rocky Linux 9']

/** mulberry32: a tiny seeded PRNG, so a catalog of a given size and seed is always the same. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16))
  hex[12] = '4'
  hex[16] = ['8', '9', 'a', 'b'][Math.floor(next() * 4)]!
  const s = hex.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)]!
}

/** A realistic inventory of `count` hosts; about 10% are reserved by other tenants. */
export function generateCatalog(count: number, seed = 1): ComputeHost[] {
  const next = random(seed)
  return Array.from({ length: count }, (_, index) => {
    const place = REGIONS[index % REGIONS.length]!
    // CPU-only shapes are stocked far more than GPU ones.
    const shape = next() < 0.85 ? pick(SHAPES.slice(0, 7), next) : pick(SHAPES.slice(7), next)
    const datacenter = pick(place.datacenters, next)
    const jitter = 0.97 + next() * 0.06
    const hourly = Math.round(shape.hourly * place.factor * jitter * PRICE_SCALE)
    const serial = String(index + 1).padStart(5, '0')
    return {
      id: uuidFrom(next),
      status: next() < 0.1 ? 'reserved' : 'active',
      region: place.region,
      datacenter,
      os: pick(SYSTEMS, next),
      hostname: `${datacenter.toLowerCase()}-${shape.name}-${serial}.hosts.nodeplane.example`,
      cpu: { cores: shape.cores, architecture: shape.arch },
      memory_gb: shape.memory,
      storage_gb: shape.storage,
      gpu: { count: shape.gpus },
      pricing: {
        hourly: formatPrice(hourly, 4),
        monthly: formatPrice(hourly * HOURS_PER_MONTH, 2),
        currency: 'USD',
      },
    }
  })
}
