/** What a driver knows of a node: enough to build, probe and destroy it. */
export interface NodeRef {
  id: string
  accountId: string
  region: string
  vpcId: string
  hostId: string
  privateIp: string
  createdAt: Date
}

/**
 * The engine behind nodes. The worker calls it; the database stays the record of what
 * should exist, so every method must be idempotent: after a restart the worker calls
 * `create` and `waitUntilReady` again for every node still provisioning, and `destroy`
 * for every node still deleting.
 */
export interface ProvisioningDriver {
  readonly name: string
  /** Starts building a node. Throwing here makes `POST /nodes` answer 500 and keep nothing. */
  create(node: NodeRef): Promise<void>
  /** Resolves once the node accepts connections; rejects when `signal` aborts. */
  waitUntilReady(node: NodeRef, signal: AbortSignal): Promise<void>
  /** Stops the node and frees what the engine holds for it. */
  destroy(node: NodeRef): Promise<void>
}

/** Thrown by `create` when the engine refuses a node at once. */
export class ProvisioningRefused extends Error {}
