/**
 * The hover previews' player (PreviewController loads it with the visitor's first hover, touch or
 * scroll): event delegation on [data-preview] and [data-frames] elements, so the cards themselves
 * carry no JavaScript. On touch screens the card most in view plays.
 */
import { unpackFrames } from './frames';

const FRAME_MS = 650;

type Stop = () => void;

/** Plays a card's preview: its clip when it has one, else its rotating frames. Returns a stop function. */
function play(thumb: HTMLElement): Stop | null {
  const img = thumb.querySelector('img');
  const clip = thumb.dataset.preview;
  if (clip) {
    const video = document.createElement('video');
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    video.setAttribute('aria-hidden', 'true');
    video.preload = 'auto';
    video.src = clip;
    if (img) video.poster = img.currentSrc || img.src;
    thumb.appendChild(video);
    video.play().catch(() => undefined);
    return () => {
      video.pause();
      video.removeAttribute('src');
      video.load();
      video.remove();
    };
  }
  const frames = thumb.dataset.frames ? unpackFrames(thumb.dataset.frames) : [];
  if (!img || frames.length < 2) return null;
  const original = img.src;
  let i = 0;
  const timer = window.setInterval(() => {
    i = (i + 1) % frames.length;
    img.src = frames[i] ?? original;
  }, FRAME_MS);
  return () => {
    window.clearInterval(timer);
    img.src = original;
  };
}

/**
 * Starts the previews; `hovered`: the card the pointer is already on (the hover that loaded this).
 * Returns the function that stops them.
 */
export function startPreviews(selector: string, canHover: boolean, hovered: HTMLElement | null): Stop {
  let current: { el: HTMLElement; stop: Stop } | null = null;
  const stop = () => {
    current?.stop();
    current = null;
  };
  const start = (el: HTMLElement) => {
    if (current?.el === el) return;
    stop();
    const s = play(el);
    if (s) current = { el, stop: s };
  };

  if (canHover) {
    const over = (e: PointerEvent) => {
      const el = e.target instanceof Element ? e.target.closest<HTMLElement>(selector) : null;
      if (el) start(el);
    };
    const out = (e: PointerEvent) => {
      if (!current) return;
      const to = e.relatedTarget instanceof Node ? e.relatedTarget : null;
      if (!to || !current.el.contains(to)) stop();
    };
    document.addEventListener('pointerover', over);
    document.addEventListener('pointerout', out);
    if (hovered) start(hovered);
    return () => {
      document.removeEventListener('pointerover', over);
      document.removeEventListener('pointerout', out);
      stop();
    };
  }

  // Touch screens: play the card that is fully in view, one at a time.
  const seen = new WeakSet<Element>();
  const io = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        if (entry.isIntersecting && entry.intersectionRatio >= 0.95) start(el);
        else if (current?.el === el) stop();
      }
    },
    { threshold: [0, 0.95], rootMargin: '-25% 0px -25% 0px' },
  );
  const scan = () => {
    document.querySelectorAll<HTMLElement>(selector).forEach((el) => {
      if (!seen.has(el)) {
        seen.add(el);
        io.observe(el);
      }
    });
  };
  scan();
  let pending = 0;
  const mo = new MutationObserver(() => {
    if (!pending) pending = window.setTimeout(() => ((pending = 0), scan()), 200);
  });
  mo.observe(document.body, { childList: true, subtree: true });
  return () => {
    mo.disconnect();
    io.disconnect();
    window.clearTimeout(pending);
    stop();
  };
}
