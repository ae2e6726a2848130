import { useEffect, useRef, useState, type CSSProperties } from 'react';

/**
 * The `top` of a sticky column that may be taller than the window. When it fits below the
 * navigation bar (`offsetRem`) it sticks there, its start in view; when it does not, it scrolls
 * with the page until its end is `gapRem` above the bottom of the window and sticks there. Either
 * way every part of it is reached by scrolling the page, with no scroller of its own that would
 * cut it off. Measured again when the column or the window changes size.
 *
 * Returns the ref for the column and its style: the top as `--sticky-top`, for a class such as
 * `lg:top-[var(--sticky-top,6rem)]` (the fallback holds until the browser has measured it).
 */
export function useStickyTop<T extends HTMLElement>(offsetRem = 6, gapRem = 1) {
  const ref = useRef<T>(null);
  const [top, setTop] = useState<number>();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const offset = offsetRem * rem;
      const room = window.innerHeight - gapRem * rem;
      const height = el.offsetHeight;
      setTop(height + offset <= room ? offset : Math.floor(room - height));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [offsetRem, gapRem]);

  const style = top === undefined ? undefined : ({ '--sticky-top': `${top}px` } as CSSProperties);
  return { ref, style };
}
