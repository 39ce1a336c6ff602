import { useEffect, type RefObject } from 'react';
import { TIMING } from '../lib/timing.ts';

/**
 * Treats a horizontal swipe of more than 100 px (towards the reading direction's end) as back.
 * Mostly-vertical moves are scrolling and are ignored.
 */
export function useSwipeBack(
  target: RefObject<HTMLElement | null>,
  enabled: boolean,
  onBack: () => void,
): void {
  useEffect(() => {
    const element = target.current;
    if (!element || !enabled) return;
    let start: { x: number; y: number } | undefined;
    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      start = touch && e.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : undefined;
    };
    const onEnd = (e: TouchEvent) => {
      const touch = e.changedTouches[0];
      if (!start || !touch) return;
      const rtl = document.documentElement.dir === 'rtl';
      const dx = (touch.clientX - start.x) * (rtl ? -1 : 1);
      const dy = Math.abs(touch.clientY - start.y);
      start = undefined;
      if (dx > TIMING.swipeBackPx && dy < dx / 2) onBack();
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchend', onEnd);
    };
  }, [target, enabled, onBack]);
}
