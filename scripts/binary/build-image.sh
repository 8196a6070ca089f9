#!/usr/bin/env bash
# Builds the container image teamlens:<version> (and :latest) from dist/bin/teamlens-linux-x64:
# the root file system from this machine's libraries (image-rootfs.mjs), then the Dockerfile with
# docker or podman. Not part of CI (README, Docker). Usage: scripts/binary/build-image.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
node scripts/binary/image-rootfs.mjs
version=$(node -p "require('./package.json').version")
tool=${CONTAINER_TOOL:-$(command -v podman || command -v docker || { echo "needs podman or docker (or CONTAINER_TOOL)" >&2; exit 1; })}
"$tool" build -f Dockerfile -t "teamlens:$version" -t teamlens:latest dist/image
echo "built teamlens:$version with $tool"
