/**
 * Issue 20 item 8: the video page's player comes only from the site itself or an EMBED_HOSTS host,
 * whatever the catalogue or an upstream API holds; otherwise the page shows the spec's
 * "video unavailable" text and no iframe.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Player } from '@/components/video/player';
import { embedSrc } from '@/lib/seo/embed';

const SITE = 'https://tube.example';
const HOSTS = ['player.example'];
const page = (embed: string) => renderToStaticMarkup(<Player src={embedSrc(embed, SITE, HOSTS)} title="T" />);

describe('Player', () => {
  it('renders an iframe for the site\'s own player and an allowed host', () => {
    expect(page('/embed/7/')).toContain('<iframe src="/embed/7/"');
    expect(page('<iframe src="https://player.example/e/7"></iframe>')).toContain('<iframe src="https://player.example/e/7"');
  });

  it.each(['https://evil.example/e/7', '<iframe src="//evil.example/e/7"></iframe>', '/\\evil.example/', 'javascript:alert(1)'])(
    'renders no iframe for %s',
    (embed) => {
      const html = page(embed);
      expect(html).not.toContain('<iframe');
      expect(html).toContain('unavailable');
    },
  );
});
