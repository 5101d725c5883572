#!/bin/sh
# Runs a node's user data once, detached, inside the node. nodeplane starts it as
#   sh user-data-runner.sh DIR LIMIT
# with the script in DIR/script. It leaves in DIR: `started` (the marker), `started_at`,
# `output` (stdout and stderr, trimmed to its last 64 KiB while it grows), and at the end
# `finished_at` and `status` (the exit code, or `killed` after LIMIT seconds).
set -u
dir=$1 limit=$2
# Tenant code is never spared by the OOM killer, whatever its starter's setting was.
echo 0 >/proc/self/oom_score_adj 2>/dev/null || true
# mkdir is atomic: a second start (a retry, a restarted control plane) stops here.
mkdir "$dir/started" 2>/dev/null || exit 0
# Read with the status: a pid that is gone before `status` exists means the node restarted under it.
echo $$ >"$dir/pid"
now() { date -u +%Y-%m-%dT%H:%M:%S.%3NZ; }
now >"$dir/started_at"
: >"$dir/output"
(
  # The script appends (>> below), so after a trim its next write lands at the new end.
  while [ ! -e "$dir/status" ]; do
    sleep 2
    if [ "$(wc -c <"$dir/output")" -gt 262144 ]; then
      tail -c 65536 "$dir/output" >"$dir/output.tail" && cat "$dir/output.tail" >"$dir/output"
      rm -f "$dir/output.tail"
    fi
  done
) </dev/null >/dev/null 2>&1 &
chmod 0700 "$dir/script"
cd /root 2>/dev/null || cd /
begin=$(date +%s)
# A clean environment, as at boot; timeout kills the script's process group at the limit.
timeout --kill-after=10 "$limit" env -i HOME=/root USER=root LOGNAME=root SHELL=/bin/sh \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
  "$dir/script" </dev/null >>"$dir/output" 2>&1
code=$?
if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
  if [ $(($(date +%s) - begin)) -ge "$limit" ]; then
    echo "[nodeplane] user data killed at its time limit of $limit seconds" >>"$dir/output"
    code=killed
  fi
fi
now >"$dir/finished_at"
echo "$code" >"$dir/status.new" && mv "$dir/status.new" "$dir/status"
