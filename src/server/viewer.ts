/**
 * Who is asking: the signed-in user and their profile (read once per request by http/viewer.ts).
 * A module of its own, below the app context and every service: it imports no service, so a
 * service that needs the viewer does not depend on the context's whole graph (issue 28).
 */
import type { ViewerRef } from '@/domain/access';
import type { Profile } from './db/schema';

export interface Viewer {
  userId: string;
  profile: Profile;
}

/** The viewer as the access policy (src/domain/access.ts) sees them; null when signed out. */
export function viewerRef(viewer: Viewer): ViewerRef;
export function viewerRef(viewer: Viewer | null): ViewerRef | null;
export function viewerRef(viewer: Viewer | null): ViewerRef | null {
  return viewer ? { profileId: viewer.profile.id, role: viewer.profile.role } : null;
}
