#!/usr/bin/env bash
# The container image's root file system (dist/image/rootfs, from image-rootfs.mjs) runs the server
# and its commands with nothing else: started under chroot (a container cannot run in the CI sandbox),
# as the image's user, until it answers; then backup and --version. Needs root.
set -euo pipefail
cd "$(dirname "$0")/../.."
rootfs=dist/image/rootfs
port=$((20000 + RANDOM % 20000))
log=$(mktemp)
chroot_bin=$(command -v chroot)
environment=(DATA_DIR=/data PORT="$port" LOG_LEVEL=warn ADMIN_PASSWORD='chroot check passphrase')
run() { env -i "${environment[@]}" "$chroot_bin" --userspec=10001:10001 "$rootfs" /teamlens "$@"; }
# env and chroot exec: $! is the server itself
env -i "${environment[@]}" "$chroot_bin" --userspec=10001:10001 "$rootfs" /teamlens serve >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 150); do
  grep -q 'Teamlens is running' "$log" && break
  kill -0 "$pid" 2>/dev/null || { cat "$log"; echo "image root file system: the server exited"; exit 1; }
  sleep 0.2
done
grep -q 'Teamlens is running' "$log" || { cat "$log"; echo "image root file system: not ready in 30 s"; kill "$pid"; exit 1; }
code=$(curl --noproxy '*' -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/sign-in")
kill -TERM "$pid"
wait "$pid" || { echo "image root file system: SIGTERM did not exit 0"; exit 1; }
[ "$code" = 200 ] || { echo "image root file system: /sign-in answered $code"; exit 1; }
run backup /data/check.db >/dev/null
run --version
rm -rf "$rootfs/data"/* "$log"
echo "image root file system: the server started and answered under chroot, backup worked"
