import { ConfigError, parseConfig } from '@/lib/config';

describe('REDIS_URL', () => {
  it('is off by default', () => {
    expect(parseConfig({}).redisUrl).toBe('');
    expect(parseConfig({ REDIS_URL: '  ' }).redisUrl).toBe('');
  });

  it.each(['redis://127.0.0.1:6379', 'redis://cache.internal:6380/2', 'rediss://user:secret@redis.example.com:6380/0', 'redis://[::1]:6379/'])(
    'accepts %s',
    (value) => {
      expect(parseConfig({ REDIS_URL: ` ${value} ` }).redisUrl).toBe(value);
    },
  );

  it.each(['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis://', 'redis://host:6379/abc', 'redis://host:6379/0?x=1', 'not a url'])(
    'rejects %s with one line naming the variable',
    (value) => {
      expect(() => parseConfig({ REDIS_URL: value })).toThrow(ConfigError);
      try {
        parseConfig({ REDIS_URL: value });
      } catch (err) {
        const message = (err as Error).message;
        expect(message).toContain('REDIS_URL');
        expect(message).toContain('redis://');
        expect(message).not.toContain('\n');
      }
    },
  );
});
