import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { getTranslations } from '@/i18n/server';
import type { LangCode } from '@/i18n/locales';
import { messengerChannels, messengerTargets } from '@/server/leads/messenger';

type MessengerButtonsProps = {
  lang: LangCode;
  /** The page the buttons are on, without the host: the lead's page. */
  page: string;
  /** `block`: in the contacts' block; `floating`: fixed in the corner of a phone's screen. */
  variant: 'block' | 'floating';
};

const icons = {
  whatsapp:
    'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.6-4-4.7-4.2-.1-.2-1.1-1.5-1.1-2.9s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.9 2.1c.1.2.1.4 0 .5l-.4.6-.3.4c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1c.2-.3.4-.2.6-.1l2 1c.3.1.5.2.5.3.1.2.1.6-.1 1.2Z',
  telegram:
    'M21.9 4.6 18.7 19.7c-.2 1-.9 1.3-1.8.8l-4.9-3.6-2.4 2.3c-.3.3-.5.5-1 .5l.3-5 9.1-8.2c.4-.4-.1-.6-.6-.2L6.1 13.4l-4.8-1.5c-1-.3-1.1-1 .2-1.5L20.3 3.2c.9-.3 1.7.2 1.6 1.4Z',
} as const;

/**
 * The WhatsApp and Telegram buttons: each a form that posts to the site, which
 * records where the visitor came from and opens the chat in a new tab with a
 * first message carrying the lead's reference (src/server/leads/messenger.ts).
 * They work without script; the page's script adds the visit's attribution on
 * submit (src/scripts/messenger.ts). A chat that is not set has no button.
 */
export async function MessengerButtons({ lang, page, variant }: MessengerButtonsProps) {
  const targets = messengerTargets();
  const channels = messengerChannels.filter((channel) => targets[channel]);
  if (channels.length === 0) return null;
  const t = await getTranslations('Messenger');
  const floating = variant === 'floating';
  // Floating, the buttons are a landmark of their own: every part of a page is in one.
  const Wrapper = floating ? 'aside' : 'div';
  return (
    <Wrapper
      className={cn(
        floating
          ? 'fixed right-4 bottom-4 z-30 flex flex-col gap-2 md:hidden print:hidden'
          : 'flex flex-wrap gap-3',
      )}
      {...(floating ? { 'aria-label': t('floating') } : {})}
      data-testid={floating ? 'messenger-floating' : 'messenger-block'}
    >
      {channels.map((channel) => (
        <form
          key={channel}
          method="post"
          action="/api/leads/messenger"
          target="_blank"
          data-messenger={channel}
        >
          <input type="hidden" name="channel" value={channel} />
          <input type="hidden" name="language" value={lang} />
          <input type="hidden" name="page" value={page} />
          <button
            type="submit"
            className={
              floating
                ? cn(
                    'grid size-13 place-items-center rounded-full text-white shadow-lg ring-2 ring-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    channel === 'whatsapp' ? 'bg-[#128c4b]' : 'bg-[#1f7bbf]',
                  )
                : buttonClass({ variant: 'secondary', className: 'gap-2' })
            }
            {...(floating ? { 'aria-label': t(channel), title: t(channel) } : {})}
          >
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className={floating ? 'size-7' : 'size-5'}
              fill="currentColor"
            >
              <path d={icons[channel]} />
            </svg>
            {floating ? null : t(channel)}
          </button>
        </form>
      ))}
    </Wrapper>
  );
}
