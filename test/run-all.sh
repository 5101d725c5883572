#!/usr/bin/env bash
# Installs what the test suites need (npm packages, the tofu binary, the cdktf and cdktn CLIs, the
# Python test environment, Chromium, PostgreSQL, nginx, podman, Incus and the node images, a
# 3-member Incus test cluster; the server's OCI image is built by its engine test,
# test/engines/oci-image.test.ts, and cached in podman's store) and runs every suite on SQLite,
# the API suites again against the package npm pack makes, installed, the suites whose outcome
# depends on the database and the fuzzer again on PostgreSQL, and a smoke of every Terraform type
# again with terraform when it is on the PATH. Budget: 45 minutes warm (docs/development.md).
# Expensive things are cached under ~/.cache/nodeplane.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-output
# Each step's minutes go into one table at the end: CI shows only the tail of the output.
timings=() step_name='' step_start=$SECONDS
step() {
  [ -z "$step_name" ] || timings+=("$(printf '%4ds  %.70s' $((SECONDS - step_start)) "$step_name")")
  step_name=$* step_start=$SECONDS
  printf '\n==> %s\n' "$*"
}

step "npm packages"
stamp=node_modules/.nodeplane-lock.sha256
sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
  npm ci --no-audit --no-fund
  echo "$sum" >"$stamp"
fi

step "tofu (built from source once, then cached; NODEPLANE_TOFU=terraform runs the suites with terraform)"
NODEPLANE_TOFU="${NODEPLANE_TOFU:-$(bash test/setup/install-tofu.sh | tail -n 1)}"
export NODEPLANE_TOFU
# Not piped into head: with pipefail, tofu's SIGPIPE would end the run.
tofu_version="$("$NODEPLANE_TOFU" version 2>/dev/null || true)"
grep -m 1 -E '^(OpenTofu|Terraform) v' <<<"$tofu_version" || true

step "cdktf-cli and CDK Terrain's cdktn-cli, pinned, from npm (cached; not in package.json)"
bash test/setup/install-cdktf.sh cdktf | tail -n 1
bash test/setup/install-cdktf.sh cdktn | tail -n 1

step "typecheck"
npm run --silent typecheck

# Lint and formatting fail the run at the end, after the suites, so one run reports everything.
step "lint (typescript-eslint, type-aware: eslint.config.js)"
lint_status=0
npm run --silent lint || lint_status=$?

step "formatting (prettier --check, the same command as npm run format:check)"
format_status=0
npm run --silent format:check || format_status=$?

step "chromium (headless browser for the dashboard suite)"
NODEPLANE_CHROMIUM="$(bash test/setup/install-chromium.sh | tail -n 1)"
export NODEPLANE_CHROMIUM

step "netns and podman driver prerequisites and the node image (without root the engine suites skip)"
bash test/setup/install-engines.sh || echo "engine prerequisites incomplete; see above"

step "nginx (Debian's nginx-light, never started as a service; test/server/reverse-proxy.test.ts runs its own)"
bash test/setup/install-nginx.sh | tail -n 1 || echo "nginx could not be installed; the reverse-proxy test skips"

step "PostgreSQL (Debian's package, a throwaway server on 127.0.0.1)"
read -r pg_data pg_url < <(bash test/setup/postgres.sh start | tail -n 1)
[ -n "${pg_url:-}" ] || { echo "PostgreSQL did not start" >&2; exit 1; }
incus_up=0
cleanup() {
  bash test/setup/postgres.sh stop "$pg_data"
  [ "$incus_up" -eq 0 ] || bash test/setup/incus-cluster.sh down || true
}
trap cleanup EXIT

# One cluster serves every incus suite; the member-failure suite needs three members.
step "Incus test cluster (3 members in network namespaces) and the node image in it (built once, cached)"
incus_status=0
if [ "$(id -u)" -eq 0 ] && command -v incus >/dev/null; then
  incus_up=1
  if incus_env=$(bash test/setup/incus-cluster.sh up --members 3 | tail -n 2); then
    export ${incus_env?}
    export NODEPLANE_INCUS_PROJECT=nodeplane
    # A data directory of its own: the CLI never makes ./data, and the build needs none but
    # for an https member's client certificate (the test cluster's members are unix sockets).
    image_data=$(mktemp -d)
    NODEPLANE_DRIVER=incus node bin/nodeplane.js images build --if-missing --data "$image_data" || incus_status=$?
    rm -rf "$image_data"
  else
    incus_status=1
  fi
  # Fail fast: every incus suite needs the cluster, and a run without them is no pass anyway.
  if [ "$incus_status" -ne 0 ]; then
    step "stopped: the Incus test cluster did not come up (see above; bash test/setup/incus-cluster.sh up)"
    printf '%s\n' "Seconds by step (${SECONDS}s in all):" "${timings[@]}"
    exit 1
  fi
else
  echo "not root or no incus: the incus suites skip"
fi

step "TypeScript suites (unit, server, dashboard, provider, examples) on SQLite"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-output/vitest.json || vitest_status=$?

step "API and CLI suites against the installed package (npm pack, npm install -g into an empty prefix, cached by the tarball's hash)"
rm -f test-output/vitest-package.json
if installed_cli="$(bash test/setup/install-package.sh | tail -n 1)"; then
  NODEPLANE_TEST_CLI="$installed_cli" npx vitest run --project server \
    test/server/{nodes,vpcs,public-ips,auth,cli}.test.ts \
    --reporter=default --reporter=json --outputFile.json=test-output/vitest-package.json || vitest_status=$?
else
  echo "the package did not pack or install; see above" >&2
  vitest_status=1
fi

# Only where the outcome depends on the database: queries, transactions, locks, migrations,
# pagination, crash and replica behaviour, and the dashboard's session and form-submission
# storage. A suite about processes, files, HTTP or the browser alone runs once, on SQLite.
# (docs/development.md, "The PostgreSQL pass", says how to choose; add a new suite here when its
# answers come from queries of its own.)
postgres_suites=(
  test/server/{address-allocation,api-keys,auth,backup,capacity,compute-hosts,concurrency,crash,default-region}.test.ts
  test/server/{events,events-replicas,firewall-nodes,firewalls,idempotency,idempotency-crash}.test.ts
  test/server/{idempotency-takeover,labels,names,node-console,node-list,node-metrics}.test.ts
  test/server/{node-retention,node-ssh-keys,nodes,public-ips,replicas,restart,ssh-keys}.test.ts
  test/server/{transactions,upgrade,usage,user-data,vpcs,webhooks}.test.ts
  test/dashboard/{first-login,login,sessions,submit-once}.test.ts
)
step "Server and dashboard suites whose outcome depends on the database, on PostgreSQL (with the replica tests)"
NODEPLANE_TEST_POSTGRES_URL="$pg_url" npx vitest run --project server --project dashboard "${postgres_suites[@]}" \
  --reporter=default --reporter=json --outputFile.json=test-output/vitest-postgres.json || vitest_status=$?

# The provider does not care which database the server uses; it does care which CLI loads it.
# (test/examples/cdktf-cli.test.ts runs terraform and tofu itself in the first pass and sits this
# one out, told so by NODEPLANE_SECOND_CLI_PASS.)
rm -f test-output/vitest-terraform.json
if terraform_bin="$(command -v terraform)"; then
  # A smoke of every type (every-type), the registry's install (registry) and the HCL examples:
  # what differs between CLIs is loading, planning and installing, not each type's behaviour.
  step "Provider smoke, registry and HCL examples again, with HashiCorp's terraform ($("$terraform_bin" version | head -n 1))"
  NODEPLANE_TOFU="$terraform_bin" NODEPLANE_SECOND_CLI_PASS=1 npx vitest run --project provider --project examples \
    test/provider/{every-type,registry,protocol}.test.ts test/examples/terraform.test.ts \
    --reporter=default --reporter=json --outputFile.json=test-output/vitest-terraform.json || vitest_status=$?
else
  step "No terraform on the PATH: the provider and examples suites ran with tofu only"
fi

# The client sees HTTP only: the server's database is the server suites' concern.
step "Python client suite"
python_status=0
bash test/python/run.sh --junitxml=test-output/pytest.xml || python_status=$?

step "API fuzzing (schemathesis against /openapi.json, stateful too), on SQLite and on PostgreSQL"
fuzz_status=0
bash test/fuzz/run.sh >test-output/fuzz.log 2>&1 || fuzz_status=$?
tail -n 4 test-output/fuzz.log
NODEPLANE_TEST_POSTGRES_URL="$pg_url" bash test/fuzz/run.sh >test-output/fuzz-postgres.log 2>&1 || fuzz_status=$?
tail -n 4 test-output/fuzz-postgres.log
# CI shows only this output, so a failed fuzz run prints what schemathesis found (bounded).
for log in test-output/fuzz.log test-output/fuzz-postgres.log; do
  grep -q "No issues found" "$log" || { sed -n '/^=* \(ERRORS\|FAILURES\) =*$/,$p' "$log" | cut -c 1-300 | head -n 80 || true; }
done

step "summary"
printf '%s\n' "Seconds by step (${SECONDS}s in all):" "${timings[@]}"

# One closing line over every suite, in the plain form CI reads.
node test/summary.mjs test-output/vitest.json test-output/vitest-postgres.json test-output/pytest.xml "$fuzz_status" test-output/vitest-terraform.json \
  test-output/vitest-package.json
[ "$lint_status" -eq 0 ] || echo "lint failed: npm run lint" >&2
[ "$format_status" -eq 0 ] || echo "formatting failed: npm run format, then commit" >&2
[ "$incus_status" -eq 0 ] || echo "the Incus test cluster failed: bash test/setup/incus-cluster.sh up" >&2
[ "$vitest_status" -eq 0 ] && [ "$python_status" -eq 0 ] && [ "$fuzz_status" -eq 0 ] && [ "$incus_status" -eq 0 ] &&
  [ "$lint_status" -eq 0 ] && [ "$format_status" -eq 0 ]
