import { theme } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';

interface SelectableCardProps {
  selected: boolean;
  onSelect: () => void;
  testId?: string;
  children: ReactNode;
}

/**
 * One option of a card picker (packages, custom amount): a radio for keyboards and screen
 * readers, highlighted when chosen. Lives inside an element with `role="radiogroup"`.
 */
export function SelectableCard({ selected, onSelect, testId, children }: SelectableCardProps) {
  const { token } = theme.useToken();
  const select = () => {
    if (!selected) onSelect();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only the card itself: Enter or Space inside its input means something else.
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    select();
  };
  return (
    <div
      role="radio"
      aria-checked={selected}
      tabIndex={0}
      data-testid={testId}
      data-selected={selected}
      onClick={select}
      onKeyDown={onKeyDown}
      style={{
        height: '100%',
        padding: 16,
        borderRadius: token.borderRadiusLG,
        // Same outer size selected or not: the thicker border is an inset shadow.
        border: `1px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
        boxShadow: selected ? `inset 0 0 0 1px ${token.colorPrimary}` : undefined,
        background: selected ? token.colorPrimaryBg : token.colorBgContainer,
        cursor: 'pointer',
        transition: `all ${token.motionDurationMid}`,
      }}
    >
      {children}
    </div>
  );
}
