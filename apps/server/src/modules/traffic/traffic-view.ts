/** Byte counts as the contract shows them (exact integers; bytes fit far below 2^53). */
export function byteCounts(sums: { bytes_up: bigint; bytes_down: bigint; connections: bigint }) {
  return {
    bytes_up: Number(sums.bytes_up),
    bytes_down: Number(sums.bytes_down),
    bytes_total: Number(sums.bytes_up + sums.bytes_down),
    requests: Number(sums.connections),
  };
}
