import { TrafficText } from '../../../components/traffic-text';

/** "250.00 MB / 1.00 GB": what was used (or moved) against its limit, or the amount alone without one. */
export function UsedOfLimit({ used, limit }: { used: number; limit: number | null }) {
  return (
    <>
      <TrafficText bytes={used} />
      {limit !== null && (
        <>
          {' / '}
          <TrafficText bytes={limit} />
        </>
      )}
    </>
  );
}
