/** The media routes in a verify region: refused without a pass, private with one; untouched elsewhere. */
import { NextRequest } from 'next/server';
import { signPass } from '@/lib/age/pass';

const TOKEN = 'peer-token-of-the-media-test';
const SECRET = 'm'.repeat(40);
process.env.TUBEFRONT_PEER_TOKEN = TOKEN;
process.env.TRUST_PROXY = '1';
process.env.AGE_POLICY = 'GB=verify,US-TX=block';
process.env.AGE_PROVIDER = 'test';
process.env.AGE_PROVIDER_TEST = '1';
process.env.AGE_PASS_SECRET = SECRET;

function from(country: string, path: string, cookie = '', region = ''): NextRequest {
  const headers: Record<string, string> = { 'x-tubefront-peer': '10.0.0.2', 'x-tubefront-peer-token': TOKEN, 'cf-ipcountry': country, cookie };
  if (region) headers['cf-region-code'] = region;
  return new NextRequest(`http://site.example${path}`, { headers });
}

const thumb = async (req: NextRequest) => {
  const { GET } = await import('@/app/media/thumbs/[id]/[file]/route');
  return GET(req, { params: Promise.resolve({ id: '7', file: '1.svg' }) });
};

test('a thumbnail is refused in a verify region without a valid pass, and private with one', async () => {
  const refused = await thumb(from('GB', '/media/thumbs/7/1.svg'));
  expect(refused.status).toBe(403);
  expect(refused.headers.get('cache-control')).toBe('private, no-store');
  const forged = await thumb(from('GB', '/media/thumbs/7/1.svg', 'tf_age_pass=1.test.9999999999.AAAA; tf_age_until=9999999999'));
  expect(forged.status).toBe(403);
  const pass = signPass(SECRET, { method: 'test', expiresAt: Math.floor(Date.now() / 1000) + 600 });
  const served = await thumb(from('GB', '/media/thumbs/7/1.svg', `tf_age_pass=${pass}`));
  expect(served.status).toBe(200);
  expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  expect(served.headers.get('vary')).toMatch(/cookie/i);
  // Another region needs no pass; a blocked one gets 451.
  expect((await thumb(from('DE', '/media/thumbs/7/1.svg'))).status).toBe(200);
  expect((await thumb(from('US', '/media/thumbs/7/1.svg', `tf_age_pass=${pass}`, 'TX'))).status).toBe(451);
});

test('the player and its file list are refused the same way', async () => {
  const { GET: embed } = await import('@/app/embed/[id]/route');
  expect((await embed(from('GB', '/embed/7/'), { params: Promise.resolve({ id: '7' }) })).status).toBe(403);
  const { GET: files } = await import('@/app/api/videofile.php/route');
  expect((await files(from('GB', '/api/videofile.php?video_id=7&lifetime=86400'))).status).toBe(403);
  const { GET: category } = await import('@/app/media/category/[file]/route');
  expect((await category(from('GB', '/media/category/travel.svg'), { params: Promise.resolve({ file: 'travel.svg' }) })).status).toBe(403);
});
