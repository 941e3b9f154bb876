import { parseConfig } from '@/lib/config';
import { voteSaltProblem } from '@/lib/config/check';

describe('VOTE_SALT in production', () => {
  it('refuses the published values and short ones, without showing a private value', () => {
    const problem = (v: string, extra: Record<string, string> = {}) => voteSaltProblem(parseConfig({ VOTE_SALT: v, ...extra }));
    expect(problem('tubefront')).toMatch(/^VOTE_SALT is a published value \("tubefront"\)/);
    expect(problem('ChangeMe')).toMatch(/published value/);
    expect(problem('my-own-salt')).toMatch(/^VOTE_SALT is shorter than 16 characters/);
    expect(problem('my-own-salt')).not.toContain('my-own-salt');
    expect(problem('k3Jq9-long-random-value-xyz')).toBeNull();
    // Unset: the catalogue's own random secret. In front of an upstream API it is never used.
    expect(voteSaltProblem(parseConfig({}))).toBeNull();
    expect(problem('tubefront', { API_ORIGIN: 'https://api.example.com' })).toBeNull();
  });

  it('stops a production start with one line, and lets development run', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.isolateModules(() => {
      process.env.VOTE_SALT = 'tubefront';
      try {
        // A fresh module: getConfig() caches the environment it first read.
        const check = jest.requireActual<typeof import('@/lib/config/check')>('@/lib/config/check');
        check.checkConfigOrExit({ production: false });
        expect(exit).not.toHaveBeenCalled();
        check.checkConfigOrExit({ production: true });
      } finally {
        delete process.env.VOTE_SALT;
      }
    });
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/^tubefront: VOTE_SALT is a published value/);
    exit.mockRestore();
    error.mockRestore();
  });
});
