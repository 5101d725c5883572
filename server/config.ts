import { z } from '@hono/zod-openapi'
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from './http/public-url.js'

/**
 * The region of the machines an engine sells when NODEPLANE_DEFAULT_REGION is unset, and the
 * default region while the inventory has hosts there (compute-hosts.service.ts, defaultRegion).
 */
export const FALLBACK_REGION = 'us-east-1'

const csv = z.string().transform((text) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
)

/** Every setting of the server, each read from one `NODEPLANE_*` environment variable. */
const ConfigSchema = z
  .object({
    port: z.coerce.number().int().min(0).max(65535).default(8080),
    host: z.string().min(1).default('127.0.0.1'),
    dataDir: z.string().min(1).default('./data'),
    driver: z.enum(['simulated', 'netns', 'podman', 'incus']).default('simulated'),
    /** incus driver: the members' endpoints, `unix:///…/unix.socket` or `https://member:8443`. */
    incusUrl: csv.default(['unix:///var/lib/incus/unix.socket']),
    /** incus driver: the project nodes live in; one project per nodeplane install. */
    incusProject: z.string().min(1).default('default'),
    /** incus driver: the storage pool of root disks (btrfs, zfs and lvm enforce their size). */
    incusPool: z.string().min(1).default('default'),
    /** incus driver: each member's interface that public addresses are routed over. */
    incusUplink: z.string().min(1).default('eth0'),
    /** incus driver: `container` (systemd as PID 1) or `virtual-machine` on members that run VMs. */
    incusInstanceType: z.enum(['container', 'virtual-machine']).default('container'),
    /**
     * incus driver: the alias of the image nodes are created from, imported by the operator;
     * unset, nodeplane's own node image (`nodeplane images build`).
     */
    incusImage: z.string().min(1).optional(),
    /**
     * incus driver over https: a client certificate and key (PEM files) the cluster trusts, in
     * place of the one nodeplane makes and keeps sealed in its database.
     */
    incusClientCert: z.string().min(1).optional(),
    incusClientKey: z.string().min(1).optional(),
    /** incus driver over https: the cluster's certificate (PEM file), pinned; required for https. */
    incusServerCert: z.string().min(1).optional(),
    /** Prices and sizes of an engine's own machines (YAML or JSON; docs/operations.md). */
    inventoryFile: z.string().min(1).optional(),
    /** netns nodes share the machine's root: only the admin's account gets them unless this is set. */
    netnsAllowTenants: z.stringbool().default(false),
    /**
     * netns and podman drivers: what reaches a node no firewall applies to, `open` (everything)
     * or `ssh-only` (TCP 22). Unset: what the database records (`ssh-only` for an install
     * upgraded from before firewalls, see install-settings), else `open`.
     */
    defaultIngress: z.enum(['open', 'ssh-only']).optional(),
    /** How often the worker looks for running nodes whose engine side died (podman driver). */
    healthSeconds: z.coerce.number().min(0.1).default(5),
    /** How often running nodes' counters are sampled for their metrics (podman, incus). */
    metricsSeconds: z.coerce.number().min(0.1).default(10),
    provisionSeconds: z.coerce.number().min(0).default(5),
    teardownSeconds: z.coerce.number().min(0).default(1),
    /** simulated driver: how long each power action (reboot, shutdown, ...) takes. */
    powerSeconds: z.coerce.number().min(0).default(1),
    /** simulated driver: how long its create takes, standing for an engine building a node. */
    createSeconds: z.coerce.number().min(0).default(0),
    faultCreateFailRate: z.coerce.number().min(0).max(1).default(0),
    faultStuckRate: z.coerce.number().min(0).max(1).default(0),
    faultTeardownFailures: z.coerce.number().int().min(0).default(0),
    /** simulated driver: how many create attempts of each node fail before one succeeds. */
    faultCreateFailures: z.coerce.number().int().min(0).default(0),
    /**
     * A node provisioning this long is `stuck` (the contract's 2 minutes); the worker retries a
     * failing engine until then. Shorter only for tests.
     */
    stuckAfterSeconds: z.coerce.number().min(1).default(120),
    /**
     * How many nodes the worker has its engine create at once; the others wait, `provisioning`,
     * in the order they came. Unset: 2 on the engines that build on the server's own machine
     * (podman, netns), whose programs take the cores the API answers on; no limit on the others.
     */
    buildConcurrency: z.coerce.number().int().min(1).max(1000).optional(),
    /** netns driver: a wait before a node's sshd starts, standing for an OS boot (tests observe it). */
    netnsBootSeconds: z.coerce.number().min(0).default(0),
    /** netns and podman drivers: user data still running after this long is killed (failed). */
    userDataTimeoutSeconds: z.coerce.number().int().min(1).max(86400).default(600),
    ipv4Pools: csv.default(['203.0.113.0/24', '198.51.100.0/24', '192.0.2.0/24']),
    ipv6Pools: csv.default(['2001:db8::/32']),
    /** Unset: derived from the inventory (compute-hosts.service.ts, defaultRegion). */
    defaultRegion: z.string().min(1).optional(),
    catalogFile: z.string().min(1).optional(),
    discoveryRateLimit: z.coerce.number().int().min(0).default(600),
    /** A client must send its headers, and then its whole request, within these (security.md). */
    headersTimeoutSeconds: z.coerce.number().positive().default(10),
    requestTimeoutSeconds: z.coerce.number().positive().default(30),
    logLevel: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** `json` lines, or `pretty` ones for a person; unset, pretty on a terminal, else JSON. */
    logFormat: z.enum(['json', 'pretty']).optional(),
    /** PostgreSQL instead of the SQLite file in the data directory; replicas share it. */
    databaseUrl: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    dbPoolSize: z.coerce.number().int().min(1).max(1000).default(10),
    /** Base64 of 32 bytes sealing root passwords; every replica on one database needs the same. */
    secretKey: z.string().min(1).optional(),
    /** A replica silent this long is presumed dead, and another takes over its provisioning work. */
    workerStaleSeconds: z.coerce.number().min(0.5).default(10),
    /** Events older than this are deleted (GET /api/v1/events). */
    eventRetentionDays: z.coerce.number().positive().default(90),
    /**
     * Nodes deleted longer ago than this lose their rows, their bill kept per month in
     * usage_archive. At least 32 days, so a pruned node's months have all ended.
     */
    deletedNodeRetentionDays: z.coerce.number().int().min(32).default(400),
    /** An event stream with nothing to send writes a comment this often, so proxies keep it open. */
    eventHeartbeatSeconds: z.coerce.number().min(0.1).default(15),
    /** The longest a `GET /nodes/{id}?wait_for=` holds, whatever `timeout` asks (proxies with short idle limits). */
    waitMaxSeconds: z.coerce.number().min(0.1).max(60).default(60),
    /** How often the server reports stuck nodes and prunes old events. */
    housekeepingSeconds: z.coerce.number().min(0.1).default(30),
    /** The first retry of a failed webhook delivery waits this long, each next one twice that (at most an hour). */
    webhookRetryBaseSeconds: z.coerce.number().min(0.01).default(30),
    /** Attempts per delivery; with the defaults the last comes about 8 hours after the first. */
    webhookMaxAttempts: z.coerce.number().int().min(1).max(50).default(15),
    /** A webhook whose deliveries failed this many times in a row is disabled. */
    webhookDisableAfter: z.coerce.number().int().min(1).default(5),
    webhookTimeoutSeconds: z.coerce.number().positive().default(10),
    /** Lets webhooks target loopback and private addresses (tests, trusted single-tenant installs). */
    webhookAllowPrivateTargets: z.stringbool().default(false),
    /**
     * Console sessions open at once per node and per account (POST /api/v1/nodes/{id}/console):
     * each podman session is about three processes on the server's machine, outside the node's
     * limits, so a tenant must not open them without end.
     */
    consoleSessionsPerNode: z.coerce.number().int().min(1).max(1000).default(4),
    consoleSessionsPerAccount: z.coerce.number().int().min(1).max(10000).default(16),
    /** A console session ends this long after it opened, however busy (8 hours). */
    consoleMaxSeconds: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60 * 60)
      .default(8 * 60 * 60),
    /** PEM certificate (chain) and key: the server answers HTTPS, API, dashboard and registry alike. */
    tlsCert: z.string().min(1).optional(),
    tlsKey: z.string().min(1).optional(),
    /**
     * The URL clients reach the server at, when a reverse proxy stands in front: every absolute
     * link the server writes starts with it (http/public-url.ts). Unset: the scheme and Host of
     * each request, as a trusted proxy forwards them.
     */
    publicUrl: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    /**
     * The addresses whose X-Forwarded-Proto/-Host (or Forwarded) headers count for the links
     * the server writes and the dashboard's Secure cookies: a reverse proxy's. Default loopback.
     */
    trustedProxies: z
      .string()
      .default(DEFAULT_TRUSTED_PROXIES)
      .transform((list, ctx) => {
        const { ranges, invalid } = parseTrustedProxies(list)
        if (invalid.length === 0) return ranges
        ctx.addIssue({
          code: 'custom',
          message: `not an address or CIDR range: ${invalid.join(', ')} (a comma-separated list, or none)`,
        })
        return z.NEVER
      }),
    /**
     * The provider release the registry serves (`npm run release:provider -- DIR`). Unset: built
     * into the data directory (with the `bun` package; docs/terraform.md).
     */
    providerReleaseDir: z.string().min(1).optional(),
    /**
     * `start`: `nodeplane serve` builds the data directory's release in the background when it
     * has none for this version; `off`: the operator does (`nodeplane provider build`).
     */
    providerBuild: z.enum(['start', 'off']).default('start'),
    /** A release build still running after this long is stopped, and retried after a back-off. */
    providerBuildTimeoutSeconds: z.coerce.number().positive().default(900),
    /** Requests a minute to the provider registry per client address (0: no limit). */
    registryRateLimit: z.coerce.number().int().min(0).default(300),
    /**
     * Where `nodeplane backup` and `restore` find `pg_dump` and `pg_restore`: they must be of
     * the server's major version or newer. Unset: Debian's newest /usr/lib/postgresql/<v>/bin.
     */
    pgBinDir: z.string().min(1).optional(),
    /**
     * The Bearer token `GET /metrics` requires (docs/operations.md). Unset: `/metrics` is off
     * and answers 404, as any unknown path does.
     */
    metricsToken: z.string().min(16, 'must be at least 16 characters').optional(),
    /** `GET /readyz` fails its disk check when the data directory's disk has less free than this. */
    readyMinFreeMb: z.coerce.number().min(0).default(64),
  })
  .refine((config) => !config.tlsCert === !config.tlsKey, {
    path: ['tlsCert'],
    message: 'give both the certificate and its key (NODEPLANE_TLS_CERT and NODEPLANE_TLS_KEY)',
  })
  .refine((config) => config.headersTimeoutSeconds <= config.requestTimeoutSeconds, {
    path: ['headersTimeoutSeconds'],
    message: 'must not exceed NODEPLANE_REQUEST_TIMEOUT_SECONDS (the request includes its headers)',
  })

export type Config = z.infer<typeof ConfigSchema>

/** The environment variable behind each setting, also used to name it in error messages. */
const ENV_NAMES: Record<keyof Config, string> = {
  port: 'NODEPLANE_PORT',
  host: 'NODEPLANE_HOST',
  dataDir: 'NODEPLANE_DATA_DIR',
  driver: 'NODEPLANE_DRIVER',
  defaultIngress: 'NODEPLANE_DEFAULT_INGRESS',
  incusUrl: 'NODEPLANE_INCUS_URL',
  incusProject: 'NODEPLANE_INCUS_PROJECT',
  incusPool: 'NODEPLANE_INCUS_POOL',
  incusUplink: 'NODEPLANE_INCUS_UPLINK',
  incusInstanceType: 'NODEPLANE_INCUS_INSTANCE_TYPE',
  incusImage: 'NODEPLANE_INCUS_IMAGE',
  incusClientCert: 'NODEPLANE_INCUS_CLIENT_CERT',
  incusClientKey: 'NODEPLANE_INCUS_CLIENT_KEY',
  incusServerCert: 'NODEPLANE_INCUS_SERVER_CERT',
  inventoryFile: 'NODEPLANE_INVENTORY',
  netnsAllowTenants: 'NODEPLANE_NETNS_ALLOW_TENANTS',
  healthSeconds: 'NODEPLANE_HEALTH_SECONDS',
  metricsSeconds: 'NODEPLANE_METRICS_SECONDS',
  provisionSeconds: 'NODEPLANE_PROVISION_SECONDS',
  teardownSeconds: 'NODEPLANE_TEARDOWN_SECONDS',
  createSeconds: 'NODEPLANE_CREATE_SECONDS',
  powerSeconds: 'NODEPLANE_POWER_SECONDS',
  faultCreateFailRate: 'NODEPLANE_FAULT_CREATE_FAIL_RATE',
  faultStuckRate: 'NODEPLANE_FAULT_STUCK_RATE',
  faultTeardownFailures: 'NODEPLANE_FAULT_TEARDOWN_FAILURES',
  faultCreateFailures: 'NODEPLANE_FAULT_CREATE_FAILURES',
  stuckAfterSeconds: 'NODEPLANE_STUCK_AFTER_SECONDS',
  buildConcurrency: 'NODEPLANE_BUILD_CONCURRENCY',
  netnsBootSeconds: 'NODEPLANE_NETNS_BOOT_SECONDS',
  userDataTimeoutSeconds: 'NODEPLANE_USER_DATA_TIMEOUT_SECONDS',
  ipv4Pools: 'NODEPLANE_IPV4_POOLS',
  ipv6Pools: 'NODEPLANE_IPV6_POOLS',
  defaultRegion: 'NODEPLANE_DEFAULT_REGION',
  catalogFile: 'NODEPLANE_CATALOG',
  discoveryRateLimit: 'NODEPLANE_DISCOVERY_RATE_LIMIT',
  headersTimeoutSeconds: 'NODEPLANE_HEADERS_TIMEOUT_SECONDS',
  requestTimeoutSeconds: 'NODEPLANE_REQUEST_TIMEOUT_SECONDS',
  logLevel: 'NODEPLANE_LOG_LEVEL',
  logFormat: 'NODEPLANE_LOG_FORMAT',
  databaseUrl: 'DATABASE_URL',
  dbPoolSize: 'NODEPLANE_DB_POOL_SIZE',
  secretKey: 'NODEPLANE_SECRET_KEY',
  workerStaleSeconds: 'NODEPLANE_WORKER_STALE_SECONDS',
  eventRetentionDays: 'NODEPLANE_EVENT_RETENTION_DAYS',
  deletedNodeRetentionDays: 'NODEPLANE_DELETED_NODE_RETENTION_DAYS',
  eventHeartbeatSeconds: 'NODEPLANE_EVENT_HEARTBEAT_SECONDS',
  waitMaxSeconds: 'NODEPLANE_WAIT_MAX_SECONDS',
  housekeepingSeconds: 'NODEPLANE_HOUSEKEEPING_SECONDS',
  webhookRetryBaseSeconds: 'NODEPLANE_WEBHOOK_RETRY_BASE_SECONDS',
  webhookMaxAttempts: 'NODEPLANE_WEBHOOK_MAX_ATTEMPTS',
  webhookDisableAfter: 'NODEPLANE_WEBHOOK_DISABLE_AFTER',
  webhookTimeoutSeconds: 'NODEPLANE_WEBHOOK_TIMEOUT_SECONDS',
  webhookAllowPrivateTargets: 'NODEPLANE_WEBHOOK_ALLOW_PRIVATE_TARGETS',
  consoleSessionsPerNode: 'NODEPLANE_CONSOLE_SESSIONS_PER_NODE',
  consoleSessionsPerAccount: 'NODEPLANE_CONSOLE_SESSIONS_PER_ACCOUNT',
  consoleMaxSeconds: 'NODEPLANE_CONSOLE_MAX_SECONDS',
  tlsCert: 'NODEPLANE_TLS_CERT',
  tlsKey: 'NODEPLANE_TLS_KEY',
  publicUrl: 'NODEPLANE_PUBLIC_URL',
  trustedProxies: 'NODEPLANE_TRUSTED_PROXIES',
  providerReleaseDir: 'NODEPLANE_PROVIDER_RELEASE_DIR',
  providerBuild: 'NODEPLANE_PROVIDER_BUILD',
  providerBuildTimeoutSeconds: 'NODEPLANE_PROVIDER_BUILD_TIMEOUT_SECONDS',
  registryRateLimit: 'NODEPLANE_REGISTRY_RATE_LIMIT',
  pgBinDir: 'NODEPLANE_PG_BINDIR',
  metricsToken: 'NODEPLANE_METRICS_TOKEN',
  readyMinFreeMb: 'NODEPLANE_READY_MIN_FREE_MB',
}

/** Thrown with a message a person can act on when a setting is invalid. */
export class ConfigError extends Error {}

/** Reads the config from the environment; command-line flags in `overrides` win. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Record<keyof Config, unknown>> = {}
): Config {
  const input: Record<string, unknown> = {}
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    const value = env[name]
    if (value !== undefined && value !== '') input[key] = value
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) input[key] = value
  }
  const result = ConfigSchema.safeParse(input)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const key = String(issue.path[0]) as keyof Config
      return `  ${ENV_NAMES[key] ?? key}: ${issue.message}`
    })
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`)
  }
  if (result.data.databaseUrl && !result.data.secretKey) {
    throw new ConfigError(
      'invalid configuration:\n  NODEPLANE_SECRET_KEY: required with DATABASE_URL, the same on every replica (e.g. `openssl rand -base64 32`)'
    )
  }
  return result.data
}
