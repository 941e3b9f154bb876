'use client';
import type { VideoSummary } from '@/lib/types';
// Placeholder until bookmarks land (visitor-features work); signature is the contract.
export function BookmarkButton(props: { video: VideoSummary; variant?: 'card' | 'page' }) {
  void props;
  return null;
}
