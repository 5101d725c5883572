/**
 * Every `code` a problem+json answer can carry, the status it comes with and when. A
 * `ProblemError` accepts only these keys, each with one of its statuses (a type error
 * otherwise), and the errors table of docs/api.md is generated from this object
 * (`npm run gen:errors`; test/unit/error-codes-drift.test.ts fails when it drifts).
 *
 * A code answers with more than one status only where the same absence means two things: a
 * missing VPC in a path is 404, a missing VPC named in a request body is 400.
 * @module
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'

type Catalogue = Record<string, Partial<Record<ContentfulStatusCode, string>>>

export const ERROR_CODES = {
  invalid_request: {
    400: 'a field or parameter fails validation (wrong type, out of range, unknown field or query parameter, a NUL character)',
  },
  malformed_json: { 400: 'the body is not JSON' },
  invalid_body: { 400: 'the body is not valid UTF-8 (bytes are never replaced)' },
  unsupported_content_type: { 400: 'a POST without `Content-Type: application/json`' },
  http_error: { 400: 'a body the framework could not read, such as a malformed dashboard form' },
  unknown_region: { 400: 'a region no host of the inventory is in' },
  vpc_not_found: {
    400: '`vpc_id` of a new node names no VPC on the account',
    404: "the VPC is absent, deleted, or another account's",
  },
  host_not_found: {
    400: '`host_id` of a new node names no compute host',
    404: 'no compute host has this id',
  },
  region_mismatch: { 400: 'the VPC, host and region of a new node disagree' },
  ip_not_in_pool: { 400: 'an address outside the public pools' },
  cursor_not_found: { 400: '`after` of a page of nodes or firewalls names none on the account' },
  webhook_target_refused: {
    400: 'a webhook `url` whose host does not resolve or resolves to an address that is not public',
  },
  weak_password: { 400: 'dashboard: a new password that is too short or equals the current one' },
  missing_api_key: { 401: 'no `Authorization` header' },
  malformed_authorization: { 401: 'no scheme word, or nothing after it' },
  invalid_auth_scheme: { 401: 'another scheme than Bearer (`Token`, `Basic`)' },
  invalid_api_key: { 401: 'an unknown key' },
  revoked_api_key: { 401: 'a revoked key' },
  invalid_metrics_token: {
    401: '`GET /metrics`: no `Authorization: Bearer` header, or not the `NODEPLANE_METRICS_TOKEN`',
  },
  invalid_credentials: {
    400: 'dashboard: the current password given to change it is wrong',
    401: 'dashboard: the email or password of a login is wrong',
  },
  insufficient_scope: {
    403: 'the key lacks permission: a `read` key on POST, PATCH or DELETE, or on credentials',
  },
  driver_single_tenant: {
    403: 'the server runs the single-tenant `netns` driver and the account is not the administrator',
  },
  quota_exceeded: {
    403: "creating it would pass one of the account's limits (`GET /api/v1/limits`); `limit` names it (`nodes`, `cpu_cores`, `vpcs`, ...), `max` and `used` say how far",
  },
  csrf_failed: { 403: 'dashboard: a form sent without a valid security token' },
  forbidden: { 403: 'dashboard: a form sent from another site' },
  node_not_found: {
    400: "`apply_to` of a firewall names a node that is absent, deleted, or another account's",
    404: "the node is absent, deleted, or another account's",
  },
  user_data_not_found: {
    404: 'the node has no user data (GET /api/v1/nodes/{id}/user-data and .../result)',
  },
  ip_not_attached: {
    404: 'detaching from a node with no public address, or an address it does not have',
  },
  ssh_key_not_found: {
    400: "`ssh_keys` of a node names a key that is absent, deleted, or another account's",
    404: "the SSH key is absent, deleted, or another account's",
  },
  firewall_not_found: { 404: "the firewall is absent, deleted, or another account's" },
  api_key_not_found: {
    404: "revoking a key that is absent, already revoked, or another account's",
  },
  webhook_not_found: { 404: "the webhook is absent, deleted, or another account's" },
  user_not_found: { 404: 'CLI: no user with that email' },
  route_not_found: { 404: 'no route has this path' },
  provider_release_not_found: {
    404: 'provider registry: no such version of nodeplane/nodeplane, platform or release file',
  },
  method_not_allowed: { 405: 'a known path with another method; `Allow` lists the methods' },
  host_unavailable: { 409: 'the requested host is reserved' },
  node_not_running: {
    409: 'attaching to or detaching from a node that is not `running`, changing the SSH keys of one being deleted, a power action or rebuild on a node that is `provisioning` or `deleting`, or its console',
  },
  node_powered_off: {
    409: 'a `reboot` or `reset`, or the console, of a node that is off: power it on (`poweron`) first',
  },
  action_in_progress: {
    409: 'another power action or rebuild of the node is under way: wait for it (`wait_for`), then retry',
  },
  action_unsupported: {
    409: "the server's driver cannot power nodes off and on, or cannot rebuild them (`netns` can neither): the node is left as it is",
  },
  console_unsupported: {
    409: "the server's driver cannot open a console in a node (`podman` and `incus` can)",
  },
  console_session_limit: {
    409: 'the node (4 by default) or the account (16) already has as many console sessions open as it may: close one first',
  },
  node_repairing: {
    409: "attaching or detaching while the node's engine side died and is being restarted (`Retry-After: 5`): nothing changed, retry",
  },
  ip_in_use: { 409: 'the specific address is attached to a node' },
  vpc_name_taken: { 409: 'a VPC of that name exists on the account' },
  vpc_full: { 409: 'the VPC has no private address left' },
  vpc_has_nodes: { 409: 'deleting a VPC with nodes; `node_ids` lists them' },
  ssh_key_name_taken: { 409: 'an SSH key of that name exists on the account' },
  ssh_key_in_use: {
    409: 'deleting an SSH key that nodes not yet deleted use; `node_ids` lists them',
  },
  ssh_key_exists: {
    409: 'the same public key is on the account under another name; `ssh_key_id` names it',
  },
  firewall_name_taken: { 409: 'a firewall of that name exists on the account' },
  firewall_in_use: {
    409: 'deleting a firewall whose `apply_to` selects nodes not yet deleted; `node_ids` lists them',
  },
  firewall_limit_reached: {
    409: 'more than 5 firewalls would apply to a node (a firewall created or changed, or a node created or relabelled); `node_ids` and `limit` say which and how many',
  },
  webhook_disabled: { 409: 'testing a paused webhook; enable it first' },
  idempotency_key_in_use: {
    409: 'the first request with this `Idempotency-Key` is still running; `Retry-After: 1`',
  },
  user_exists: { 409: 'CLI: a user with that email exists' },
  password_not_one_time: {
    409: 'dashboard: replacing a one-time password when the password is no longer one',
  },
  payload_too_large: { 413: 'a request body over 64 KiB' },
  idempotency_key_reused: { 422: 'the `Idempotency-Key` was used for a different request' },
  rate_limited: {
    429: 'more discovery requests a minute than `NODEPLANE_DISCOVERY_RATE_LIMIT` allows',
  },
  provisioning_failed: {
    500: 'the engine can take no node now (it is down, or lacks its image): nothing was kept, retry',
  },
  ip_attach_failed: {
    500: 'the driver could not configure the address on the node: nothing was kept, retry',
  },
  access_not_applied: {
    500: "the node's new SSH keys are recorded but could not be written on the node yet: retry the request",
  },
  internal_error: { 500: 'a bug: retry, and report the `request_id` if it persists' },
  capacity_unavailable: { 503: 'no active host free in the region; `Retry-After: 60`' },
  ip_pool_exhausted: { 503: 'no free address of that IP version; `Retry-After: 60`' },
  storage_full: {
    503: "the server's disk is full: nothing was changed, reads still work; `Retry-After: 60`",
  },
  not_ready: {
    503: '`GET /readyz`: the database, the engine or the disk failed its check; `errors` names which',
  },
  provider_release_unavailable: {
    503: 'provider registry: no release built yet. The server builds it at start (`Retry-After: 30` while it does); a failed build is tried again after a back-off (`Retry-After` says when; building needs the optional `bun` package and, the first time, the npm registry); with `NODEPLANE_PROVIDER_BUILD=off`, run `nodeplane provider build`; offline, set `NODEPLANE_PROVIDER_RELEASE_DIR`',
  },
} as const satisfies Catalogue

export type ErrorCode = keyof typeof ERROR_CODES

/** The statuses `code` may answer with (distributes over a union of codes). */
export type StatusOf<C extends ErrorCode> = C extends ErrorCode
  ? keyof (typeof ERROR_CODES)[C]
  : never

/** The codes that may answer with `status`, such as every 401 code. */
export type CodeWithStatus<S extends ContentfulStatusCode> = {
  [C in ErrorCode]: S extends StatusOf<C> ? C : never
}[ErrorCode]
