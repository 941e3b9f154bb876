import fc from 'fast-check';
import { isMalformedPath } from '@/lib/web/malformed-path';

describe('isMalformedPath', () => {
  it.each([
    '/videos/%ZZ/1/',
    '/videos/latest-updates/%FF/',
    '/categories/%C0%AF/latest-updates/1/',
    '/api/json/video/%FF/0/4000/4200.json',
    '/media/thumbs/abc/%ZZ.svg',
    '/embed/%/',
    '/search/%E2%82/',
    '/video/1/%ED%A0%80/', // a UTF-16 surrogate spelled in UTF-8
  ])('flags %p', (path) => {
    expect(isMalformedPath(path)).toBe(true);
  });

  it.each(['/', '/videos/latest-updates/1/', '/video/4200/a%20b/', '/search/1/', '/video/1/%E2%82%AC/', '/x/%00/'])(
    'lets %p through',
    (path) => {
      expect(isMalformedPath(path)).toBe(false);
    },
  );

  it('agrees with decoding every segment, as Next does', () => {
    const segment = fc.stringMatching(/^([a-z0-9-]|%[0-9A-Fa-fZ]{0,2}|%[C-F][0-9A-F]%[89AB][0-9A-F]){0,6}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}/`;
        const throws = segments.some((s) => {
          try {
            decodeURIComponent(s);
            return false;
          } catch {
            return true;
          }
        });
        expect(isMalformedPath(path)).toBe(throws);
      }),
      { seed: 7 },
    );
  });
});
