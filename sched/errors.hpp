// SPDX-License-Identifier: GPL-2.0
// sched/errors.hpp - result codes of the core: RTAI 5.3's values (with its
// default CONFIG_RTAI_USE_NEWERR), so that the C API returns them unchanged.
// Blocking calls return these large positive codes; object management calls
// return negative errno values (-EINVAL, -ENOMEM), as RTAI does.
#pragma once

namespace tx {

constexpr int kRteBase = 0x3FFFFF00;
constexpr int kRteTimerOverrun = kRteBase + 1; // RTE_TMROVRN: deadline already past / release missed
constexpr int kRteUnblocked = kRteBase + 2;    // RTE_UNBLKD: woken before the event
constexpr int kRteTimeout = kRteBase + 3;      // RTE_TIMOUT
constexpr int kRteObjRemoved = kRteBase + 4;   // RTE_OBJREM: the object was deleted while waiting
constexpr int kRteObjInvalid = kRteBase + 5;   // RTE_OBJINV: not an initialised object
constexpr int kRtePerm = kRteBase + 6;         // RTE_PERM: not allowed (context or ownership)
constexpr int kRteDeadlock = kRteBase + 7;     // RTE_DEADLOK

constexpr int kOk = 0;

// errno values the C API uses (Linux's numbers, identical on both arches).
constexpr int kEPerm = 1;
constexpr int kESrch = 3;
constexpr int kENoEnt = 2;
constexpr int kENoMem = 12;
constexpr int kEFault = 14;
constexpr int kEBusy = 16;
constexpr int kENoDev = 19;
constexpr int kEInval = 22;
constexpr int kEAgain = 11;
constexpr int kENoSpc = 28;
constexpr int kEOpNotSupp = 95;
constexpr int kETime = 62;

} // namespace tx
