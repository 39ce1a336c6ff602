import { useCallback, useEffect, useRef, useState } from 'react';

/** Scrolls a snap track to a slide over `ms` (snap is paused meanwhile so it does not fight). */
function scrollToSlide(node: HTMLElement, slide: HTMLElement, ms: number): void {
  const rtl = getComputedStyle(node).direction === 'rtl';
  if (rtl || ms <= 0 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    slide.scrollIntoView({ behavior: ms > 0 && !rtl ? 'smooth' : 'auto', block: 'nearest', inline: 'start' });
    return;
  }
  const from = node.scrollLeft;
  const to = slide.offsetLeft - node.offsetLeft;
  const start = performance.now();
  node.style.scrollSnapType = 'none';
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / ms);
    const eased = 1 - (1 - t) ** 3;
    node.scrollLeft = from + (to - from) * eased;
    if (t < 1) requestAnimationFrame(step);
    else node.style.scrollSnapType = '';
  };
  requestAnimationFrame(step);
}

/**
 * A scroll-snap carousel's state: the current slide, going to a slide, and autoplay that loops
 * (only when asked, and paused while the user touches it).
 */
export function useCarousel(
  count: number,
  options: { autoplayMs?: number; speedMs?: number; loop: boolean },
) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const touching = useRef(false);

  const goTo = useCallback(
    (target: number) => {
      const node = track.current;
      if (!node || count === 0) return;
      const next = options.loop ? (target + count) % count : Math.max(0, Math.min(count - 1, target));
      const slide = node.children[next] as HTMLElement | undefined;
      if (slide) scrollToSlide(node, slide, options.speedMs ?? 300);
      setIndex(next);
    },
    [count, options.loop, options.speedMs],
  );

  useEffect(() => {
    const node = track.current;
    if (!node) return;
    const onScroll = () => {
      const width = node.clientWidth || 1;
      setIndex(Math.round(Math.abs(node.scrollLeft) / width));
    };
    const down = () => (touching.current = true);
    const up = () => (touching.current = false);
    node.addEventListener('scroll', onScroll, { passive: true });
    node.addEventListener('pointerdown', down);
    node.addEventListener('touchstart', down, { passive: true });
    window.addEventListener('pointerup', up);
    node.addEventListener('touchend', up);
    return () => {
      node.removeEventListener('scroll', onScroll);
      node.removeEventListener('pointerdown', down);
      node.removeEventListener('touchstart', down);
      window.removeEventListener('pointerup', up);
      node.removeEventListener('touchend', up);
    };
  }, []);

  useEffect(() => {
    if (!options.autoplayMs || count < 2) return;
    const timer = setInterval(() => {
      if (!touching.current && document.visibilityState === 'visible') goTo(index + 1);
    }, options.autoplayMs);
    return () => clearInterval(timer);
  }, [options.autoplayMs, count, index, goTo]);

  return { track, index, goTo };
}
