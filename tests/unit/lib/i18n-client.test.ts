/**
 * Client components read their texts from lib/i18n/client (locales/en/client.ts), a subset of the
 * English texts, so that the server's texts stay out of every page's shared JavaScript. A key a
 * client component asks for that is missing from the subset would show as the key itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import clientEn from '@/locales/en/client';
import myData from '@/locales/en/my-data.json';
import { createI18n, type Messages } from '@/lib/i18n/core';
import { countText as serverCountText, t as serverT } from '@/lib/i18n';

const root = path.resolve(__dirname, '..', '..', '..');

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const sources = [...files('app'), ...files('components')].map((p) => ({ p, text: fs.readFileSync(path.join(root, p), 'utf8') }));
const clientSources = sources.filter(({ text }) => text.includes("from '@/lib/i18n/client'") || text.includes("'use client'"));

describe('client texts', () => {
  it('no client component imports the full English texts', () => {
    const offenders = clientSources.filter(({ text }) => /from '@\/lib\/i18n'/.test(text)).map(({ p }) => p);
    expect(offenders).toEqual([]);
  });

  it('every literal key a client component asks for is in the client subset', () => {
    const client = createI18n({ ...clientEn, ...myData } as Messages);
    const missing: string[] = [];
    for (const { p, text } of clientSources) {
      for (const m of text.matchAll(/\b(t|hasText|countText)\(\s*'([a-zA-Z]+\.[a-zA-Z_.]+)'/g)) {
        // A count's text is one text per plural category; 'other' is the one every count falls back to.
        const key = m[1] === 'countText' ? `${m[2]}.other` : m[2]!;
        if (!client.hasText(key)) missing.push(`${p}: ${m[2]}`);
      }
    }
    expect(clientSources.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('the client subset holds the keys built at run time (lists, notify, age)', () => {
    const { t, ageText } = createI18n(clientEn as Messages);
    for (const reason of ['videos_not_found', 'no_data']) expect(t(`lists.${reason}`)).not.toBe(`lists.${reason}`);
    expect(t('notify.vote_success')).not.toBe('notify.vote_success');
    expect(ageText(new Date().toISOString())).toBe('today');
    expect(t('age.added', { age: 'today' })).toBe('Added today');
  });

  it('the server still has every text', () => {
    expect(serverT('agegate.confirm')).not.toBe('agegate.confirm');
    expect(serverT('myData.title')).not.toBe('myData.title');
    expect(serverCountText('card.views', 3)).toBe('3 views');
  });
});
