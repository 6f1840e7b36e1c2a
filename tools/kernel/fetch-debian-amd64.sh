#!/usr/bin/env bash
# tools/kernel/fetch-debian-amd64.sh [userland|kernels|headers|all] - Debian's
# amd64 packages (userland for the guests, the stock and PREEMPT_RT kernels,
# their headers) downloaded and unpacked into the cache, never installed:
# tools/kernel/fetch-debian.sh says how.
exec "$(dirname "${BASH_SOURCE[0]}")/fetch-debian.sh" amd64 "$@"
