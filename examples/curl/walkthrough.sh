#!/usr/bin/env bash
# The whole nodeplane API with curl, in the contract's order: discovery, a VPC, an SSH key, a
# node with keys, labels and user data, its lifecycle and in-place changes, public addresses,
# usage, limits, cleanup. Needs a running server and a key:
#   NODEPLANE_ENDPOINT=http://127.0.0.1:8080 NODEPLANE_API_KEY=np_... ./walkthrough.sh
set -euo pipefail
: "${NODEPLANE_ENDPOINT:=http://127.0.0.1:8080}"
: "${NODEPLANE_API_KEY:?set NODEPLANE_API_KEY (create one with: npx nodeplane keys create --name demo)}"
AUTH="Authorization: Bearer $NODEPLANE_API_KEY"
JSON="Content-Type: application/json"

# Prints the command, runs it, and pretty-prints the JSON answer.
call() {
  echo "\$ curl $*" | sed "s/$NODEPLANE_API_KEY/\$NODEPLANE_API_KEY/" >&2
  curl -sS --fail-with-body "$@" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{if(s)console.log(JSON.stringify(JSON.parse(s),null,2))})'
  echo >&2
}
field() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)'"$1"'))'; }

echo "== Find the two cheapest active GPU hosts in eu-central-1 (public, no key needed)"
call "$NODEPLANE_ENDPOINT/api/v1/compute?gpu=true&status=active&region=eu-central-1&limit=2"

echo "== Create a VPC"
VPC=$(curl -sS --fail-with-body -X POST "$NODEPLANE_ENDPOINT/api/v1/networking" -H "$AUTH" -H "$JSON" \
  -d '{"name":"walkthrough","region":"eu-central-1","description":"curl walk-through"}')
echo "$VPC"
VPC_ID=$(echo "$VPC" | field .id)

echo "== Add an SSH key (use your own: \"public_key\":\"$(cat ~/.ssh/id_ed25519.pub)\")"
SSH_KEY=$(curl -sS --fail-with-body -X POST "$NODEPLANE_ENDPOINT/api/v1/ssh-keys" -H "$AUTH" -H "$JSON" \
  -d '{"name":"walkthrough","public_key":"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGeWXxrAXaxIWDYS2R9l7rWsZ1kaetfl/eDOMh4msxdb ada@laptop"}')
echo "$SSH_KEY"
SSH_KEY_ID=$(echo "$SSH_KEY" | field .id)
call -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/ssh-keys"

echo "== Create a node in it with the key, labels and a first-boot script (the contract's POST /nodes also works with no body at all)"
NODE=$(curl -sS --fail-with-body -X POST "$NODEPLANE_ENDPOINT/nodes" -H "$AUTH" -H "$JSON" \
  -d "{\"name\":\"walkthrough-1\",\"vpc_id\":\"$VPC_ID\",\"ssh_keys\":[\"$SSH_KEY_ID\"],\"labels\":{\"env\":\"walkthrough\",\"tier\":\"web\"},\"user_data\":\"#!/bin/sh\\necho hello > /root/hello.txt\\n\"}")
echo "$NODE"
NODE_ID=$(echo "$NODE" | field .id)

echo "== Wait until it is running"
for _ in $(seq 1 120); do
  STATUS=$(curl -sS -H "$AUTH" "$NODEPLANE_ENDPOINT/nodes/$NODE_ID" | field .status)
  printf '\r   status: %-12s' "$STATUS" >&2
  [ "$STATUS" = running ] && break
  sleep 1
done
echo >&2
call -H "$AUTH" "$NODEPLANE_ENDPOINT/nodes/$NODE_ID"

echo "== List all nodes, then only those labelled env=walkthrough and tier web or api"
call -H "$AUTH" "$NODEPLANE_ENDPOINT/nodes"
call -H "$AUTH" -G "$NODEPLANE_ENDPOINT/nodes" --data-urlencode 'label_selector=env=walkthrough,tier in (web,api)'

echo "== What became of the user data (the simulated driver runs none: \"skipped\")"
call -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/nodes/$NODE_ID/user-data/result"

echo "== Rename and relabel the node in place"
call -X PATCH -H "$AUTH" -H "$JSON" "$NODEPLANE_ENDPOINT/nodes/$NODE_ID" \
  -d '{"name":"walkthrough-web","labels":{"env":"walkthrough","tier":"api"}}'

echo "== Rotate root's SSH keys live: add a new key, make it the node's only one, password login off"
NEW_KEY_ID=$(curl -sS --fail-with-body -X POST "$NODEPLANE_ENDPOINT/api/v1/ssh-keys" -H "$AUTH" -H "$JSON" \
  -d '{"name":"walkthrough-new","public_key":"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHjPPYq+9rgi2qLzXgca+ca9l5dMwPkKDb/wTiCdqJdI ada@desktop"}' | field .id)
call -X PUT -H "$AUTH" -H "$JSON" "$NODEPLANE_ENDPOINT/api/v1/nodes/$NODE_ID/ssh-keys" \
  -d "{\"ssh_keys\":[\"$NEW_KEY_ID\"],\"password_login\":false}"

echo "== A key a node uses cannot be deleted (409 problem+json), the old one can"
curl -sS -X DELETE -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/ssh-keys/$NEW_KEY_ID"; echo
curl -sS -o /dev/null -w '%{http_code}\n' -X DELETE -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/ssh-keys/$SSH_KEY_ID"

echo "== Attach an IPv6 address, then detach it"
IP=$(curl -sS --fail-with-body -X POST "$NODEPLANE_ENDPOINT/api/v1/nodes/$NODE_ID/network/ip" -H "$AUTH" -H "$JSON" -d '{"ip":"auto-ipv6"}')
echo "$IP"
call -X DELETE -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/nodes/$NODE_ID/network/ip?ip=$(echo "$IP" | field .ip | sed 's#/#%2F#')"

echo "== Root credentials for SSH"
call -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/nodes/$NODE_ID/credentials"

echo "== A VPC with nodes cannot be deleted (409 problem+json)"
curl -sS -X DELETE -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/networking/$VPC_ID"; echo

echo "== Delete the node (204), then it is gone (404)"
curl -sS -o /dev/null -w '%{http_code}\n' -X DELETE -H "$AUTH" "$NODEPLANE_ENDPOINT/nodes/$NODE_ID"
until [ "$(curl -sS -o /dev/null -w '%{http_code}' -H "$AUTH" "$NODEPLANE_ENDPOINT/nodes/$NODE_ID")" = 404 ]; do sleep 1; done
curl -sS -H "$AUTH" "$NODEPLANE_ENDPOINT/nodes/$NODE_ID"; echo

echo "== Usage this month (per-second billing)"
call -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/usage"

echo "== The account's limits and what it uses of each"
call -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/limits"

echo "== Delete the VPC"
curl -sS -o /dev/null -w '%{http_code}\n' -X DELETE -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/networking/$VPC_ID"

echo "== Delete the SSH key"
curl -sS -o /dev/null -w '%{http_code}\n' -X DELETE -H "$AUTH" "$NODEPLANE_ENDPOINT/api/v1/ssh-keys/$NEW_KEY_ID"
