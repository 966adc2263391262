import { Spin } from 'antd';

/** Shown while a page chunk or the startup data loads. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      data-testid="page-loading"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      <Spin size="large" />
    </div>
  );
}
