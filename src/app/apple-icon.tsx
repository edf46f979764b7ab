import { renderBrandIcon } from '@/server/seo/brand-icon';

export const size = { width: 180, height: 180 };
export const contentType = 'image/png';

/** The icon iOS puts on the home screen; it rounds the corners itself. */
export default function AppleIcon() {
  return renderBrandIcon(180, { maskable: true });
}
