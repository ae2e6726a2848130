import { lazy, Suspense } from 'react';
import { VenueBrowser } from '@/web/features/venues';

// The hero is text and a venue count, nothing to press: the server renders it and the browser
// hydrates it in a slice of its own once its module is here, after the search and the cards
// (decision 85). Its fallback keeps its place while a client-side visit loads it.
const Hero = lazy(() => import('@/web/features/venues/Hero').then((m) => ({ default: m.Hero })));

/** / and /browse: hero, then the venue browser. */
export default function HomePage() {
  return (
    <>
      <Suspense fallback={<div className="h-36 sm:h-52" aria-hidden="true" />}>
        <Hero />
      </Suspense>
      <VenueBrowser />
    </>
  );
}
