import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** The only place links, redirects and router calls come from (see eslint.config.mjs). */
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
