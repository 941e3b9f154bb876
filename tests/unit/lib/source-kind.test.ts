import fs from 'node:fs';
import path from 'node:path';
import { parseConfig } from '@/lib/config';
import { catalogueKind, describeSource, sourceCapabilities, sourceKind } from '@/lib/config/source-kind';

const root = path.join(__dirname, '..', '..', '..');

describe('the active source', () => {
  it('is the SQLite file by default, PostgreSQL with DATABASE_URL, and the upstream whenever API_ORIGIN is set', () => {
    expect(sourceKind(parseConfig({}))).toBe('sqlite');
    expect(sourceKind(parseConfig({ DATABASE_URL: 'postgres://h/db' }))).toBe('postgres');
    expect(sourceKind(parseConfig({ API_ORIGIN: 'https://api.example.com' }))).toBe('upstream');
    expect(sourceKind(parseConfig({ API_ORIGIN: 'https://api.example.com', DATABASE_URL: 'postgres://h/db' }))).toBe('upstream');
  });

  it('leaves the tools a catalogue to write beside an upstream site', () => {
    expect(catalogueKind(parseConfig({ API_ORIGIN: 'https://api.example.com' }))).toBe('sqlite');
    expect(catalogueKind(parseConfig({ API_ORIGIN: 'https://api.example.com', DATABASE_URL: 'postgres://h/db' }))).toBe('postgres');
  });

  it('can do everything a catalogue does on either store, and nothing of it in front of an upstream', () => {
    const all = { writable: true, votes: true, scheduledPublishing: true, embedPages: true, catalogueChanges: true };
    expect(sourceCapabilities(parseConfig({}))).toEqual(all);
    expect(sourceCapabilities(parseConfig({ DATABASE_URL: 'postgres://h/db' }))).toEqual(all);
    expect(Object.values(sourceCapabilities(parseConfig({ API_ORIGIN: 'https://api.example.com' })))).toEqual([false, false, false, false, false]);
  });

  it('is described at start without a password', () => {
    expect(describeSource(parseConfig({ DATABASE_PATH: 'data/x.db' }))).toBe('embedded catalogue data/x.db');
    const pg = describeSource(parseConfig({ DATABASE_URL: 'postgres://site:s3cret@db.example.com/tube' }));
    expect(pg).toBe('PostgreSQL catalogue (DATABASE_URL)');
    expect(describeSource(parseConfig({ API_ORIGIN: 'https://api.example.com' }))).toBe('upstream https://api.example.com');
  });

  it('is decided in lib/config/source-kind.ts only: no other module tests API_ORIGIN or DATABASE_URL for it', () => {
    const files = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? files(p) : /\.(ts|tsx|mjs)$/.test(e.name) ? [p] : [];
      });
    // Truthiness of either setting (`config.apiOrigin ?`, `|| c.apiOrigin`, `if (!x.databaseUrl)`) is a
    // decision, and so is reading either from the environment past lib/config (`process.env.DATABASE_URL`).
    const fromEnv = /process\.env\.(?:API_ORIGIN|DATABASE_URL)\b/;
    const decides = /(?:!|\|\||&&|if \()\s*[\w.()]*\.(?:apiOrigin|databaseUrl)\b|\.(?:apiOrigin|databaseUrl)\s*(?:\?(?![.?])|&&|\|\|)/;
    const deciders = ['app', 'components', 'lib', 'scripts', 'proxy.ts', 'instrumentation.ts', 'next.config.ts']
      .flatMap((d) => (fs.statSync(path.join(root, d)).isDirectory() ? files(d) : [d]))
      // The Content-Security-Policy lists the upstream's origin as a host of images: a value, not a decision.
      .filter((f) => ![path.join('lib', 'config', 'source-kind.ts'), path.join('lib', 'web', 'security-headers.ts')].includes(f))
      .filter((f) => fs.readFileSync(path.join(root, f), 'utf8').split('\n').some((line) => decides.test(line) || fromEnv.test(line)));
    expect(deciders).toEqual([]);
  });
});
