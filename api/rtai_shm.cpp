// SPDX-License-Identifier: GPL-2.0
// api/rtai_shm.cpp - rtai_shm.h over shm/.
#include <rtai_shm.h>

#include "../shm/registry.hpp"

extern "C" {

void *rt_shm_alloc(unsigned long name, int size, int suprt)
{
	if (suprt < 0 || size < 0)
		return nullptr;
	return tx::shm_alloc(name, static_cast<size_t>(size));
}

int rt_shm_free(unsigned long name) { return static_cast<int>(tx::shm_free(name)); }

} // extern "C"
