import { DocumentTitle } from '@/web/components/DocumentTitle';
import { Hero, VenueBrowser } from '@/web/features/venues';

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
