#!/usr/bin/env bash
# tools/qemu/test-arm64.sh [test-qemu.sh options] [NAME...]: tools/qemu/test-qemu.sh arm64.
exec "$(dirname "${BASH_SOURCE[0]}")/test-qemu.sh" arm64 "$@"
