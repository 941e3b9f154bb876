import { checkHealth } from '@/lib/data/health';

// Per request, never cached by anybody: a balancer must see this instance as it is now.
export const dynamic = 'force-dynamic';

/** GET /api/health/: 200 when the catalogue (or the upstream) answers, else 503. */
export async function GET() {
  const health = await checkHealth();
  return new Response(JSON.stringify(health), {
    status: health.ok ? 200 : 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...(health.ok ? {} : { 'retry-after': '10' }),
    },
  });
}
