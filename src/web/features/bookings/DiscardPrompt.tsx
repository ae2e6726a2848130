/* Asked inside a booking dialog before it closes with unsaved details: focus stays in the dialog. */
import { useLayoutEffect, useRef } from 'react';
import { Button } from '@/web/components/ui/button';

export function DiscardPrompt({
  message,
  onKeep,
  onDiscard,
}: {
  message: string;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  // Focused on mount by hand: Preact (decision 35) only sets the autofocus attribute, which a
  // browser ignores on an element added after the page loaded.
  const keep = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => keep.current?.focus(), []);
  return (
    <div role="alert" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">{message}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button ref={keep} variant="outline" onClick={onKeep}>
          Keep Editing
        </Button>
        <Button variant="destructive" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}
