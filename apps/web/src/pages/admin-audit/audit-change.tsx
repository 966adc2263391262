import type { AuditEntry } from '@resiport/contract';
import { Flex, Typography } from 'antd';

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Before → after of every field an action touched, one line each (a field that appeared has no before). */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2} style={{ fontSize: 12 }}>
      {fields.map((field) => (
        <span key={field} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text type="secondary">{field}: </Typography.Text>
          {field in before && <Typography.Text delete>{shown(before[field])}</Typography.Text>}
          {field in before && field in after && ' → '}
          {field in after && <Typography.Text strong>{shown(after[field])}</Typography.Text>}
        </span>
      ))}
    </Flex>
  );
}
