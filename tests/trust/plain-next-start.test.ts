/**
 * A plain `next start` (TRUST_PLAIN_URL: Next's own server, no server.mjs in front, no proxy
 * trusted) believes no forwarded header: a forged `X-Forwarded-For: 5.9.0.1` (an address in
 * Germany) makes the visitor neither German, nor a new voter, nor a new rate-limit bucket. Before,
 * Next's server kept a client's own X-Forwarded-For (it fills it in only when missing) and the
 * site took its last entry for the socket.
 */
const PLAIN = process.env.TRUST_PLAIN_URL!;
if (!PLAIN) throw new Error('run through tests/trust/run.mjs (npm run test:trust)');

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const randomIp = () => Array.from({ length: 4 }, () => 1 + Math.floor(Math.random() * 254)).join('.');

async function someVideoId(): Promise<number> {
  const res = await fetch(`${PLAIN}/api/json/videos2/86400/str/latest-updates/60/..2.all...json`);
  const { videos } = (await res.json()) as { videos: { video_id: number | string }[] };
  return Number(videos[3]!.video_id);
}

describe('a plain next start, with forged X-Forwarded-For', () => {
  it('does not make the visitor German', async () => {
    for (const xff of ['5.9.0.1', '81.2.69.160, 5.9.0.1']) {
      const res = await fetch(`${PLAIN}/api/country/`, { headers: { 'x-forwarded-for': xff } });
      // The socket is loopback, which has no country.
      expect([xff, await res.json()]).toEqual([xff, { country: 'XX' }]);
    }
  });

  it('does not make a new voter', async () => {
    const id = await someVideoId();
    const answers: unknown[] = [];
    for (const xff of ['5.9.0.1', '5.9.0.2', randomIp(), randomIp()]) {
      const res = await fetch(`${PLAIN}/api/input.php`, {
        method: 'POST',
        headers: { ...form, 'x-forwarded-for': xff },
        body: `act=vote&section=video&object_id=${id}&vote=1`,
      });
      answers.push(await res.json());
    }
    expect(answers[0]).toEqual({ ok: 1 });
    for (const a of answers.slice(1)) expect(a).toEqual({ error: 1, code: 'already_voted' });
  });

  it('does not make a new rate-limit bucket (30 posts a minute)', async () => {
    const id = await someVideoId();
    let limited = 0;
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${PLAIN}/api/input.php`, {
        method: 'POST',
        headers: { ...form, 'x-forwarded-for': i % 2 ? randomIp() : '5.9.0.1' },
        body: `act=view&section=video&object_id=${id}`,
      });
      if (res.status === 429) limited += 1;
      await res.arrayBuffer();
    }
    expect(limited).toBeGreaterThanOrEqual(10);
  });
});
