import { useEffect, useRef } from 'react';
import { LOBBY } from '../lobby-constants.ts';
import { throttle } from '../rate-limit.ts';

/**
 * Calls `loadMore` when the end of the list comes within 300 px of the viewport's bottom, at most
 * once a second (spec §9). Returns the ref for a sentinel element placed after the list.
 */
export function useInfiniteScroll(loadMore: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  }, [loadMore]);
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node) return;
    const throttled = throttle(() => latest.current(), LOBBY.loadMoreThrottleMs);
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) throttled();
      },
      { rootMargin: `0px 0px ${LOBBY.infiniteTriggerPx}px 0px` },
    );
    observer.observe(node);
    // A page that still leaves the sentinel near the bottom asks again once the throttle has
    // passed. Measured rather than remembered: the observer reports only changes, and a list that
    // grew and was scrolled between two of its reports would otherwise never ask again.
    const near = () => node.getBoundingClientRect().top <= window.innerHeight + LOBBY.infiniteTriggerPx;
    const retry = setInterval(() => near() && throttled(), LOBBY.loadMoreThrottleMs);
    return () => {
      observer.disconnect();
      clearInterval(retry);
    };
  }, [enabled]);
  return sentinel;
}
