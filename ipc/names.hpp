// SPDX-License-Identifier: GPL-2.0
// ipc/names.hpp - RTAI's named-object registry: a name (nam2num) for the
// address of a task, semaphore, mailbox or any object a client registers.
//
// A fixed table of kRegistrySlots entries under a leaf lock of its own
// (taken masked, calling nothing that locks), so every call works from any
// context and is one scan of the table at most: O(kRegistrySlots), a few
// instructions per slot. Slots are numbered from 1, as RTAI's are (0 means
// "none" in RTAI's calls).
#pragma once

#include "../hal/spinlock.hpp"

namespace tx {

constexpr unsigned kRegistrySlots = 256;

struct RegistryEntry {
	unsigned long name; // 0: a free slot
	void *adr;
	int type;           // RTAI's IS_TASK, IS_SEM, ... (rtai_registry.h)
	int count;          // users: 1 at registration, + rt_get_adr_cnt
	bool named;         // allocated by a named init (api/rtai_registry.cpp): freed there
	const void *owner;  // the code that asked for a named init (a module), or null
};

class NameRegistry {
public:
	void reset();
	// Enter name -> adr. The slot (1..kRegistrySlots), or 0: a zero name,
	// a null address, the name or the address registered already, or the
	// table full.
	unsigned add(unsigned long name, void *adr, int type, bool named = false, const void *owner = nullptr);
	unsigned remove_name(unsigned long name); // the slot it had, 0: none
	unsigned remove_adr(const void *adr);     // the slot it had, 0: none
	// The address registered under name (null: none); with 'count', one
	// more user of it (released by release()).
	void *adr_of(unsigned long name, bool count);
	unsigned long name_of(const void *adr); // 0: none
	bool entry_of(const void *adr, RegistryEntry *out); // false: none
	int type_of(unsigned long name);        // -1: none
	// One user less of the entry whose name (by_name) or address matches:
	// the users left; at 0 the entry is removed. -1: no such entry.
	int release(unsigned long name, const void *adr, bool by_name);
	// A copy of slot 'slot' (1..kRegistrySlots); false if it is free or
	// out of range.
	bool entry(unsigned slot, RegistryEntry *out);
	// Remove the first entry for which match() holds (called with the lock
	// held: it must not lock) and copy it to *out; false when none is
	// left. One scan under the lock, so that the caller disposes of the
	// object with no lock held (module unload: api/rtai_registry.cpp).
	bool take_first(bool (*match)(const RegistryEntry &, void *), void *ctx, RegistryEntry *out);

private:
	// Lock held: the slot index (0-based) whose name / address matches, or
	// kRegistrySlots.
	unsigned find_name(unsigned long name) const;
	unsigned find_adr(const void *adr) const;

	SpinLock lock_;
	RegistryEntry slots_[kRegistrySlots];
};

extern NameRegistry &g_names;

} // namespace tx
