import { useSite } from './site';

/** The reseller's logo (APP_LOGO_URL), else the bundled mark (public/logo.svg). */
export function AppLogo({ size = 32 }: { size?: number }) {
  const { logo_url: logo, app_name: name } = useSite();
  const src = logo ?? `${import.meta.env.BASE_URL}logo.svg`;
  return (
    <img
      src={src}
      height={size}
      alt={logo ? name : ''}
      style={{ width: logo ? 'auto' : size, maxWidth: size * 4, objectFit: 'contain' }}
      data-testid="app-logo"
    />
  );
}
