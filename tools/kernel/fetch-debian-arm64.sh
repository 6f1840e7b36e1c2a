#!/usr/bin/env bash
# tools/kernel/fetch-debian-arm64.sh [userland|kernels|headers|all] - Debian's
# arm64 packages (userland for the guests, the stock and PREEMPT_RT kernels,
# their headers) downloaded and unpacked into the cache, never installed:
# tools/kernel/fetch-debian.sh says how. Needs `tools/deps.sh arm64` first
# (dpkg's arm64 architecture).
exec "$(dirname "${BASH_SOURCE[0]}")/fetch-debian.sh" arm64 "$@"
