import type { APIRoute } from 'astro';
import { languageRedirect } from '@/server/http/language-redirect';

export const prerender = false;

/** `/`: to the visitor's language (the cookie, then the browser's languages, then Russian). */
export const ALL: APIRoute = ({ request, url }) => languageRedirect(request, url, '/');
