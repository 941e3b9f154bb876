/**
 * Interface texts for client components: the same functions as lib/i18n over the English texts
 * the browser needs (locales/en/client.ts), so that the server's texts stay out of every page's
 * shared JavaScript.
 */
import en from '@/locales/en/client';
import { createI18n, type Messages } from './core';

export * from './core';
export const { translate, t, hasText, countText, ageText } = createI18n(en as Messages);
