#!/usr/bin/env bash
# tools/kernel/debian-kdir-armhf.sh [stock|rt]: the KDIR of Debian's armhf 6.12
# headers (tools/kernel/debian-kdir.sh, which says how).
exec "$(dirname "${BASH_SOURCE[0]}")/debian-kdir.sh" armhf "$@"
