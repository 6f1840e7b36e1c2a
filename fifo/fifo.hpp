// SPDX-License-Identifier: GPL-2.0
// fifo/fifo.hpp - RT-FIFOs: the channels between real-time code and Linux.
//
// FIFO n is /dev/rtfN on Linux and the rtf_* calls in kernel code. Each FIFO
// is a pair of ByteRings, one per direction, like a pipe pair: what the
// kernel side puts (rtf_put) Linux reads from /dev/rtfN, and what Linux
// writes the kernel side gets (rtf_get). (RTAI had one ring shared by both
// directions; used one direction at a time, as is usual, it behaves alike.)
//
// Who may call what:
//  - the kernel side (rtf_put/get/ovrwr_put/reset, any context, real-time
//    or Linux): serialised per FIFO by a co-kernel spinlock held for one
//    bounded ring operation; never blocks;
//  - the Linux side (the /dev/rtfN file operations): the caller holds the
//    FIFO's Linux mutex (the platform owns it);
//  - create / destroy / resize: Linux context, with the FIFO's Linux mutex;
//    the rtf_* calls of kernel code take it through FifoLinuxLock.
// Across the two sides each ring is single-producer single-consumer and
// lock-free. Resize and destroy exclude the kernel side for a moment with a
// flag set under its spinlock: a put meanwhile finds no room, a get finds no
// data; nothing already queued is lost.
//
// After kernel-side data or space changes, a LinuxWork item asks Linux to
// wake its readers/writers (fifo_set_linux_waker).
#pragma once

#include "../hal/linux_work.hpp"
#include "../hal/spinlock.hpp"
#include "../lib/deferred_block.hpp"
#include "ring.hpp"

namespace tx {

constexpr unsigned kMaxFifos = 256;
constexpr size_t kFifoMaxSize = 64u << 20;
constexpr size_t kFifoNameLen = 16;

// RTAI handler: called in Linux context after Linux read ('r') or wrote
// ('w') the FIFO; a negative return becomes the read/write result.
using FifoHandler = int (*)(unsigned int fifo, int rw);

enum class FifoPut : uint8_t { All, Some, Overwrite };
enum class FifoGet : uint8_t { Some, All, Peek };

struct FifoInfo {
	bool open;
	unsigned opens;
	size_t size;
	size_t to_linux_used, to_rt_used;
	uint64_t puts, put_bytes, put_refused, overwritten, gets, get_bytes;
	char name[kFifoNameLen];
};

// ---- Setup (Linux context) ----
int fifo_setup(unsigned count); // number of FIFOs, <= kMaxFifos; closes all, no cap
// The bytes all FIFOs' rings may take together (0: no cap; set after
// fifo_setup): a create or resize past it fails with -ENOMEM, as when Linux
// has no memory. A resize holds old and new rings for a moment: both count.
void fifo_set_memory_cap(size_t bytes);
size_t fifo_memory_used(); // bytes the rings take now
unsigned fifo_count();
void fifo_set_linux_waker(void (*wake)(unsigned fifo)); // Linux context callback

// ---- The platform's Linux mutexes, for kernel callers of rtf_* ----
// lock(f) takes FIFO f's Linux mutex (kFifoNamespace: the one around naming
// and picking a free FIFO) or refuses with an error (say, called from a
// real-time task, which must not sleep); unlock(f) releases it. Without
// ops (host builds) nothing is taken.
constexpr unsigned kFifoNamespace = ~0u;
struct FifoLinuxLockOps {
	int (*lock)(unsigned f);
	void (*unlock)(unsigned f);
};
void fifo_set_linux_lock(const FifoLinuxLockOps &ops); // after fifo_setup

// Scoped: status() is 0 when held (or when no ops are set), else the
// refusal. An f out of range takes nothing: the call it guards rejects f.
class FifoLinuxLock {
public:
	explicit FifoLinuxLock(unsigned f);
	~FifoLinuxLock();
	FifoLinuxLock(const FifoLinuxLock &) = delete;
	FifoLinuxLock &operator=(const FifoLinuxLock &) = delete;
	int status() const { return status_; }

private:
	unsigned f_;
	int status_ = 0;
	bool held_ = false;
};

// ---- Lifecycle (Linux context, FIFO's Linux mutex held) ----
int fifo_create(unsigned f, size_t size); // RTAI rtf_create: open, grow if larger
int fifo_destroy(unsigned f);             // returns the remaining open count
int fifo_resize(unsigned f, size_t size); // keeps the content; -EBUSY if it does not fit
int fifo_set_name(unsigned f, const char *name);
int fifo_find_name(const char *name);

// ---- Kernel side (any context) ----
int fifo_put(unsigned f, const void *src, size_t n, FifoPut mode);
int fifo_get(unsigned f, void *dst, size_t n, FifoGet mode);
int fifo_reset(unsigned f);

// The FIFO's binary semaphore (RTAI's rtf_sem_*), any context, O(1): Init
// (free when value > 0), Post (free it), TryWait (1: taken, 0: it was not
// free), Destroy. 0 or TryWait's result; -ENODEV, -EINVAL for a FIFO that
// is not open or a semaphore not initialised. Linux programs wait on it
// through /dev/rtfN (RTF_SEM_WAIT...): a post or destroy queues the FIFO's
// Linux wake-up, and the waiters try again. Destroying the FIFO destroys it.
enum class FifoSemOp : uint8_t { Init, Post, TryWait, Destroy };
int fifo_sem(unsigned f, FifoSemOp op, int value = 0);
int fifo_kernel_avail(unsigned f); // bytes rtf_get would find
int fifo_kernel_space(unsigned f); // bytes rtf_put could write
int fifo_create_handler(unsigned f, FifoHandler h); // nullptr removes it
FifoHandler fifo_handler(unsigned f);

// ---- Linux side (FIFO's Linux mutex held) ----
long fifo_linux_read(unsigned f, void *dst, size_t n, bool peek);
long fifo_linux_write(unsigned f, const void *src, size_t n, FifoPut mode);
size_t fifo_linux_avail(unsigned f); // bytes a read would find
size_t fifo_linux_space(unsigned f); // bytes a write could put
bool fifo_is_open(unsigned f);
// Which incarnation of the FIFO is (or was last) open: it changes each time
// a closed FIFO is created again. Linux context, with the FIFO's mutex. A
// Linux file records it at open, so that after a destroy under the file and
// a create by another holder, the file's release leaves that holder's
// reference alone.
unsigned fifo_generation(unsigned f);

int fifo_info(unsigned f, FifoInfo *out);

} // namespace tx
