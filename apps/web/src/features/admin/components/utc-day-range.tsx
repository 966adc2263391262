import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ru';
import { useIntl } from 'react-intl';

/** An optional range of whole UTC days (`YYYY-MM-DD`) for a console filter; both ends included. */
export interface DayRange {
  start?: string;
  end?: string;
}

// The picker shows a UTC day as that same calendar date (a local midnight), never shifted by the zone.
const dayOf = (value: Dayjs) => value.format('YYYY-MM-DD');
const pickerDay = (day: string | undefined) => (day ? dayjs(day, 'YYYY-MM-DD') : null);

/** A console list's date filter: clearable, in UTC days, labelled as such. */
export function UtcDayRange({
  value,
  onChange,
  testId,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <span role="group" data-testid={testId} aria-label={intl.formatMessage({ id: 'admin.dayRange' })}>
      <DatePicker.RangePicker
        format="YYYY-MM-DD"
        allowEmpty={[true, true]}
        placeholder={[
          intl.formatMessage({ id: 'admin.dayRange.from' }),
          intl.formatMessage({ id: 'admin.dayRange.to' }),
        ]}
        value={[pickerDay(value.start), pickerDay(value.end)]}
        onChange={(values) => {
          const [start, end] = values ?? [];
          onChange({ start: start ? dayOf(start) : undefined, end: end ? dayOf(end) : undefined });
        }}
      />
    </span>
  );
}
