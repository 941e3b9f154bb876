import { packFrames, unpackFrames } from '@/components/listing/frames';

describe('a card\'s preview frames in data-frames', () => {
  it('writes counting URLs as one range and reads them back', () => {
    const frames = [1, 2, 3, 4, 5, 6].map((n) => `/media/thumbs/1799/${n}.svg`);
    expect(packFrames(frames)).toBe('/media/thumbs/1799/{1-6}.svg');
    expect(unpackFrames(packFrames(frames))).toEqual(frames);
  });

  it('counts from the last number of the URL, also past 9', () => {
    const frames = Array.from({ length: 10 }, (_, i) => `https://cdn.example/s/0/5000/320x180/${i + 3}.jpg`);
    expect(packFrames(frames)).toBe('https://cdn.example/s/0/5000/320x180/{3-12}.jpg');
    expect(unpackFrames(packFrames(frames))).toEqual(frames);
  });

  it.each([
    [['/a/1.jpg', '/a/3.jpg']],
    [['/a/01.jpg', '/a/02.jpg']],
    [['/a/1.jpg', '/b/2.jpg']],
    [['/x.jpg', '/y.jpg']],
    [['/a/{1}.jpg', '/a/{2}.jpg']],
  ])('writes other lists out in full: %j', (frames) => {
    expect(packFrames(frames)).toBe(frames.join(' '));
    expect(unpackFrames(packFrames(frames))).toEqual(frames);
  });
});
