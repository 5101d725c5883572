/**
 * @module The tabs of Node Details, each its own URL under `/ui/nodes/{id}`, in the order a
 * cloud console user expects (Hetzner's server page is the model). This list is the one place
 * that names them: a later family (Volumes, Snapshots, Resize) adds its tab here and mounts
 * its page at the path it names.
 */

/** One tab: its key, its path after `/ui/nodes/{id}` ('' is the Overview) and its label. */
export interface NodeTab {
  key: string
  path: string
  label: string
}

/** Every tab, in the order shown. */
export const NODE_TABS = [
  { key: 'overview', path: '', label: 'Overview' },
  { key: 'graphs', path: '/graphs', label: 'Graphs' },
  { key: 'console', path: '/console', label: 'Console' },
  { key: 'networking', path: '/networking', label: 'Networking' },
  { key: 'firewalls', path: '/firewalls', label: 'Firewalls' },
  { key: 'power', path: '/power', label: 'Power' },
  { key: 'settings', path: '/settings', label: 'Settings' },
  // The delete form's own URL: a GET of it (a bookmark, a refused post) shows the form.
  { key: 'delete', path: '/delete', label: 'Delete' },
] as const satisfies readonly NodeTab[]

/** The key of a tab in NODE_TABS. */
export type NodeTabKey = (typeof NODE_TABS)[number]['key']

/** The URL of a node's tab. */
export function nodeTabUrl(nodeId: string, key: NodeTabKey = 'overview'): string {
  const tab = NODE_TABS.find((t) => t.key === key)!
  return `/ui/nodes/${encodeURIComponent(nodeId)}${tab.path}`
}

/** The tab bar: plain links (no script needed), the current tab marked for assistive tech. */
export function NodeTabs(props: { nodeId: string; current: NodeTabKey }) {
  return (
    <nav aria-label="Node" class="tabs node-tabs">
      {NODE_TABS.map((tab) => (
        <a
          href={nodeTabUrl(props.nodeId, tab.key)}
          aria-current={tab.key === props.current ? 'page' : undefined}
        >
          {tab.label}
        </a>
      ))}
    </nav>
  )
}
