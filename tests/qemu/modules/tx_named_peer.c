// SPDX-License-Identifier: GPL-2.0
/* tests/qemu/modules/tx_named_peer.c - tx_named.c built as a second module
 * (role=peer, role=gone): the objects are looked up from another module,
 * as RTAI clients share them. */
#include "tx_named.c"
