/** The product mark (public/logo.svg); resellers replace the file to brand it. */
export function AppLogo({ size = 32 }: { size?: number }) {
  return <img src={`${import.meta.env.BASE_URL}logo.svg`} width={size} height={size} alt="" />;
}
