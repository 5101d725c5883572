import { createRoute } from '@hono/zod-openapi'
import { optionalBearer, problemResponse } from '../http/responses.js'
import {
  ComputeHost,
  DiscoveryQuery,
  DiscoveryResult,
  HostIdParam,
  RegionList,
} from './compute-hosts.schema.js'

export const discover = createRoute({
  method: 'get',
  path: '/api/v1/compute',
  tags: ['Compute hosts'],
  summary: 'Search bare-metal compute hosts',
  description:
    'Public: no key needed, but a key that is sent must be valid. Sorted by hourly price, then id.',
  security: optionalBearer,
  request: { query: DiscoveryQuery },
  responses: {
    200: {
      description: 'Hosts and pagination',
      content: { 'application/json': { schema: DiscoveryResult } },
    },
    400: problemResponse('A query parameter is invalid'),
    401: problemResponse('A key was sent and is not valid'),
  },
})

export const getOne = createRoute({
  method: 'get',
  path: '/api/v1/compute/{id}',
  tags: ['Compute hosts'],
  summary: 'Get one compute host',
  description:
    'Public, as the search is. What a plan asks before it places a node on a host: whether the host is still `active`, and its prices.',
  security: optionalBearer,
  request: { params: HostIdParam },
  responses: {
    200: {
      description: 'The host',
      content: { 'application/json': { schema: ComputeHost } },
    },
    400: problemResponse('The id is not a UUID'),
    401: problemResponse('A key was sent and is not valid'),
    404: problemResponse('No compute host has this id (`host_not_found`)'),
  },
})

export const regions = createRoute({
  method: 'get',
  path: '/api/v1/regions',
  tags: ['Compute hosts'],
  summary: 'List regions and the default region',
  description:
    "Public, as the search is. The regions of the inventory, and the one a node without a region goes to: a plan's price for the simplest node comes from it.",
  security: optionalBearer,
  responses: {
    200: {
      description: 'Regions and the default region',
      content: { 'application/json': { schema: RegionList } },
    },
    401: problemResponse('A key was sent and is not valid'),
  },
})
