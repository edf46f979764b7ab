'use client';

import { useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useDeferredModule } from '@/components/ui/use-deferred-module';
import {
  LanguageTriggerContent,
  languageTriggerClass,
  type LanguageSwitcherProps,
} from './language-trigger';

const loadMenu = () => import('./language-menu');

/**
 * The language button. It looks and announces itself like the dropdown it opens;
 * the dropdown's code (Radix) is fetched on hover or focus and shown on the
 * first activation, so pages do not carry it until someone needs it.
 */
export function LanguageSwitcher(props: LanguageSwitcherProps) {
  const { loaded, preload, ensure } = useDeferredModule(loadMenu);
  const [openOnMount, setOpenOnMount] = useState(false);

  if (loaded) return <loaded.LanguageMenu {...props} defaultOpen={openOnMount} />;

  const activate = (event: SyntheticEvent) => {
    event.preventDefault();
    setOpenOnMount(true);
    void ensure();
  };

  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      className={languageTriggerClass(props)}
      onPointerEnter={() => void preload()}
      onFocus={() => void preload()}
      onClick={activate}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') activate(event);
      }}
    >
      <LanguageTriggerContent locale={props.locale} changeLabel={props.changeLabel} />
    </button>
  );
}
