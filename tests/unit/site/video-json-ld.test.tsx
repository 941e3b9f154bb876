import { renderToStaticMarkup } from 'react-dom/server';
import { VideoJsonLd } from '@/components/video/video-json-ld';
import { videoMetadata, videoSeo } from '@/lib/seo/video';
import type { VideoDetail } from '@/lib/contract/types';

const hostile = '</script ><img src=x onerror=alert(1)><!-- \u2028';
const video: VideoDetail = {
  id: 7, dir: 'd', title: hostile, thumb: '/media/thumbs/7/1.svg', thumbs: [], preview: null, duration: 754,
  views: 1234, postDate: '2024-01-02T03:04:05.000Z', rating: 4, sgId: '', embed: '/embed/7/', description: hostile,
  statusId: 1, categories: [{ title: 'Travel', dir: 'travel' }], tags: ['lake'], likes: 1, dislikes: 0,
  username: 'demo', exTube: '', exId: '',
};

describe('VideoJsonLd', () => {
  const html = renderToStaticMarkup(
    <VideoJsonLd video={video} seo={videoSeo(video, 'https://tube.example')} />,
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

  it('agrees with the page metadata: one videoSeo() feeds both', () => {
    const seo = videoSeo(video, 'https://tube.example');
    const data = JSON.parse(body);
    const meta = videoMetadata(video, seo);
    expect(data.url).toBe('https://tube.example/video/7/d/');
    expect(meta.alternates?.canonical).toBe('/video/7/d/');
    expect(data.description).toBe(meta.description);
    expect(data.embedUrl).toBe((meta.openGraph as { videos: { url: string }[] }).videos[0]!.url);
    expect(data.thumbnailUrl[0]).toBe((meta.openGraph as { images: { url: string }[] }).images[0]!.url);
  });
});

describe('VideoJsonLd: models and tags', () => {
  const credited = {
    ...video,
    title: 'Lake walk',
    credits: {
      models: [{ title: 'Ann Example', dir: 'ann-example' }],
      channel: { title: 'Studio One', dir: 'studio-one' },
      tags: [
        { title: 'lake', dir: 'lake', videos: 12, linked: true },
        { title: 'pebbles', dir: 'pebbles', videos: 1, linked: false },
      ],
      orientation: 'gay' as const,
    },
  };
  const data = JSON.parse(
    renderToStaticMarkup(<VideoJsonLd video={credited} seo={videoSeo(credited, 'https://tube.example')} />)
      .replace(/^<script[^>]*>/, '')
      .replace(/<\/script>$/, ''),
  );

  it("names each model an actor, with the absolute URL of its page in the video's section", () => {
    expect(data.actor).toEqual([{ '@type': 'Person', name: 'Ann Example', url: 'https://tube.example/gay/models/ann-example/latest-updates/1/' }]);
  });

  it('lists every tag in keywords, linked or not (they describe the video either way)', () => {
    expect(data.keywords).toBe('lake, pebbles');
  });

  it('has no actor without models', () => {
    const none = { ...credited, credits: { ...credited.credits, models: [] } };
    const html = renderToStaticMarkup(<VideoJsonLd video={none} seo={videoSeo(none, 'https://tube.example')} />);
    expect(html).not.toContain('"actor"');
  });
});
