import { buildSourceName, ConfigError, parseConfig } from '@/lib/config';

describe('DATABASE_URL', () => {
  it('is empty by default: the SQLite catalogue', () => {
    expect(parseConfig({}).databaseUrl).toBe('');
    expect(parseConfig({ DATABASE_URL: '  ' }).databaseUrl).toBe('');
  });

  it('takes postgres:// and postgresql:// URLs, with a host or a socket folder', () => {
    for (const url of [
      'postgres://user:secret@db.internal:5432/tubefront',
      'postgresql://127.0.0.1/tubefront?sslmode=require',
      'postgres:///tubefront?host=/run/postgresql',
      'postgres://db',
    ]) {
      expect(parseConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it('refuses anything else, without printing the password', () => {
    for (const url of ['mysql://u:p@h/db', 'http://h/db', 'db.internal:5432', 'postgres:///tubefront', 'postgres://h/a/b', 'postgres://h/db#x']) {
      expect(() => parseConfig({ DATABASE_URL: url })).toThrow(ConfigError);
    }
    try {
      parseConfig({ DATABASE_URL: 'mysql://user:hunter2@h/db' });
      throw new Error('accepted');
    } catch (e) {
      expect((e as Error).message).toContain('DATABASE_URL');
      expect((e as Error).message).not.toContain('hunter2');
    }
  });

  it('leaves API_ORIGIN in charge when both are set (and still validates DATABASE_URL)', () => {
    const c = parseConfig({ API_ORIGIN: 'https://api.example.com', DATABASE_URL: 'postgres://h/db' });
    expect(c.apiOrigin).toBe('https://api.example.com');
    expect(c.databaseUrl).toBe('postgres://h/db');
    expect(() => parseConfig({ API_ORIGIN: 'https://api.example.com', DATABASE_URL: 'nonsense' })).toThrow(ConfigError);
  });
});

describe('the source a build records', () => {
  it('names the PostgreSQL server and database without the password, so npm start rebuilds for another catalogue', () => {
    const pg = buildSourceName(parseConfig({ DATABASE_URL: 'postgres://site:s3cret@db.example.com:5432/tube' }));
    expect(pg).toBe('postgres://db.example.com:5432/tube');
    expect(pg).not.toContain('s3cret');
    expect(buildSourceName(parseConfig({}))).toBe('embedded');
    expect(buildSourceName(parseConfig({ API_ORIGIN: 'https://api.example.com', DATABASE_URL: 'postgres://h/db' }))).toBe('https://api.example.com');
  });
});
