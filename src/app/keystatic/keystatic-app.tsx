'use client';

import { makePage } from '@keystatic/next/ui/app';
import config from '../../../keystatic.config';

/** Keystatic's editor, in the browser: only the editor's page imports it. */
export const KeystaticApp = makePage(config);
