import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { MAX_PHOTO_BYTES, type PhotoItem, type PhotoStatus } from './PhotoList';

export interface PendingPhoto extends PhotoItem {
  file: File;
}

let counter = 0;
const nextKey = () => `new-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * Photos chosen in the browser but not uploaded yet: previews (object URLs, released when a
 * photo is removed or the page goes away), order, and per-photo upload state.
 */
export function usePendingPhotos() {
  const [items, setItems] = useState<PendingPhoto[]>([]);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  const add = useCallback((files: File[]): PendingPhoto[] => {
    const accepted: PendingPhoto[] = [];
    const refused: string[] = [];
    for (const file of files) {
      if (file.type && !file.type.startsWith('image/')) {
        refused.push(`${file.name} (not an image)`);
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        refused.push(`${file.name} (over 10 MB)`);
        continue;
      }
      const src = URL.createObjectURL(file);
      urls.current.add(src);
      accepted.push({ key: nextKey(), file, src, name: file.name, size: file.size });
    }
    if (accepted.length) setItems((current) => [...current, ...accepted]);
    if (refused.length) toast.warning('Some files were not added', refused.join(', '));
    return accepted;
  }, []);

  const move = useCallback((from: number, to: number) => {
    setItems((current) => {
      if (to < 0 || to >= current.length) return current;
      const next = [...current];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
  }, []);

  const remove = useCallback((index: number) => {
    setItems((current) => {
      const item = current[index];
      if (!item) return current;
      URL.revokeObjectURL(item.src);
      urls.current.delete(item.src);
      return current.filter((_, i) => i !== index);
    });
  }, []);

  const update = useCallback(
    (key: string, patch: { status?: PhotoStatus; progress?: number; error?: string }) => {
      setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
    },
    [],
  );

  const removeKey = useCallback((key: string) => {
    setItems((current) => {
      const item = current.find((i) => i.key === key);
      if (!item) return current;
      URL.revokeObjectURL(item.src);
      urls.current.delete(item.src);
      return current.filter((i) => i.key !== key);
    });
  }, []);

  return { items, add, move, remove, removeKey, update };
}
