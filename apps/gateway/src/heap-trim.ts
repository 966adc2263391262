/**
 * glibc's malloc hands memory back to the kernel (brk) whenever more than its trim threshold
 * (128 KiB at start) sits free at the top of the heap, and takes it back (brk + page faults) on the
 * next allocations. A proxy allocates a 64 KiB read buffer per socket read and frees them in bursts
 * at each garbage collection, so without this the gateway made ~5,000 brk calls per GiB relayed and
 * spent twice the bare pipe's kernel time (docs/performance.md has the strace counts).
 *
 * glibc raises both thresholds for good when a block it served with mmap is freed: the mmap
 * threshold to that block's size and the trim threshold to twice it (malloc.c, "dynamic mmap
 * threshold"), up to 32 MiB on 64-bit. One allocation of just under 32 MiB, dropped at once, is
 * freed at the first garbage collection and leaves the heap keeping up to 64 MiB of free memory
 * instead of trimming it. Elsewhere (musl, other allocators) it is one short-lived allocation.
 * Operators who prefer the environment can set GLIBC_TUNABLES=glibc.malloc.trim_threshold=… instead.
 */
const DYNAMIC_THRESHOLD_MAX = 32 * 1024 * 1024;

export function raiseHeapTrimThreshold(): void {
  // Just under the maximum, so the chunk with its header still counts as within it.
  const block = Buffer.allocUnsafeSlow(DYNAMIC_THRESHOLD_MAX - 64 * 1024);
  block[0] = 1; // used, so no engine skips the allocation
}
