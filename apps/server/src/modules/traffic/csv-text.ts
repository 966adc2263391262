/** The traffic exports' file names: `traffic-details-2026-05-01-2026-05-30.csv`, `traffic-changes-…`. */
export const csvFileName = (what: 'details' | 'changes', start: string, end: string) =>
  `traffic-${what}-${start}-${end}.csv`;
