import type { ThemeConfig } from 'antd';

/** Appearance of docs/product.md#appearance: primary colour and the table look. */
export const PRIMARY_COLOR = '#1677FF';

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR },
  components: {
    Table: {
      headerBg: '#9dc1f6',
      headerColor: '#ffffff',
      rowHoverBg: '#f6fbff',
      cellFontSize: 16,
      headerBorderRadius: 0,
    },
  },
};
