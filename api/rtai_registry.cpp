// SPDX-License-Identifier: GPL-2.0
// api/rtai_registry.cpp - RTAI's registry calls (rtai_registry.h) on
// ipc/names.hpp, and the named inits of tasks, semaphores and mailboxes
// (rtai_sched.h, rtai_sem.h, rtai_mbx.h): the object is allocated here,
// behind a small header that remembers its size, and registered with the
// module whose code asked for it as its owner, so that the module's unload
// disposes of what it left (tx_registry_release_owner).
#include <rtai_registry.h>

#include "../hal/hal.h"
#include "../ipc/names.hpp"
#include "api_internal.hpp"
#include "registry_glue.h"

using namespace tx;
using namespace tx::api;

namespace {

// In front of every object a named init allocates: the block's size, and
// padding that keeps the object as aligned as the block (64 bytes).
struct alignas(64) NamedHeader {
	size_t bytes;
};

template <typename T> T *alloc_named()
{
	size_t bytes = sizeof(NamedHeader) + sizeof(T);
	auto *h = static_cast<NamedHeader *>(tx_hal_alloc(bytes));
	if (!h)
		return nullptr;
	zero_bytes(h, bytes);
	h->bytes = bytes;
	return reinterpret_cast<T *>(h + 1);
}

void free_named(void *object)
{
	NamedHeader *h = static_cast<NamedHeader *>(object) - 1;
	tx_hal_free(h, h->bytes);
}

// A first init allocates: Linux context only.
bool may_allocate() { return tx_hal_may_sleep(); }

// The named init of a task: the existing object if the name is taken (as
// RTAI, whatever it is), else a new task registered for 'owner'.
// cpu < 0: rt_task_init's choice of CPU.
RT_TASK *named_task(unsigned long name, void (*thread)(long), long data, int stack_size, int prio, int uses_fpu,
		    void (*signal)(void), int cpu, const void *owner)
{
	if (name == 0xFFFFFFFFUL)
		return nullptr; // the empty name
	if (void *existing = g_names.adr_of(name, false))
		return static_cast<RT_TASK *>(existing);
	if (!may_allocate())
		return nullptr;
	RT_TASK *task = alloc_named<RT_TASK>();
	if (!task)
		return nullptr;
	int err = cpu < 0 ? rt_task_init(task, thread, data, stack_size, prio, uses_fpu, signal)
			  : rt_task_init_cpuid(task, thread, data, stack_size, prio, uses_fpu, signal,
					       static_cast<unsigned>(cpu));
	if (err == 0) {
		if (g_names.add(name, task, IS_TASK, true, owner))
			return task;
		rt_task_delete(task); // the name was taken meanwhile, or the registry is full
	}
	free_named(task);
	return static_cast<RT_TASK *>(g_names.adr_of(name, false)); // taken meanwhile: that one
}

// The named init of a SEM or MBX: the existing object with one more user
// if the name is taken (as RTAI, whatever it is), else a new one made by
// init(object, a, b) and registered for 'owner'.
template <typename T>
T *named_ipc(unsigned long name, int type, const void *owner, int (*init)(T *, int, int), void (*destroy)(T *),
	     int a, int b)
{
	if (name == 0xFFFFFFFFUL)
		return nullptr; // the empty name
	if (void *existing = g_names.adr_of(name, true))
		return static_cast<T *>(existing);
	if (!may_allocate())
		return nullptr;
	T *object = alloc_named<T>();
	if (!object)
		return nullptr;
	if (init(object, a, b) == 0) {
		if (g_names.add(name, object, type, true, owner))
			return object;
		destroy(object);
	}
	free_named(object);
	return static_cast<T *>(g_names.adr_of(name, true)); // taken meanwhile: that one
}

// Dispose of an object a named init created: delete it (a task or IPC
// object already deleted is only freed) and free it. Linux context.
void dispose(const RegistryEntry &e)
{
	if (e.type == IS_TASK)
		rt_task_delete(static_cast<RT_TASK *>(e.adr));
	else if (e.type == IS_SEM)
		rt_sem_delete(static_cast<SEM *>(e.adr));
	else if (e.type == IS_MBX)
		rt_mbx_delete(static_cast<MBX *>(e.adr));
	free_named(e.adr);
}

} // namespace

extern "C" {

int rt_register(unsigned long name, void *adr, int type, struct task_struct *)
{
	return static_cast<int>(g_names.add(name, adr, type));
}

int rt_drg_on_name(unsigned long name) { return static_cast<int>(g_names.remove_name(name)); }
int rt_drg_on_adr(void *adr) { return static_cast<int>(g_names.remove_adr(adr)); }
void *rt_get_adr(unsigned long name) { return g_names.adr_of(name, false); }
void *rt_get_adr_cnt(unsigned long name) { return g_names.adr_of(name, true); }
unsigned long rt_get_name(void *adr) { return g_names.name_of(adr); }

int rt_get_type(unsigned long name)
{
	int type = g_names.type_of(name);
	return type < 0 ? -kEInval : type;
}

int rt_drg_on_name_cnt(unsigned long name)
{
	int left = g_names.release(name, nullptr, true);
	return left < 0 ? -kEInval : left;
}

int rt_drg_on_adr_cnt(void *adr)
{
	int left = g_names.release(0, adr, false);
	return left < 0 ? -kEInval : left;
}

int rt_get_registry_slot(int slot, struct rt_registry_entry *entry)
{
	RegistryEntry e;
	if (!entry || slot < 1 || !g_names.entry(static_cast<unsigned>(slot), &e))
		return 0;
	*entry = rt_registry_entry{e.name, e.adr, nullptr, e.type, static_cast<unsigned short>(e.count), 0, 0};
	return slot;
}

RT_TASK *rt_named_task_init(const char *task_name, void (*thread)(long), long data, int stack_size, int prio,
			    int uses_fpu, void (*signal)(void))
{
	return named_task(nam2num(task_name), thread, data, stack_size, prio, uses_fpu, signal, -1,
			  tx_hal_owner_of(__builtin_return_address(0)));
}

RT_TASK *rt_named_task_init_cpuid(const char *task_name, void (*thread)(long), long data, int stack_size,
				  int prio, int uses_fpu, void (*signal)(void), unsigned int run_on_cpu)
{
	if (run_on_cpu >= kMaxCpus)
		return nullptr;
	return named_task(nam2num(task_name), thread, data, stack_size, prio, uses_fpu, signal,
			  static_cast<int>(run_on_cpu), tx_hal_owner_of(__builtin_return_address(0)));
}

int rt_named_task_delete(RT_TASK *task)
{
	RegistryEntry e;
	if (!g_names.entry_of(task, &e) || !e.named || e.type != IS_TASK || !may_allocate())
		return 0;
	int slot = static_cast<int>(g_names.remove_adr(task));
	if (slot)
		dispose(e); // else removed by another caller meanwhile, who disposes of it
	return slot;
}

SEM *_rt_typed_named_sem_init(unsigned long sem_name, int value, int type, unsigned long *)
{
	return named_ipc<SEM>(sem_name, IS_SEM, tx_hal_owner_of(__builtin_return_address(0)),
			      [](SEM *sem, int v, int t) { return rt_typed_sem_init(sem, v, t); },
			      [](SEM *sem) { rt_sem_delete(sem); }, value, type);
}

MBX *_rt_typed_named_mbx_init(unsigned long mbx_name, int size, int qtype)
{
	return named_ipc<MBX>(mbx_name, IS_MBX, tx_hal_owner_of(__builtin_return_address(0)),
			      [](MBX *mbx, int n, int q) { return rt_typed_mbx_init(mbx, n, q); },
			      [](MBX *mbx) { rt_mbx_delete(mbx); }, size, qtype);
}

// The last user of a named SEM or MBX deletes and frees it (Linux context:
// refused from real-time context, where it could not be freed). 'ret': the
// caller's return address, which says whether the owner gives its share.
static int named_delete(void *object, int type, const void *ret)
{
	RegistryEntry e;
	if (!g_names.entry_of(object, &e) || !e.named || e.type != type)
		return -kEInval;
	if (e.count <= 1 && !may_allocate())
		return -kEInval;
	const void *caller = may_allocate() ? tx_hal_owner_of(ret) : kUnknownCaller;
	int left = g_names.release(0, object, false, caller);
	if (left < 0)
		return -kEInval; // removed by another caller meanwhile
	if (left == 0)
		dispose(e);
	return left;
}

int rt_named_sem_delete(SEM *sem) { return named_delete(sem, IS_SEM, __builtin_return_address(0)); }
int rt_named_mbx_delete(MBX *mbx) { return named_delete(mbx, IS_MBX, __builtin_return_address(0)); }

// The kernel glue (sched_module.c) and the host tests.
void tx_registry_reset(void) { g_names.reset(); }

// A module goes (Linux context): every entry whose address lies in it
// (within(adr, owner)) is removed, and the objects its named inits created
// lose the module's share of them: deleted and freed when no other module
// uses them, else left to their other users (whose last named delete frees
// them). Returns how many objects were freed; one registry scan per step,
// each disposal with no registry lock held.
unsigned tx_registry_release_owner(const void *owner, int (*within)(const void *adr, const void *owner))
{
	RegistryEntry e;
	unsigned disposed = 0;
	for (;;) {
		OwnerRelease what = g_names.release_owner(owner, within, &e);
		if (what == OwnerRelease::None)
			return disposed;
		if (what == OwnerRelease::Dispose) {
			dispose(e);
			disposed++;
		}
	}
}

} // extern "C"
