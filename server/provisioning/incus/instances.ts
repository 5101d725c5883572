/**
 * nodeplane's instances on Incus: listing them, their state, starting, stopping, deleting and
 * changing their public NIC. Each call is idempotent, as the driver contract asks.
 * @module
 */
import { IncusError, type IncusClient } from './incus-client.js'
import { nodeIdOf, publicNic } from './instance.js'

export interface InstanceInfo {
  name: string
  status: string
  location: string
  /** Missing when Incus cannot reach the instance's member. */
  config?: Record<string, string>
  devices: Record<string, Record<string, string>>
}

const notFound = (err: unknown) => err instanceof IncusError && err.status === 404

/** Every instance of the project that stands for a node, by node id. */
export async function nodeInstances(client: IncusClient): Promise<Map<string, InstanceInfo>> {
  const all = await client.call<InstanceInfo[]>('GET', '/1.0/instances?recursion=1')
  const byNode = new Map<string, InstanceInfo>()
  for (const instance of all) {
    const id = nodeIdOf(instance)
    if (id) byNode.set(id, instance)
  }
  return byNode
}

/** The instance, or undefined when it does not exist. */
export async function instanceInfo(
  client: IncusClient,
  name: string
): Promise<InstanceInfo | undefined> {
  try {
    return await client.call<InstanceInfo>('GET', `/1.0/instances/${name}`)
  } catch (err) {
    if (notFound(err)) return undefined
    throw err
  }
}

/**
 * `start`, `stop` (clean, through the node's init, failing after `timeoutSeconds`), or a
 * forced stop.
 */
export async function changeState(
  client: IncusClient,
  name: string,
  action: 'start' | 'stop',
  force = false,
  timeoutSeconds = 30
): Promise<void> {
  try {
    await client.call('PUT', `/1.0/instances/${name}/state`, {
      body: { action, force, timeout: force ? -1 : timeoutSeconds },
    })
  } catch (err) {
    // Asked for what already is: nothing to do.
    if (err instanceof IncusError && /already (running|stopped)|is not running/i.test(err.message))
      return
    throw err
  }
}

/** How long a clean stop (shutdown, reboot) may take before the instance is stopped by force. */
const SHUTDOWN_GRACE_SECONDS = 60

/**
 * Stops the instance: `clean`ly through its init (`forced` is told when that does not end
 * within the grace and it is stopped by force), else by force at once. A stopped one is left.
 */
export async function stopInstance(
  client: IncusClient,
  name: string,
  clean: boolean,
  forced: (err: unknown) => void
): Promise<void> {
  if ((await instanceInfo(client, name))?.status === 'Stopped') return
  if (clean) {
    try {
      await changeState(client, name, 'stop', false, SHUTDOWN_GRACE_SECONDS)
      return
    } catch (err) {
      forced(err)
    }
  }
  await changeState(client, name, 'stop', true)
}

/** Stops (hard) and deletes the instance, with its disk; nothing when it is gone already. */
export async function deleteInstance(client: IncusClient, name: string): Promise<void> {
  const info = await instanceInfo(client, name)
  if (!info) return
  if (info.status !== 'Stopped') await changeState(client, name, 'stop', true)
  try {
    await client.call('DELETE', `/1.0/instances/${name}`)
  } catch (err) {
    if (!notFound(err)) throw err
  }
}

/**
 * Makes the instance's public NIC hold exactly `ips`: the NIC is replaced whole (a routed NIC's
 * addresses do not change in place), or removed when no address is left.
 */
export async function setPublicNic(
  client: IncusClient,
  name: string,
  uplink: string,
  ips: string[]
): Promise<void> {
  const info = await instanceInfo(client, name)
  if (!info) throw new Error(`instance ${name} does not exist`)
  const wanted = publicNic(uplink, ips)
  const current = info.devices.eth1
  if (JSON.stringify(current) === JSON.stringify(wanted)) return
  const put = (devices: InstanceInfo['devices']) =>
    client.call('PATCH', `/1.0/instances/${name}`, { body: { devices } })
  const without = { ...info.devices }
  delete without.eth1
  // PATCH merges the instance's fields, but `devices` is taken whole: the others ride along.
  if (current) await put(without)
  if (wanted) await put({ ...without, eth1: wanted })
}

/** The mark a guest's own poweroff leaves in the node (build-image.sh). */
const POWEROFF_MARK = '/var/lib/nodeplane/powered-off'

/**
 * Whether the stopped instance `name` powered itself off: its image's shutdown unit left the
 * mark, read through the files API (which reads a stopped instance's disk). Incus cannot tell
 * it apart from a crash of init (both end in an `instance-shutdown` event without a
 * requestor, and the same state); Incus's own stops, clean or forced, leave no mark. A node
 * from an image older than the mark never has one, so it is revived as before.
 */
export async function stoppedByGuest(client: IncusClient, name: string): Promise<boolean> {
  try {
    const path = encodeURIComponent(POWEROFF_MARK)
    await client.raw('GET', `/1.0/instances/${name}/files?path=${path}`, { maxBytes: 1024 })
    return true
  } catch (err) {
    if (notFound(err)) return false
    throw err
  }
}
