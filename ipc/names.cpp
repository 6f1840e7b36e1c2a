// SPDX-License-Identifier: GPL-2.0
// ipc/names.cpp - the named-object registry (names.hpp). Every call:
// the registry's lock and one scan of kRegistrySlots entries at most.
#include "names.hpp"

#include "../lib/freestanding.hpp"

namespace tx {

namespace {
constinit StaticStorage<NameRegistry> g_names_storage;
}
NameRegistry &g_names = g_names_storage.value;

void NameRegistry::reset()
{
	g_names_storage.construct();
	lock_.reset();
	for (RegistryEntry &e : slots_)
		e = RegistryEntry();
}

unsigned NameRegistry::find_name(unsigned long name) const
{
	unsigned i = 0;
	while (i < kRegistrySlots && slots_[i].name != name)
		i++;
	return i;
}

unsigned NameRegistry::find_adr(const void *adr) const
{
	unsigned i = 0;
	while (i < kRegistrySlots && (!slots_[i].name || slots_[i].adr != adr))
		i++;
	return i;
}

unsigned NameRegistry::add(unsigned long name, void *adr, int type, bool named, const void *owner)
{
	if (!name || !adr)
		return 0;
	unsigned long flags = lock_.lock();
	unsigned slot = 0;
	if (find_name(name) == kRegistrySlots && find_adr(adr) == kRegistrySlots) {
		unsigned i = find_name(0); // the first free slot
		if (i < kRegistrySlots) {
			slots_[i] = RegistryEntry{name, adr, type, 1, named, owner, named && owner};
			slot = i + 1;
		}
	}
	lock_.unlock(flags);
	return slot;
}

// Lock held for the call: remove the entry at index i (kRegistrySlots: none).
unsigned NameRegistry::remove_at(unsigned i)
{
	if (i >= kRegistrySlots)
		return 0;
	slots_[i] = RegistryEntry();
	return i + 1;
}

unsigned NameRegistry::remove_name(unsigned long name)
{
	if (!name)
		return 0;
	unsigned long flags = lock_.lock();
	unsigned slot = remove_at(find_name(name));
	lock_.unlock(flags);
	return slot;
}

unsigned NameRegistry::remove_adr(const void *adr)
{
	if (!adr)
		return 0;
	unsigned long flags = lock_.lock();
	unsigned slot = remove_at(find_adr(adr));
	lock_.unlock(flags);
	return slot;
}

void *NameRegistry::adr_of(unsigned long name, bool count)
{
	if (!name)
		return nullptr;
	unsigned long flags = lock_.lock();
	unsigned i = find_name(name);
	void *adr = nullptr;
	if (i < kRegistrySlots) {
		adr = slots_[i].adr;
		if (count)
			slots_[i].count++;
	}
	lock_.unlock(flags);
	return adr;
}

unsigned long NameRegistry::name_of(const void *adr)
{
	if (!adr)
		return 0;
	unsigned long flags = lock_.lock();
	unsigned i = find_adr(adr);
	unsigned long name = i < kRegistrySlots ? slots_[i].name : 0;
	lock_.unlock(flags);
	return name;
}

bool NameRegistry::entry_of(const void *adr, RegistryEntry *out)
{
	if (!adr)
		return false;
	unsigned long flags = lock_.lock();
	unsigned i = find_adr(adr);
	if (i < kRegistrySlots)
		*out = slots_[i];
	lock_.unlock(flags);
	return i < kRegistrySlots;
}

int NameRegistry::type_of(unsigned long name)
{
	if (!name)
		return -1;
	unsigned long flags = lock_.lock();
	unsigned i = find_name(name);
	int type = i < kRegistrySlots ? slots_[i].type : -1;
	lock_.unlock(flags);
	return type;
}

int NameRegistry::release(unsigned long name, const void *adr, bool by_name, const void *caller)
{
	if (by_name ? !name : !adr)
		return -1;
	unsigned long flags = lock_.lock();
	unsigned i = by_name ? find_name(name) : find_adr(adr);
	int left = -1;
	if (i < kRegistrySlots) {
		if (caller && (caller == slots_[i].owner || caller == kUnknownCaller))
			slots_[i].owner_share = false;
		left = --slots_[i].count;
		if (left <= 0) {
			slots_[i] = RegistryEntry();
			left = 0;
		}
	}
	lock_.unlock(flags);
	return left;
}

bool NameRegistry::entry(unsigned slot, RegistryEntry *out)
{
	if (slot < 1 || slot > kRegistrySlots)
		return false;
	unsigned long flags = lock_.lock();
	bool used = slots_[slot - 1].name != 0;
	if (used)
		*out = slots_[slot - 1];
	lock_.unlock(flags);
	return used;
}

OwnerRelease NameRegistry::release_owner(const void *owner, int (*within)(const void *, const void *),
					 RegistryEntry *out)
{
	OwnerRelease what = OwnerRelease::None;
	if (!owner)
		return what;
	unsigned long flags = lock_.lock();
	for (unsigned i = 0; i < kRegistrySlots && what == OwnerRelease::None; i++) {
		RegistryEntry &e = slots_[i];
		if (!e.name)
			continue;
		if (e.named && e.owner == owner) {
			*out = e;
			if (e.owner_share)
				e.count--;
			e.owner = nullptr;
			e.owner_share = false;
			if (e.count <= 0) {
				e = RegistryEntry();
				what = OwnerRelease::Dispose;
			}
		} else if (within(e.adr, owner)) {
			*out = e;
			e = RegistryEntry();
			what = OwnerRelease::Removed;
		}
	}
	lock_.unlock(flags);
	return what;
}

} // namespace tx
