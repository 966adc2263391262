import { InputNumber } from 'antd';
import { useState } from 'react';
import { blockNonDigitKeys } from '../../lib/keyboard';

interface SettingNumberProps {
  /** The input's id and test id. */
  id: string;
  /** The setting as it stands (the URL's). */
  value: number;
  min: number;
  max: number;
  suffix?: string;
  width: number | string;
  onChange: (value: number) => void;
}

/**
 * A whole number in a range (quantity, sticky minutes): digits only (docs/product.md#number-inputs blocks `+ - * /`),
 * clamped on blur, and only values in range reach the setting. The text is held here rather than
 * read back from the URL, which updates a moment later and would reset what is being typed; an
 * emptied field shows the setting again on blur.
 */
export function SettingNumber({ id, value, min, max, suffix, width, onChange }: SettingNumberProps) {
  const [shown, setShown] = useState<number | null>(value);
  return (
    <InputNumber<number>
      id={id}
      data-testid={id}
      inputMode="numeric"
      min={min}
      max={max}
      precision={0}
      suffix={suffix}
      style={{ width }}
      value={shown}
      onKeyDown={blockNonDigitKeys}
      onChange={(next) => {
        setShown(next);
        if (next !== null) onChange(next);
      }}
      onBlur={() => {
        if (shown === null) setShown(value);
      }}
    />
  );
}
