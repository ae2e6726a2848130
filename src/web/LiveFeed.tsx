/*
 * The change feed's client (lib/live.ts, the refresh table of lib/liveRefresh.ts) and the
 * waitlist notices it drives: loaded by App.tsx once the page is on screen, not with its first
 * load (decision 85). Its own module so that the import is one chunk.
 */
import { useLiveRefresh } from './lib/live';
import { useAuth } from '@/web/features/auth';
import { WaitlistNotices } from '@/web/features/waitlist';

/** Keeps every query fresh from the change feed, for whoever is signed in (lib/liveRefresh.ts). */
export default function LiveFeed() {
  const { profile, loading } = useAuth();
  useLiveRefresh(loading ? null : (profile?.id ?? 'anonymous'));
  return <WaitlistNotices enabled={profile?.role === 'user'} />;
}
