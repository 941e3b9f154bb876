/** @jest-environment jsdom */
/**
 * The section memory (components/header/section-memory.ts): the orientation section is taken from
 * the path and remembered in localStorage, a page without one takes the remembered one, and the
 * header's section links then lead into it (the switch's own links and the visitor's lists do not
 * change).
 */
import { HEADER_ID, SECTION_STORAGE_KEY, sectionMemoryScript } from '@/components/header/section-memory';

const HEADER = `<header id="${HEADER_ID}">
  <a href="/">home</a><a href="/videos/latest-updates/1/">New</a><a href="/models/">Models</a>
  <a href="/history/">History</a><a href="/gay/" data-orientation="gay">Gay</a>
</header><main><a href="/videos/top-rated/1/">in the page</a></main>`;

/** A page load: a new document (the script runs once per document), the same browser storage. */
function visit(path: string) {
  window.history.pushState({}, '', path);
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = HEADER;
  new Function('document', sectionMemoryScript())(doc);
  doc.dispatchEvent(new Event('DOMContentLoaded'));
  return {
    section: doc.documentElement.getAttribute('data-section'),
    links: [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href')),
    current: [...doc.querySelectorAll('a[aria-current]')].map((a) => a.textContent),
    stored: localStorage.getItem(SECTION_STORAGE_KEY),
  };
}

beforeEach(() => localStorage.clear());

it('a prefixed page is its section, remembered; its header links lead into it, the switch and the lists unchanged', () => {
  expect(visit('/gay/videos/top-rated/2/')).toEqual({
    section: 'gay',
    stored: 'gay',
    links: ['/gay/', '/gay/videos/latest-updates/1/', '/gay/models/', '/history/', '/gay/', '/videos/top-rated/1/'],
    current: ['Gay'],
  });
});

it('a page without a section (a video, the lists) takes the remembered one', () => {
  visit('/shemale/');
  expect(visit('/video/12/lake-walk/')).toMatchObject({ section: 'she', stored: 'she', links: ['/shemale/', '/shemale/videos/latest-updates/1/', '/shemale/models/', '/history/', '/gay/', '/videos/top-rated/1/'] });
  expect(visit('/bookmarks/')).toMatchObject({ section: 'she' });
});

it('a straight page is the straight section: remembered, the links as they are', () => {
  visit('/gay/');
  expect(visit('/categories/')).toEqual({ section: 'str', stored: 'str', links: ['/', '/videos/latest-updates/1/', '/models/', '/history/', '/gay/', '/videos/top-rated/1/'], current: [] });
  expect(visit('/video/1/x/')).toMatchObject({ section: 'str' });
});

it('nothing remembered and no section: straight, the default', () => {
  expect(visit('/video/1/x/')).toMatchObject({ section: 'str', stored: null });
});
