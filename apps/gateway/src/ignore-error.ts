/**
 * An 'error' listener that only keeps a socket's error from crashing the process (its 'close'
 * follows, and whoever owns the socket acts on that). One function shared by every socket, so a
 * connection does not allocate a closure for it (docs/performance.md).
 */
export function ignoreError(): void {
  // Nothing to do: the socket's 'close' is where its owner cleans up.
}
