import { subscriber, visitorKey } from '@/lib/net/visitor-key';

describe('visitor keys', () => {
  it('are keyed and opaque, and rotate with the UTC day', () => {
    const day = Date.UTC(2026, 10, 22, 12);
    const k = visitorKey('secret', '203.0.113.9', day);
    expect(k).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(k).not.toContain('203');
    expect(visitorKey('secret', '203.0.113.9', day + 3600_000)).toBe(k);
    expect(visitorKey('secret', '203.0.113.9', day + 86_400_000)).not.toBe(k);
    expect(visitorKey('other', '203.0.113.9', day)).not.toBe(k);
    expect(visitorKey('secret', '203.0.113.10', day)).not.toBe(k);
  });

  it('key an IPv6 visitor on the /64 that one subscriber holds', () => {
    expect(subscriber('2001:db8:1:2::5')).toBe('2001:0db8:0001:0002::/64');
    expect(subscriber('2001:db8:1:2:ffff:1:2:3')).toBe('2001:0db8:0001:0002::/64');
    expect(visitorKey('s', '2001:db8:1:2::5', 0)).toBe(visitorKey('s', '2001:db8:1:2:abcd::9', 0));
    expect(visitorKey('s', '2001:db8:1:2::5', 0)).not.toBe(visitorKey('s', '2001:db8:1:3::5', 0));
    expect(subscriber('198.51.100.4')).toBe('198.51.100.4');
  });
});
