import { TRAFFIC_RANGE_MAX_DAYS } from '@resiport/contract';
import { DatePicker, message, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
// antd's Russian locale names months and weekdays through dayjs' own `ru` locale: register it.
import 'dayjs/locale/ru';
import { useIntl } from 'react-intl';
import {
  isDisabledDay,
  presetRange,
  rangePresets,
  rangeProblem,
  type DateRange,
} from '../../features/traffic/date-range';
import { rangeChoiceOf, type RangeChoice } from '../../features/traffic/usage-filters';

/**
 * The picker works on calendar days: a UTC day `YYYY-MM-DD` is shown as that same date (a local
 * midnight), never shifted by the viewer's time zone, and read back with `format`.
 */
const dayOf = (value: Dayjs) => value.format('YYYY-MM-DD');
const pickerDay = (day: string) => dayjs(day, 'YYYY-MM-DD');

interface RangeFilterProps {
  range: DateRange;
  /** The UTC day today: nothing after it can be picked. */
  today: string;
  onChange: (choice: RangeChoice) => void;
}

/** Whole UTC days, up to 366 of them, today at the latest; presets stay relative when bookmarked. */
export function RangeFilter({ range, today, onChange }: RangeFilterProps) {
  const intl = useIntl();
  // The test id and the group's name go on a wrapper: the picker would copy them onto both inputs.
  return (
    <span
      role="group"
      data-testid="usage-range"
      aria-label={intl.formatMessage({ id: 'usage.filter.range' })}
    >
      <DatePicker.RangePicker
        allowClear={false}
        format="YYYY-MM-DD"
        value={[pickerDay(range.start), pickerDay(range.end)]}
        presets={rangePresets.map((preset) => {
          const days = presetRange(preset, today);
          return {
            label: intl.formatMessage({ id: `usage.preset.${preset}` }),
            value: [pickerDay(days.start), pickerDay(days.end)],
          };
        })}
        disabledDate={(current, info) =>
          isDisabledDay(dayOf(current), today, info.from ? dayOf(info.from) : undefined)
        }
        renderExtraFooter={() => (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {intl.formatMessage({ id: 'usage.filter.rangeHint' }, { max: TRAFFIC_RANGE_MAX_DAYS })}
          </Typography.Text>
        )}
        onChange={(values) => {
          const [start, end] = values ?? [];
          if (!start || !end) return;
          const picked = { start: dayOf(start), end: dayOf(end) };
          const problem = rangeProblem(picked, today);
          if (problem === undefined) onChange(rangeChoiceOf(picked, today));
          else {
            void message.warning(
              intl.formatMessage(
                { id: problem === 'tooLong' ? 'usage.filter.tooLong' : 'usage.filter.invalid' },
                { max: TRAFFIC_RANGE_MAX_DAYS },
              ),
            );
          }
        }}
      />
    </span>
  );
}
