import { Hero, VenueBrowser } from '@/web/features/venues';

/** / and /browse: hero, then the venue browser. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <VenueBrowser />
    </>
  );
}
