'use client';
import { useEffect } from 'react';
import { usePathname } from 'next/navigation';

const HIDE_OFFSET = 75;
const NARROW = '(max-width: 1024px)';

/**
 * The header's only JavaScript: on narrow screens it hides the header when scrolling down past
 * 75px and shows it again when scrolling up; every navigation closes the menu.
 */
export function HeaderBehavior({ headerId, menuId }: { headerId: string; menuId: string }) {
  const pathname = usePathname();

  useEffect(() => {
    const menu = document.getElementById(menuId);
    if (menu instanceof HTMLDetailsElement) menu.open = false;
  }, [pathname, menuId]);

  useEffect(() => {
    const header = document.getElementById(headerId);
    const menu = document.getElementById(menuId);
    if (!header) return;
    const narrow = window.matchMedia(NARROW);
    // From the top: a visitor who scrolled down before the page's script ran (a slow phone) is
    // treated as having scrolled from there, so the header hides at once, not at the next scroll.
    let last = 0;
    let ticking = false;
    const update = () => {
      ticking = false;
      const y = Math.max(0, window.scrollY);
      const menuOpen = menu instanceof HTMLDetailsElement && menu.open;
      const hide = narrow.matches && !menuOpen && y > HIDE_OFFSET && y > last;
      if (y < last || y <= HIDE_OFFSET || !narrow.matches) header.removeAttribute('data-hidden');
      else if (hide) header.setAttribute('data-hidden', '');
      last = y;
    };
    const onScroll = () => {
      if (!ticking) {
        ticking = true;
        requestAnimationFrame(update);
      }
    };
    // A click on a link in the menu closes it, also when the link leads to the current page.
    const onClick = (e: MouseEvent) => {
      if (menu instanceof HTMLDetailsElement && e.target instanceof Element && e.target.closest('a')) menu.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && menu instanceof HTMLDetailsElement && menu.open) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    if (window.scrollY > 0) onScroll();
    menu?.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', onScroll);
      menu?.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [headerId, menuId]);

  return null;
}
