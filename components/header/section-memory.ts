/**
 * The orientation section the visitor is in, remembered in the browser (localStorage, never a
 * cookie: no page varies by it, every page stays one shared-cacheable URL). An inline script after
 * the header (no bundle of its own) reads the section from the path (/gay/..., /shemale/..., or a
 * straight section page), remembers it, and on a page without one (a video, the visitor's lists)
 * takes the remembered one; then it points the header's home and section links at it and marks
 * the switch. Links it re-pointed are followed by the browser, not the client router (whose
 * props still hold the straight URL).
 */
import { ROUTE_FAMILIES } from '@/lib/web/route-families';
import { patternRegExpSource } from '@/lib/web/route-pattern';
import { ORIENTATION_SEGMENTS } from '@/lib/web/routes';

export const SECTION_STORAGE_KEY = 'tf_section';

/** The straight section's pages: the sectioned families' unprefixed paths. */
function straightPattern(): string {
  const paths = ROUTE_FAMILIES.filter((f) => f.sectioned && f.kind === 'page').flatMap((f) => f.paths.filter((p) => !p.startsWith('/:orientation')));
  return paths.map((p) => `(?:${patternRegExpSource(p)})`).join('|');
}

export function sectionMemoryScript(headerId: string): string {
  const prefixes = Object.fromEntries(Object.entries(ORIENTATION_SEGMENTS).map(([o, seg]) => [o, seg ? `/${seg}` : '']));
  const bySegment = Object.fromEntries(Object.entries(ORIENTATION_SEGMENTS).filter(([, seg]) => seg).map(([o, seg]) => [seg, o]));
  return `(function(){try{var P=${JSON.stringify(prefixes)},G=${JSON.stringify(bySegment)},K=${JSON.stringify(SECTION_STORAGE_KEY)},p=location.pathname,m=/^\\/([^/]+)\\//.exec(p),s=m&&G[m[1]]||(new RegExp(${JSON.stringify(straightPattern())}).test(p)?'str':null);
try{if(s)localStorage.setItem(K,s);else s=localStorage.getItem(K)}catch(e){}
if(!s||!Object.prototype.hasOwnProperty.call(P,s))s='str';
var h=document.getElementById(${JSON.stringify(headerId)});if(!h)return;
h.querySelectorAll('a[data-section-path]').forEach(function(a){a.setAttribute('href',P[s]+a.getAttribute('data-section-path'))});
h.querySelectorAll('a[data-orientation]').forEach(function(a){if(a.getAttribute('data-orientation')===s)a.setAttribute('aria-current','true')});
if(s!=='str')h.addEventListener('click',function(e){if(e.target.closest&&e.target.closest('a[data-section-path]'))e.stopPropagation()},true);
}catch(e){}})();`;
}
