/**
 * The orientation section the visitor is in, remembered in the browser (localStorage, never a
 * cookie: no page varies by it, every page stays one shared-cacheable URL). A part of the inline
 * script that runs before first paint (no bundle of its own) reads the section from the path
 * (/gay/..., /shemale/..., else straight, but for the pages that have none: a video, the
 * visitor's lists), remembers it, and on a page without one takes the remembered one. It marks
 * <html data-section> (the header's switch shows it), points the header's section links at the
 * section once the document is parsed, and has a click on one followed by the browser rather
 * than the client router, whose props still hold the straight URL.
 */
import { ROUTE_FAMILIES } from '@/lib/web/route-families';
import { ORIENTATION_SEGMENTS } from '@/lib/web/routes';

export const SECTION_STORAGE_KEY = 'tf_section';
export const HEADER_ID = 'site-header';

/** The first segments of the pages without a section (video, information, the visitor's lists, ...), from the table. */
function sectionlessSegments(): string[] {
  const firsts = ROUTE_FAMILIES.filter((f) => f.kind === 'page' && !f.sectioned).flatMap((f) => f.paths.map((p) => /^\/([^/:]+)\//.exec(p)?.[1] ?? []));
  return [...new Set(firsts.flat())];
}

export function sectionMemoryScript(): string {
  const q = JSON.stringify;
  const prefixes = Object.fromEntries(Object.entries(ORIENTATION_SEGMENTS).map(([o, seg]) => [o, seg ? `/${seg}` : '']));
  const bySegment = Object.fromEntries(Object.entries(ORIENTATION_SEGMENTS).filter(([, seg]) => seg).map(([o, seg]) => [seg, o]));
  const none = `^/(${sectionlessSegments().join('|')})/`;
  return (
    `(function(){try{var P=${q(prefixes)},G=${q(bySegment)},N=new RegExp(${q(none)}),K=${q(SECTION_STORAGE_KEY)},p=location.pathname,` +
    `m=/^\\/([^/]+)\\//.exec(p),s=m&&G[m[1]]||(N.test(p)?null:'str');` +
    `try{if(s)localStorage.setItem(K,s);else s=localStorage.getItem(K)}catch(e){}` +
    `if(!s||!P.hasOwnProperty(s))s='str';document.documentElement.setAttribute('data-section',s);` +
    `var own=function(a){var h=a.getAttribute('href')||'';return s!=='str'&&!a.hasAttribute('data-orientation')&&h.charAt(0)==='/'&&h.indexOf(P[s]+'/')!==0&&!N.test(h)};` +
    `var fix=function(){document.querySelectorAll('#${HEADER_ID} a[href]').forEach(function(a){if(own(a))a.setAttribute('href',P[s]+a.getAttribute('href'));if(a.getAttribute('data-orientation')===s)a.setAttribute('aria-current','true')})};` +
    `document.addEventListener('DOMContentLoaded',fix);` +
    `if(s!=='str')document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('#${HEADER_ID} a[href]');if(a&&!a.hasAttribute('data-orientation')){if(own(a))fix();e.stopPropagation()}},true)` +
    `}catch(e){}})();`
  );
}
