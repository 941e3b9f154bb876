/**
 * Interface texts: the machinery, over a set of English base messages (index.ts: all of them, for
 * the server; client.ts: the subset the browser needs). Other languages are loaded on demand with
 * loadMessages(). Keys are dot paths into the locale files under locales/{lang}/; '{name}'
 * placeholders are filled from vars. A text that counts something is an object with one text per
 * plural category ({ "one": "1 video", "other": "{count} videos" }), read with countText().
 */
import { DEFAULT_LOCALE, videoAge } from '@/lib/web/format';

export type Messages = { [key: string]: string | Messages };
export type Vars = Record<string, string | number>;

export const DEFAULT_LANG = 'en';
export const LANGS = ['en', 'ru', 'fr', 'de'] as const;
export type Lang = (typeof LANGS)[number];

/** Loading a locale (or any asset) gives up after 120 seconds (docs/spec.md §8). */
export const ASSET_TIMEOUT_MS = 120_000;

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function fill(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const loaders: Record<Exclude<Lang, 'en'>, () => Promise<{ default: Messages }>> = {
  ru: () => import('@/locales/ru.json'),
  fr: () => import('@/locales/fr.json'),
  de: () => import('@/locales/de.json'),
};

/** Loads a language's messages on demand; English is already here. Gives up after ASSET_TIMEOUT_MS. */
export async function loadMessages(lang: Lang): Promise<Messages> {
  if (lang === 'en') return {}; // English is the base every text falls back to
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`locale ${lang} timed out`)), ASSET_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([loaders[lang](), timeout])).default;
  } finally {
    clearTimeout(timer);
  }
}

/** The text functions over `en`, the English messages that are bundled (the fallback of every language). */
export function createI18n(en: Messages) {
  const plurals = new Intl.PluralRules(DEFAULT_LOCALE);
  /** Translates with the given messages, falling back to English, then to the key itself. */
  function translate(messages: Messages, key: string, vars?: Vars): string {
    return fill(lookup(messages, key) ?? lookup(en, key) ?? key, vars);
  }
  /** English text for a key. */
  function t(key: string, vars?: Vars): string {
    return translate(en, key, vars);
  }
  /** True when the English locale has the key (used for 'notify.{code}' messages of unknown codes). */
  function hasText(key: string): boolean {
    return lookup(en, key) !== undefined;
  }
  /**
   * The text of a count: `key` holds one text per plural category of English (one, other), picked
   * by `n`, so that one result reads '1 video' and not '1 videos'. {count} is `n` written with
   * thousands separators unless vars give it another spelling (views: '1.2K').
   */
  function countText(key: string, n: number, vars?: Vars): string {
    const exact = `${key}.${plurals.select(n)}`;
    return t(lookup(en, exact) === undefined ? `${key}.other` : exact, { count: n.toLocaleString(DEFAULT_LOCALE), ...vars });
  }
  /** "today", "1 day ago", "3 months ago", ... (docs/spec.md §5). */
  function ageText(postDate: string, now?: Date): string {
    const age = videoAge(postDate, now);
    if (age.unit === 'today') return t('age.today');
    return countText(`age.${age.unit}`, age.count);
  }
  return { translate, t, hasText, countText, ageText };
}
