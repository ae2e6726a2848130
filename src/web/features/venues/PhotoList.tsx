import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { ArrowDown, ArrowUp, CircleAlert, CircleCheck, ImagePlus, Trash2 } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';

export type PhotoStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface PhotoItem {
  key: string;
  src: string;
  name: string;
  /** Size in bytes of a file not yet uploaded. */
  size?: number;
  status?: PhotoStatus;
  /** 0..1 while uploading. */
  progress?: number;
  error?: string;
}

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Photos in display order with move up / move down / remove buttons (the first photo is the
 * card image) and an upload progress bar per photo. Focus follows a moved photo.
 */
export function PhotoList({
  items,
  onMove,
  onRemove,
  disabled = false,
  removeLabel = 'Remove',
  busyKeys,
  reorderable = true,
}: {
  items: PhotoItem[];
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
  removeLabel?: string;
  /** Photos whose buttons are disabled (e.g. being deleted). */
  busyKeys?: ReadonlySet<string>;
  /** Show the move up / move down buttons. */
  reorderable?: boolean;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; action: 'up' | 'down' } | null>(null);

  // A layout effect: the focus moves with the render, before the browser paints it.
  useLayoutEffect(() => {
    if (!focusAfterMove) return;
    const row = listRef.current?.querySelector<HTMLElement>(
      `[data-photo-key="${CSS.escape(focusAfterMove.key)}"]`,
    );
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${focusAfterMove.action}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-action="${focusAfterMove.action === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, items]);

  if (items.length === 0) return null;

  return (
    <ol ref={listRef} className="grid grid-cols-1 gap-3" aria-label="Photos in display order">
      {items.map((item, index) => {
        const busy =
          disabled || busyKeys?.has(item.key) || item.status === 'uploading' || item.status === 'queued';
        const position = `Photo ${index + 1} of ${items.length}`;
        return (
          <li
            key={item.key}
            data-photo-key={item.key}
            className={cn(
              'flex flex-col gap-3 rounded-xl border bg-surface-raised/60 p-3 sm:flex-row sm:items-center',
              item.status === 'failed' ? 'border-danger/50' : 'border-border',
            )}
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <div className="relative aspect-[16/10] w-28 shrink-0 overflow-hidden rounded-lg bg-muted sm:w-32">
                <img src={item.src} alt={`${position}: ${item.name}`} className="size-full object-cover" />
              </div>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-xs font-semibold text-muted-foreground tabular-nums">
                    #{index + 1}
                  </span>
                  {index === 0 && <Badge tone="accent">Card image</Badge>}
                  {item.status === 'done' && (
                    <Badge tone="success">
                      <CircleCheck aria-hidden="true" />
                      Uploaded
                    </Badge>
                  )}
                  {item.status === 'failed' && (
                    <Badge tone="danger">
                      <CircleAlert aria-hidden="true" />
                      Skipped
                    </Badge>
                  )}
                </div>
                <p className="mt-1 truncate text-sm font-medium" title={item.name}>
                  {item.name}
                </p>
                {item.size !== undefined && (
                  <p className="text-xs text-muted-foreground">{formatBytes(item.size)}</p>
                )}
                {(item.status === 'uploading' || item.status === 'queued') && (
                  <div className="mt-2">
                    <div
                      role="progressbar"
                      aria-label={`Uploading ${item.name}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round((item.progress ?? 0) * 100)}
                      className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
                    >
                      <div
                        className="h-full rounded-full bg-accent-gradient transition-[width] duration-150"
                        style={{ width: `${Math.round((item.progress ?? 0) * 100)}%` }}
                      />
                    </div>
                    <p className="mt-1 text-xs text-muted-foreground">
                      {item.status === 'queued' ? 'Waiting…' : `${Math.round((item.progress ?? 0) * 100)}%`}
                    </p>
                  </div>
                )}
                {item.status === 'failed' && item.error && (
                  <p className="mt-1 text-xs text-danger" role="alert">
                    {item.error}
                  </p>
                )}
              </div>
            </div>
            <div className="flex shrink-0 items-center gap-1.5 self-end sm:self-center">
              {reorderable && (
                <>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    data-action="up"
                    aria-label={`Move ${item.name} up (${position})`}
                    disabled={busy || index === 0}
                    onClick={() => {
                      onMove(index, index - 1);
                      setFocusAfterMove({ key: item.key, action: 'up' });
                    }}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    data-action="down"
                    aria-label={`Move ${item.name} down (${position})`}
                    disabled={busy || index === items.length - 1}
                    onClick={() => {
                      onMove(index, index + 1);
                      setFocusAfterMove({ key: item.key, action: 'down' });
                    }}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                </>
              )}
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`${removeLabel} ${item.name}`}
                disabled={busy}
                onClick={() => onRemove(index)}
                className="text-danger hover:text-danger"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** A drop-zone styled button that opens the file chooser (several images at once). */
export function PhotoPickerButton({
  onFiles,
  disabled,
  label = 'Add photos',
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  label?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <div>
      <input
        ref={inputRef}
        id="venue-photos-input"
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChange}
        disabled={disabled}
        data-testid="venue-photos-input"
      />
      <button
        type="button"
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        className="flex w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-input bg-surface-raised/40 px-6 py-8 text-center transition-colors hover:border-accent/60 hover:bg-accent/5 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span className="flex size-11 items-center justify-center rounded-xl bg-accent/15 text-accent-soft">
          <ImagePlus className="size-5" aria-hidden="true" />
        </span>
        <span className="font-semibold">{label}</span>
        <span className="text-xs text-muted-foreground">JPEG, PNG, WebP, GIF or AVIF · up to 10 MB each</span>
      </button>
    </div>
  );
}
