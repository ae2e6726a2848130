/* Asked inside a booking dialog before it closes with unsaved details: focus stays in the dialog. */
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
  return (
    <div role="alert" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">{message}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {/* React focuses an autoFocus element when it mounts. */}
        <Button autoFocus variant="outline" onClick={onKeep}>
          Keep Editing
        </Button>
        <Button variant="destructive" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}
