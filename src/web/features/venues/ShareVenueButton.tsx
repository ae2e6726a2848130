import { Share2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/lib/toast';

/** Share a venue: the Web Share API where the browser has it, else the link copied (issue 31). */
export function ShareVenueButton({ venueName, className }: { venueName: string; className?: string }) {
  const share = async () => {
    const url = window.location.href.split('#')[0]!;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${venueName} on Velvet`, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied', 'Paste it anywhere to share this venue.');
    } catch {
      toast.error('Could not copy the link', url);
    }
  };
  return (
    <Button type="button" variant="outline" className={className} onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
