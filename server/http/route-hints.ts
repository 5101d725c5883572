/**
 * What an unknown route's 404 adds when the path is a near miss of a real one: the contract
 * puts nodes at `/nodes` without the `/api/v1` prefix every other family has, and their
 * sub-resources under `/api/v1/nodes/{id}/...`, so people try one for the other.
 * @module
 */

const VERSIONED_NODE = /^\/api\/v1\/nodes(\/[^/]+)?\/?$/
const UNVERSIONED_SUB = /^\/nodes\/([^/]+)\/(.+)$/

/** A sentence pointing at the route meant, or undefined when the path is no near miss. */
export function routeHint(path: string): string | undefined {
  const versioned = VERSIONED_NODE.exec(path)
  if (versioned) {
    const where = versioned[1] ? `/nodes${versioned[1]}` : '/nodes'
    return `nodes live at ${where}, without the /api/v1 prefix (only their sub-resources, such as /api/v1/nodes/{id}/network/ip, have it)`
  }
  const sub = UNVERSIONED_SUB.exec(path)
  if (sub) return `a node's sub-resources live under /api/v1/nodes/${sub[1]}/${sub[2]}`
  return undefined
}
