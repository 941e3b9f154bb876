/**
 * Interface texts, all of the English ones (server components and shared code). Client
 * components import lib/i18n/client instead: the same functions over the texts the browser needs.
 */
import en from '@/locales/en';
import { createI18n, type Messages } from './core';

export * from './core';
export const { translate, t, hasText, countText, ageText } = createI18n(en as Messages);
