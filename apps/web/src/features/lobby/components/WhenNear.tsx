import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen a section starts rendering: well before it can be scrolled into view. */
const NEAR_MARGIN = '600px 0px';

/**
 * Renders a home section once it comes near the screen; until then a box of about its height holds
 * its place (carrying its `data-section`, so the page's order is the same either way). Home has more
 * sections than a phone shows, and rendering them all at once held up the first screen.
 */
export function WhenNear({
  id,
  height,
  children,
}: {
  id?: string;
  /** The section's expected height in px. */
  height: number;
  children: ReactNode;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return children;
  return (
    <div
      ref={box}
      className="lobby-section section-placeholder"
      data-section={id}
      style={{ height }}
      aria-hidden="true"
    />
  );
}
