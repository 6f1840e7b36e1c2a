// SPDX-License-Identifier: GPL-2.0
// shm/nam2num.hpp - the core's view of RTAI names: the public C header is the
// one implementation (inline, so user programs need no library).
#pragma once

#include "../api/include/rtai_nam2num.h"
