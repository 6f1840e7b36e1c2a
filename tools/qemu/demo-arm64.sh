#!/usr/bin/env bash
# tools/qemu/demo-arm64.sh - the arm64 demo: tools/qemu/demo-qemu.sh arm64.
exec "$(dirname "$0")/demo-qemu.sh" arm64 "$@"
