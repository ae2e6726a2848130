/*
 * Nothing typed is lost: while a form has unsaved changes, leaving the page asks first — a link or
 * the Back button inside the app (react-router's useBlocker) and closing or reloading the tab
 * (beforeunload, where the browser asks in its own words).
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_TEXT = 'You have unsaved changes on this page. If you leave now, they will be lost.';

/**
 * Guards a form with unsaved changes. Returns the question to render and `allowNavigation`, to
 * call just before the form itself navigates away after a successful save.
 */
export function useUnsavedChanges(dirty: boolean): { dialog: ReactNode; allowNavigation: () => void } {
  const dirtyRef = useRef(dirty);
  const allowedRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) allowedRef.current = false;
  }, [dirty]);

  // Only a move to another page asks: a tab in the query string is the same page and keeps the draft.
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirtyRef.current && !allowedRef.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowedRef.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allowNavigation = useCallback(() => {
    allowedRef.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={LEAVE_TITLE}
      description={LEAVE_TEXT}
      cancelLabel="Stay on Page"
      confirmLabel="Leave Page"
      destructive
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
  return { dialog, allowNavigation };
}
