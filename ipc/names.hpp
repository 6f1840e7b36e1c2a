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

// NameRegistry::release()'s caller when it is not known (real-time context).
inline const void *const kUnknownCaller = reinterpret_cast<const void *>(1);

struct RegistryEntry {
	unsigned long name; // 0: a free slot
	void *adr;
	int type;           // RTAI's IS_TASK, IS_SEM, ... (rtai_registry.h)
	int count;          // users: 1 at registration, + rt_get_adr_cnt
	bool named;         // allocated by a named init (api/rtai_registry.cpp): freed there
	const void *owner;  // the code that asked for a named init (a module), or null
	bool owner_share;   // one of 'count' is the owner's own (not given back yet)
};

// What NameRegistry::release_owner() did with one entry of a module that goes.
enum class OwnerRelease : uint8_t {
	None,    // nothing (left): no entry of it
	Removed, // the name of an object in the module's memory: removed
	Dispose, // an object its named init created, no other user: removed, to be deleted and freed
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
	// the users left; at 0 the entry is removed. -1: no such entry. A
	// release by the entry's owner ('caller') gives back the owner's share;
	// so does one by kUnknownCaller (it may be the owner: rather a share
	// never given back, a leak, than one given back twice, a free under
	// another user).
	int release(unsigned long name, const void *adr, bool by_name, const void *caller = nullptr);
	// A copy of slot 'slot' (1..kRegistrySlots); false if it is free or
	// out of range.
	bool entry(unsigned slot, RegistryEntry *out);
	// A module goes (owner; within(adr, owner): whether adr lies in its
	// memory). One step: the first entry of it that needs something. The
	// name of an object in its memory is removed (Removed). An object its
	// named init created loses the owner's share if the owner has not
	// given it back; if no user is left then, it is removed (Dispose: the
	// caller deletes and frees it with no lock held), else it stays for
	// its other users, owned by nobody (their last delete frees it).
	// *out: the entry as it was. One scan under the lock; within() is
	// called with it held and must not lock.
	OwnerRelease release_owner(const void *owner, int (*within)(const void *, const void *), RegistryEntry *out);

private:
	// Lock held: the slot index (0-based) whose name / address matches, or
	// kRegistrySlots.
	unsigned find_name(unsigned long name) const;
	unsigned find_adr(const void *adr) const;
	unsigned remove_at(unsigned i); // the slot number it had, 0: none

	SpinLock lock_;
	RegistryEntry slots_[kRegistrySlots];
};

extern NameRegistry &g_names;

} // namespace tx
