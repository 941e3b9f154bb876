import fc from 'fast-check';
import { decodeVideoUrl, encodeVideoUrl } from '@/lib/contract/video-url-codec';

describe('the network encoding of video_url', () => {
  it('writes A B C E M as Cyrillic look-alikes and / + = as , . ~', () => {
    // base64 of "/get_file/1/ABCEM/x.mp4?a=b" written the network's way, character by character.
    const url = '/get_file/1/ABCEM/x.mp4?a=b';
    const plain = btoa(url);
    const encoded = encodeVideoUrl(url);
    expect(encoded).not.toMatch(/[ABCEM/+=]/);
    expect([...encoded].length).toBe(plain.length);
    expect(encoded).toBe('L2dldF9maWxlLz\u0415vQUJDRU0ve\u04215tcDQ,YT1i');
    expect(encodeVideoUrl('/demo/clip.mp4')).toBe('L2RlbW8vY2xpc\u04215tcDQ~');
    expect(decodeVideoUrl(encoded)).toBe(url);
  });

  it('round-trips any root-relative or absolute URL, Unicode included', () => {
    const path = fc.stringMatching(/^[a-zA-Z0-9/_.~?&=%+-]{0,80}$/);
    fc.assert(
      fc.property(fc.constantFrom('/', 'https://cdn.example.com/', 'http://h:8080/'), path, fc.constantFrom('', 'é', '日本'), (head, p, tail) => {
        const url = `${head}${p}${tail}`.replace(/^\/\//, '/x/');
        expect(decodeVideoUrl(encodeVideoUrl(url))).toBe(url);
      }),
    );
  });

  it("also reads the further look-alikes yt-dlp's table knows (S I J K H O P X)", () => {
    const plain = btoa('/SIJKHOPX/video.mp4');
    const look = plain.replace(/S/g, '\u0405').replace(/I/g, '\u0406').replace(/J/g, '\u0408').replace(/K/g, '\u041a')
      .replace(/H/g, '\u041d').replace(/O/g, '\u041e').replace(/P/g, '\u0420').replace(/X/g, '\u0425');
    expect(decodeVideoUrl(look)).toBe('/SIJKHOPX/video.mp4');
  });

  it('refuses what is not an encoded URL', () => {
    for (const bad of ['', '   ', 'not base64!', btoa('javascript:alert(1)'), btoa('//evil.example/x'), btoa('relative/path'), btoa('/a b'), 'A'])
      expect(decodeVideoUrl(bad)).toBeNull();
    // Invalid UTF-8 after decoding.
    expect(decodeVideoUrl(btoa(String.fromCharCode(0x2f, 0xff, 0xfe)))).toBeNull();
  });
});
