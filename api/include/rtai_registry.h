/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_registry.h - RTAI 5.3's named-object registry: a name (nam2num(),
 * up to six characters) for the address of a task, semaphore, mailbox or
 * any object a client registers, so that modules find each other's objects
 * by name. The named inits of rtai_sched.h, rtai_sem.h and rtai_mbx.h
 * (rt_named_task_init, rt_named_sem_init, rt_named_mbx_init) create and
 * register in one call.
 *
 * The table holds RTAI_REGISTRY_SLOTS entries; slots are numbered from 1 and
 * 0 means "none". Every call is one scan of the table at most, under a lock
 * of its own, and may be made from any context (Linux or real-time).
 *
 * At a module's unload, entries whose address lies in the module are
 * removed, and the objects its named inits created lose its share: deleted
 * and freed (one dmesg line) when no other module uses them, else left to
 * the others, whose last named delete frees them. Nothing dangles or leaks.
 */
#ifndef _RTAI_REGISTRY_H
#define _RTAI_REGISTRY_H

#include <rtai_nam2num.h>

#define RTAI_REGISTRY_SLOTS 256

/* Object types (RTAI's numbering). */
#define IS_TASK 0
#define IS_SEM 1
#define IS_RWL 2
#define IS_SPL 3
#define IS_MBX 4
#define IS_PRX 5
#define IS_BIT 6
#define IS_TBX 7
#define IS_HPCK 8

struct task_struct;

/* A copy of one slot (rt_get_registry_slot). 'tsk' is always NULL here:
 * Tactus does not tie entries to Linux processes. */
struct rt_registry_entry {
	unsigned long name;
	void *adr;
	struct task_struct *tsk;
	int type;
	unsigned short count;
	unsigned short alink;
	unsigned short nlink;
};

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Register adr under name, of type 'type' (IS_*; any int is kept). 'tsk'
 * is ignored. Returns the slot (> 0), or 0 when name is 0, adr is NULL, the
 * name or the address is registered already, or the table is full.
 */
int rt_register(unsigned long name, void *adr, int type, struct task_struct *tsk);

/* Remove the entry of name / of adr. The slot it had, or 0: none. */
int rt_drg_on_name(unsigned long name);
int rt_drg_on_adr(void *adr);

/* The address registered under name, NULL if none. */
void *rt_get_adr(unsigned long name);
/* The address registered under a name string (RTAI's shorthand). */
#define exist(name) rt_get_adr(nam2num(name))

/* The name adr is registered under, 0 if none. */
unsigned long rt_get_name(void *adr);

/* The type of name's entry, -EINVAL if none. */
int rt_get_type(unsigned long name);

/*
 * Counted use: rt_get_adr_cnt() is rt_get_adr() and one more user of the
 * entry (an entry has 1 when registered); rt_drg_on_name_cnt() and
 * rt_drg_on_adr_cnt() give one back and remove the entry when none is
 * left. They return the users left (0: removed), or -EINVAL if there is no
 * such entry.
 */
void *rt_get_adr_cnt(unsigned long name);
int rt_drg_on_name_cnt(unsigned long name);
int rt_drg_on_adr_cnt(void *adr);

/* Copy slot 'slot' (1..RTAI_REGISTRY_SLOTS) to *entry: returns slot when
 * it is in use, 0 when it is free or out of range. */
int rt_get_registry_slot(int slot, struct rt_registry_entry *entry);

#ifdef __cplusplus
}
#endif

#endif
