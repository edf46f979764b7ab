import { safeUrl, type Touch } from './touch';

/** "google / cpc / spring_sale", "referral: news.example.kz", "direct". */
export function describeTouch(touch: Touch): string {
  if (touch.source || touch.medium || touch.campaign) {
    return [touch.source ?? '—', touch.medium ?? '—', touch.campaign]
      .filter((part) => part !== undefined)
      .join(' / ');
  }
  if (touch.gclid) return 'google / cpc (gclid)';
  if (touch.yclid) return 'yandex / cpc (yclid)';
  if (touch.fbclid) return 'facebook (fbclid)';
  if (touch.referrer) {
    const host = safeUrl(touch.referrer)?.host;
    return `referral: ${host ?? touch.referrer}`;
  }
  return 'direct';
}
