import type { Logger } from 'pino'
import type { Config } from '../config.js'
import { imageExists, imageTag } from './podman/image.js'

/** What an operator must know about the chosen driver, said once when the server starts. */
export async function logDriverNotice(config: Config, log: Logger): Promise<void> {
  if (config.driver === 'netns') {
    log.warn(
      { driver: 'netns', all_accounts: config.netnsAllowTenants },
      config.netnsAllowTenants
        ? 'netns driver: root in a node is root on this machine, and every account may create nodes (NODEPLANE_NETNS_ALLOW_TENANTS)'
        : 'netns driver: root in a node is root on this machine, so only the admin account may create nodes; use NODEPLANE_DRIVER=podman for tenants'
    )
  }
  if (config.driver === 'podman' && !(await imageExists(imageTag()))) {
    log.error(
      { image: imageTag() },
      'podman driver: the node image is missing; run `npx nodeplane images build` as root'
    )
  }
}
