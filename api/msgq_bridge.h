/* SPDX-License-Identifier: GPL-2.0 */
/*
 * api/msgq_bridge.h - the message queues of tactus_sched (ipc/
 * message_queue.hpp) as C calls, for RTAI's rt_msgq_* and rt_tbx_* in
 * tactus_shm (api/rtai_tbx.cpp), which owns the real-time heap that holds
 * the messages larger than a slot. 'q' is the storage of an RT_MSGQ. The
 * results are those of tx::MessageQueue; deadlines are absolute times in
 * counts, TX_MSGQ_FOREVER for none.
 */
#ifndef TACTUS_API_MSGQ_BRIDGE_H
#define TACTUS_API_MSGQ_BRIDGE_H

#define TX_MSGQ_FOREVER 0x7fffffffffffffffLL

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of RT_MSGQ's storage the queue needs (a build-time check). */
#define TX_MSGQ_STORAGE_BYTES 192
/* A block (a message larger than a slot) starts with this many bytes of the
 * queue's header; the message follows. Blocks are 16-byte aligned. */
#define TX_MSGQ_BLOCK_HEADER 32

int tx_msgq_init(void *q, int nmsg, int slot_size);
int tx_msgq_delete(void *q, void (*drop)(void *block));
/* The largest message a slot of q holds, -1 for a queue that is not live. */
long tx_msgq_slot_size(const void *q);
int tx_msgq_send(void *q, const void *msg, int size, int priority, void *block, int *kept, int if_ready,
		 long long deadline);
int tx_msgq_receive(void *q, void *buf, int cap, int *priority, void **freed, int if_ready, long long deadline);
int tx_msgq_peek(void *q, void *buf, int cap, int *priority);
int tx_msgq_broadcast(void *q, const void *msg, int size, int priority);

/* tactus_shm's side (api/rtai_tbx.cpp), called by tx_heap_teardown: delete
 * the named queues left, while the heap of their messages is there. */
void tx_tbx_release_all(void);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_API_MSGQ_BRIDGE_H */
