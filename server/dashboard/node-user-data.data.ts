import type { Principal } from '../api-keys/api-keys.service.js'
import type { Deps } from '../deps.js'
import type { Node } from '../nodes/nodes.schema.js'
import { getUserDataResult } from '../nodes/user-data.service.js'
import type { UserDataResult } from './node-user-data.view.js'

/** The node's user-data result for its page, or undefined when it has no user data. */
export async function userDataResultOf(
  deps: Deps,
  principal: Principal,
  node: Node
): Promise<UserDataResult | undefined> {
  if (node.user_data_status === null) return undefined
  return getUserDataResult(deps, principal, node.id)
}
