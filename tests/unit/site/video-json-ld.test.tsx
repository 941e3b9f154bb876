import { renderToStaticMarkup } from 'react-dom/server';
import { VideoJsonLd } from '@/components/video/video-json-ld';
import type { VideoDetail } from '@/lib/types';

const hostile = '</script ><img src=x onerror=alert(1)><!-- \u2028';
const video: VideoDetail = {
  id: 7, dir: 'd', title: hostile, thumb: '/media/thumbs/7/1.svg', thumbs: [], preview: null, duration: 754,
  views: 1234, postDate: '2024-01-02T03:04:05.000Z', rating: 4, sgId: '', embed: '/embed/7/', description: hostile,
  statusId: 1, categories: [{ title: 'Travel', dir: 'travel' }], tags: ['lake'], likes: 1, dislikes: 0,
  username: 'demo', exTube: '', exId: '',
};

describe('VideoJsonLd', () => {
  const html = renderToStaticMarkup(
    <VideoJsonLd video={video} siteUrl="https://tube.example" pageUrl="https://tube.example/video/7/d/" embedUrl="/embed/7/" description={hostile} />,
  );
  const body = html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');

  it('cannot be closed or commented out by text from the source', () => {
    expect(body).not.toMatch(/<\/script/i);
    expect(body).not.toContain('<');
    expect(body).not.toContain('\u2028');
  });

  it('is the VideoObject with absolute URLs, ISO duration and date, and isFamilyFriendly false', () => {
    const data = JSON.parse(body);
    expect(data).toMatchObject({
      '@type': 'VideoObject',
      name: hostile,
      thumbnailUrl: ['https://tube.example/media/thumbs/7/1.svg'],
      embedUrl: 'https://tube.example/embed/7/',
      uploadDate: '2024-01-02T03:04:05.000Z',
      duration: 'PT12M34S',
      isFamilyFriendly: false,
      interactionStatistic: { userInteractionCount: 1234 },
    });
  });
});
