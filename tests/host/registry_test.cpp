// SPDX-License-Identifier: GPL-2.0
// The named-object registry (rtai_registry.h) and the named inits of tasks,
// semaphores and mailboxes.
#include <rtai_registry.h>

#include "api/registry_glue.h"
#include "harness.hpp"

using namespace txtest;

namespace {

class Registry : public HostTest {
protected:
	RT_TASK a{}, b{};
	SEM plain{};
	int object = 0, other = 0;
};

// A stand-in for a module: its "memory" is one int array.
int module_memory[8];
int owner_token;
int within_module_memory(const void *adr, const void *owner)
{
	auto *p = static_cast<const int *>(adr);
	return owner == &owner_token && p >= module_memory && p < module_memory + 8;
}

} // namespace

TEST_F(Registry, RegisterLooksUpBothWaysAndDeregisters)
{
	unsigned long name = nam2num("OBJ1");
	int slot = rt_register(name, &object, IS_SEM, nullptr);
	EXPECT_GT(slot, 0);
	EXPECT_EQ(rt_get_adr(name), &object);
	EXPECT_EQ(rt_get_name(&object), name);
	EXPECT_EQ(rt_get_type(name), IS_SEM);
	struct rt_registry_entry e{};
	EXPECT_EQ(rt_get_registry_slot(slot, &e), slot);
	EXPECT_EQ(e.name, name);
	EXPECT_EQ(e.adr, &object);
	EXPECT_EQ(e.type, IS_SEM);
	EXPECT_EQ(e.count, 1);
	EXPECT_EQ(rt_drg_on_name(name), slot);
	EXPECT_EQ(rt_get_adr(name), nullptr);
	EXPECT_EQ(rt_get_name(&object), 0ul);
	EXPECT_EQ(rt_get_type(name), -EINVAL);
	EXPECT_EQ(rt_get_registry_slot(slot, &e), 0);
	EXPECT_EQ(rt_drg_on_name(name), 0); // gone already
	EXPECT_GT(rt_register(name, &object, IS_SEM, nullptr), 0);
	EXPECT_EQ(rt_drg_on_adr(&object), slot); // the first free slot again
	EXPECT_EQ(rt_drg_on_adr(&object), 0);
}

TEST_F(Registry, RefusesBadAndDuplicateEntries)
{
	unsigned long name = nam2num("DUP");
	EXPECT_EQ(rt_register(0, &object, IS_SEM, nullptr), 0);  // no name
	EXPECT_EQ(rt_register(name, nullptr, IS_SEM, nullptr), 0); // no address
	ASSERT_GT(rt_register(name, &object, IS_SEM, nullptr), 0);
	EXPECT_EQ(rt_register(name, &other, IS_SEM, nullptr), 0);            // the name is taken
	EXPECT_EQ(rt_register(nam2num("DUP2"), &object, IS_SEM, nullptr), 0); // the address is
	EXPECT_EQ(rt_get_adr(name), &object);
	EXPECT_EQ(rt_get_registry_slot(0, nullptr), 0);
	struct rt_registry_entry e{};
	EXPECT_EQ(rt_get_registry_slot(RTAI_REGISTRY_SLOTS + 1, &e), 0);
	EXPECT_EQ(rt_get_registry_slot(-1, &e), 0);
	rt_drg_on_name(name);
}

TEST_F(Registry, HoldsItsSlotsThenRefuses)
{
	static int objects[RTAI_REGISTRY_SLOTS + 1];
	for (int i = 0; i < RTAI_REGISTRY_SLOTS; i++)
		ASSERT_EQ(rt_register(1000 + i, &objects[i], IS_SEM, nullptr), i + 1);
	EXPECT_EQ(rt_register(5000, &objects[RTAI_REGISTRY_SLOTS], IS_SEM, nullptr), 0); // full
	EXPECT_EQ(rt_drg_on_adr(&objects[7]), 8);
	EXPECT_EQ(rt_register(5000, &objects[RTAI_REGISTRY_SLOTS], IS_SEM, nullptr), 8);
	EXPECT_EQ(rt_get_adr(1000 + RTAI_REGISTRY_SLOTS - 1), &objects[RTAI_REGISTRY_SLOTS - 1]);
}

TEST_F(Registry, CountedUseRemovesWithTheLastUser)
{
	unsigned long name = nam2num("CNT");
	ASSERT_GT(rt_register(name, &object, IS_MBX, nullptr), 0);
	EXPECT_EQ(rt_get_adr_cnt(name), &object); // 2 users
	EXPECT_EQ(rt_get_adr_cnt(name), &object); // 3
	EXPECT_EQ(rt_drg_on_name_cnt(name), 2);
	EXPECT_EQ(rt_drg_on_adr_cnt(&object), 1);
	EXPECT_EQ(rt_get_adr(name), &object);
	EXPECT_EQ(rt_drg_on_adr_cnt(&object), 0); // removed
	EXPECT_EQ(rt_get_adr(name), nullptr);
	EXPECT_EQ(rt_drg_on_adr_cnt(&object), -EINVAL);
	EXPECT_EQ(rt_drg_on_name_cnt(name), -EINVAL);
	EXPECT_EQ(rt_get_adr_cnt(name), nullptr);
}

TEST_F(Registry, TasksLookUpObjectsByName)
{
	SEM *sem = rt_named_sem_init("GATE", 0);
	ASSERT_NE(sem, nullptr);
	start(a, 5, [&] {
		auto *s = static_cast<SEM *>(rt_get_adr(nam2num("GATE")));
		trace.add(s == sem ? "a:found" : "a:lost");
		rt_sem_wait(s);
		trace.add("a:passed");
		EXPECT_EQ(rt_get_name(s), nam2num("GATE"));
		// Real-time context: lookups work, a first init does not allocate.
		EXPECT_EQ(rt_named_sem_init("NEWSEM", 0), nullptr);
		EXPECT_EQ(rt_named_sem_init("GATE", 0), sem); // an existing one: one more user
		EXPECT_EQ(rt_named_sem_delete(sem), 1);       // not the last: fine here
	});
	run(100);
	rt_sem_signal(sem);
	run(100);
	EXPECT_EQ(trace.str(), "a:found@0 a:passed@100");
	EXPECT_EQ(rt_named_sem_delete(sem), 0); // the last user: deleted and freed
	EXPECT_EQ(rt_get_adr(nam2num("GATE")), nullptr);
}

TEST_F(Registry, NamedSemaphoreIsSharedAndDeletedByItsLastUser)
{
	SEM *s1 = rt_typed_named_sem_init("SHARED", 2, BIN_SEM);
	ASSERT_NE(s1, nullptr);
	EXPECT_EQ(rt_sem_count(s1), 1); // a binary semaphore
	SEM *s2 = rt_named_sem_init("SHARED", 7); // the same one, its value kept
	EXPECT_EQ(s2, s1);
	EXPECT_EQ(rt_sem_count(s2), 1);
	EXPECT_EQ(rt_get_type(nam2num("SHARED")), IS_SEM);
	start(a, 5, [&] { trace.add("a:" + std::to_string(rt_sem_wait(s1))); trace.add("a:" + std::to_string(rt_sem_wait(s1))); });
	run(10);
	EXPECT_EQ(rt_named_sem_delete(s1), 1);
	EXPECT_EQ(rt_sem_count(s1), -1); // still alive: a waits on it
	EXPECT_EQ(rt_named_sem_delete(s2), 0);
	run(10);
	EXPECT_EQ(trace.str(), "a:1@0 a:" + std::to_string(RTE_OBJREM) + "@10"); // its waiter
	EXPECT_EQ(rt_named_sem_delete(s1), -EINVAL); // gone
	// A plain SEM registered by hand is not a named one: never freed here.
	ASSERT_EQ(rt_sem_init(&plain, 0), 0);
	ASSERT_GT(rt_register(nam2num("PLAIN"), &plain, IS_SEM, nullptr), 0);
	EXPECT_EQ(rt_named_sem_delete(&plain), -EINVAL);
	EXPECT_EQ(rt_named_mbx_delete(reinterpret_cast<MBX *>(&plain)), -EINVAL);
	rt_drg_on_adr(&plain);
	rt_sem_delete(&plain);
	EXPECT_EQ(rt_named_sem_init(nullptr, 0), nullptr);
	EXPECT_EQ(rt_named_sem_init("", 0), nullptr);
	EXPECT_EQ(rt_typed_named_sem_init("BADTYP", 0, 99), nullptr); // rt_typed_sem_init refuses it
	EXPECT_EQ(rt_get_adr(nam2num("BADTYP")), nullptr);
}

TEST_F(Registry, NamedMailboxCarriesMessages)
{
	MBX *m = rt_named_mbx_init("MBOX", 64);
	ASSERT_NE(m, nullptr);
	EXPECT_EQ(rt_named_mbx_init("MBOX", 8), m);
	EXPECT_EQ(rt_get_type(nam2num("MBOX")), IS_MBX);
	int got = 0;
	start(a, 5, [&] {
		auto *box = static_cast<MBX *>(rt_get_adr(nam2num("MBOX")));
		int v = 0;
		EXPECT_EQ(rt_mbx_receive(box, &v, sizeof(v)), 0);
		got = v;
	});
	int v = 42;
	EXPECT_EQ(rt_mbx_send_if(m, &v, sizeof(v)), 0); // Linux context: no blocking form
	run(10);
	EXPECT_EQ(got, 42);
	EXPECT_EQ(rt_named_mbx_delete(m), 1);
	EXPECT_EQ(rt_named_mbx_delete(m), 0);
	EXPECT_EQ(rt_get_adr(nam2num("MBOX")), nullptr);
	EXPECT_EQ(rt_named_mbx_init("BADMBX", 0), nullptr); // a size of 0 is refused
}

TEST_F(Registry, NamedTaskRunsAndIsFoundByName)
{
	static int runs;
	runs = 0;
	RT_TASK *t = rt_named_task_init("WORKER", [](long v) { runs += static_cast<int>(v); }, 3, 16384, 5, 0, nullptr);
	ASSERT_NE(t, nullptr);
	EXPECT_EQ(rt_get_adr(nam2num("WORKER")), t);
	EXPECT_EQ(rt_get_type(nam2num("WORKER")), IS_TASK);
	// The same name again: the same task, nothing new.
	EXPECT_EQ(rt_named_task_init("WORKER", [](long) {}, 0, 16384, 5, 0, nullptr), t);
	EXPECT_EQ(rt_task_resume(t), 0);
	run(10);
	EXPECT_EQ(runs, 3);
	EXPECT_GT(rt_named_task_delete(t), 0); // it ended already: only freed
	EXPECT_EQ(rt_get_adr(nam2num("WORKER")), nullptr);
	// A task that still runs is deleted.
	RT_TASK *u = rt_named_task_init_cpuid("LOOPER", [](long) {
		for (;;)
			rt_sleep(10);
	}, 0, 16384, 5, 0, nullptr, 0);
	ASSERT_NE(u, nullptr);
	rt_task_resume(u);
	run(25);
	EXPECT_GT(rt_named_task_delete(u), 0);
	EXPECT_EQ(rt_named_task_delete(u), 0); // not a named task any more
	EXPECT_EQ(rt_named_task_delete(&a), 0); // never was
	EXPECT_EQ(rt_named_task_init_cpuid("BADCPU", [](long) {}, 0, 16384, 5, 0, nullptr, 99), nullptr);
	EXPECT_EQ(rt_named_task_init("BADPRI", [](long) {}, 0, 16384, -1, 0, nullptr), nullptr);
	EXPECT_EQ(rt_get_adr(nam2num("BADPRI")), nullptr);
}

TEST_F(Registry, AModuleThatGoesLeavesNothing)
{
	// Objects its named inits created (owner = the module), and a name for
	// an object in the module's own memory.
	tx::sim::set_code_owner(&owner_token);
	SEM *sem = rt_named_sem_init("MODSEM", 0);
	MBX *mbx = rt_named_mbx_init("MODMBX", 32);
	RT_TASK *task = rt_named_task_init("MODTSK", [](long) {
		for (;;)
			rt_sleep(10);
	}, 0, 16384, 5, 0, nullptr);
	ASSERT_TRUE(sem && mbx && task);
	rt_task_resume(task);
	tx::sim::set_code_owner(nullptr);
	ASSERT_GT(rt_register(nam2num("MODOBJ"), &module_memory[3], IS_SEM, nullptr), 0);
	// Not the module's: kept.
	ASSERT_GT(rt_register(nam2num("KEEP"), &object, IS_SEM, nullptr), 0);
	SEM *kept = rt_named_sem_init("KEEPS", 1);
	ASSERT_NE(kept, nullptr);
	start(a, 4, [&] { trace.add("a:" + std::to_string(rt_sem_wait(sem))); });
	run(20);

	EXPECT_EQ(tx_registry_release_owner(&owner_token, within_module_memory), 3u);
	run(10);
	EXPECT_EQ(trace.str(), "a:" + std::to_string(RTE_OBJREM) + "@20"); // its semaphore went under it
	for (const char *n : {"MODSEM", "MODMBX", "MODTSK", "MODOBJ"})
		EXPECT_EQ(rt_get_adr(nam2num(n)), nullptr) << n;
	EXPECT_EQ(rt_get_adr(nam2num("KEEP")), &object);
	EXPECT_EQ(rt_get_adr(nam2num("KEEPS")), kept);
	EXPECT_EQ(tx_registry_release_owner(&owner_token, within_module_memory), 0u);
	EXPECT_EQ(tx_registry_release_owner(nullptr, within_module_memory), 0u);
	EXPECT_EQ(rt_named_sem_delete(kept), 0);
	rt_drg_on_name(nam2num("KEEP"));
}

TEST_F(Registry, AnObjectAnotherModuleUsesOutlivesItsCreator)
{
	static int other_owner;
	tx::sim::set_code_owner(&owner_token);
	SEM *sem = rt_named_sem_init("SHR", 0); // the creator's share
	tx::sim::set_code_owner(&other_owner);
	EXPECT_EQ(rt_named_sem_init("SHR", 0), sem); // another module's
	// The creator goes: its share goes, the SEM stays for the other one.
	EXPECT_EQ(tx_registry_release_owner(&owner_token, within_module_memory), 0u);
	EXPECT_EQ(rt_get_adr(nam2num("SHR")), sem);
	EXPECT_EQ(rt_sem_signal(sem), 0);
	EXPECT_EQ(rt_named_sem_delete(sem), 0); // its last user frees it
	EXPECT_EQ(rt_get_adr(nam2num("SHR")), nullptr);

	// The creator gave its share back before it went: the other's keeps it.
	tx::sim::set_code_owner(&owner_token);
	SEM *s2 = rt_named_sem_init("SHR2", 0);
	tx::sim::set_code_owner(&other_owner);
	EXPECT_EQ(rt_named_sem_init("SHR2", 0), s2);
	tx::sim::set_code_owner(&owner_token);
	EXPECT_EQ(rt_named_sem_delete(s2), 1);
	EXPECT_EQ(tx_registry_release_owner(&owner_token, within_module_memory), 0u);
	EXPECT_EQ(rt_get_adr(nam2num("SHR2")), s2);
	tx::sim::set_code_owner(&other_owner);
	EXPECT_EQ(rt_named_sem_delete(s2), 0);

	// A share given back from real-time context (caller unknown) counts as
	// the creator's: at its unload nothing more is taken (a leak at worst,
	// never a free under another user).
	tx::sim::set_code_owner(&owner_token);
	SEM *s3 = rt_named_sem_init("SHR3", 0);
	tx::sim::set_code_owner(&other_owner);
	EXPECT_EQ(rt_named_sem_init("SHR3", 0), s3);
	EXPECT_EQ(rt_named_sem_init("SHR3", 0), s3); // 3 users
	start(a, 5, [&] { EXPECT_EQ(rt_named_sem_delete(s3), 2); });
	EXPECT_EQ(tx_registry_release_owner(&owner_token, within_module_memory), 0u);
	EXPECT_EQ(rt_named_sem_delete(s3), 1);
	EXPECT_EQ(rt_named_sem_delete(s3), 0);
	tx::sim::set_code_owner(nullptr);
}
