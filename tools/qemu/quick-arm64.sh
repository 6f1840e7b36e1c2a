#!/usr/bin/env bash
# tools/qemu/quick-arm64.sh SCRIPT [run-arm64.sh options]: tools/qemu/quick.sh arm64.
exec "$(dirname "${BASH_SOURCE[0]}")/quick.sh" arm64 "$@"
