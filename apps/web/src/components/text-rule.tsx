import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A thin horizontal rule, with optional words in its middle ("or"). The sign-in pages use it instead
 * of antd's Divider, whose styles weigh more than this whole page's margin under its download goal.
 */
export function TextRule({ children, margin }: { children?: ReactNode; margin: CSSProperties['margin'] }) {
  const { token } = theme.useToken();
  const line: CSSProperties = { flex: 1, borderTop: `1px solid ${token.colorSplit}` };
  if (children === undefined) return <div role="separator" style={{ ...line, margin }} />;
  return (
    <div
      role="separator"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        margin,
        color: token.colorText,
        fontSize: token.fontSize,
      }}
    >
      <span style={line} />
      <span>{children}</span>
      <span style={line} />
    </div>
  );
}
