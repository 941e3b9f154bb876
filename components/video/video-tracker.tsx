'use client';
import { useEffect } from 'react';
import type { StorableVideo } from '@/lib/client/storage/records';
import { statsDisabled } from '@/lib/contract/types';

/** What the tracker needs: the stored fields and the history record's extras. */
export type TrackedVideo = StorableVideo & { statusId: number; exTube: string; exId: string };

/** The view stat goes this long after the video page loads (docs/spec.md §4). */
export const VIEW_STAT_DELAY_MS = 1000;

function userId(): number | undefined {
  const raw = typeof window === 'undefined' ? undefined : window.user?.user_id;
  const n = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * Sends the view stat 1 s after load (with user_id when the host page has a user) and adds the
 * video to the watch history. The page renders it only when statusId is not 5. The API client and
 * the history's storage load then, not with the page: nothing on screen waits for them.
 */
export function VideoTracker({ video }: { video: TrackedVideo }) {
  useEffect(() => {
    if (statsDisabled(video)) return;
    const timer = setTimeout(() => {
      const id = userId();
      import('@/lib/client/api')
        .then((api) => api.postView(video.id, id === undefined ? {} : { userId: id }))
        .catch(() => {
          // a lost view stat is not the visitor's problem
        });
      void import('@/lib/client/storage/history').then((h) => h.addHistory(video)).catch(() => false);
    }, VIEW_STAT_DELAY_MS);
    return () => clearTimeout(timer);
    // One stat per video shown; the object itself may be re-created by a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video.id, video.statusId]);
  return null;
}
