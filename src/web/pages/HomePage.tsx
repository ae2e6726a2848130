import { DocumentTitle } from '@/web/components/DocumentTitle';
import { Hero } from '@/web/features/venues/Hero';
import { VenueBrowser } from '@/web/features/venues/VenueBrowser';

/** / and /browse: hero, then the venue browser. */
export default function HomePage() {
  return (
    <>
      <DocumentTitle />
      <Hero />
      <VenueBrowser />
    </>
  );
}
