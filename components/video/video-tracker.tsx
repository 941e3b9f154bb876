'use client';
import type { VideoDetail } from '@/lib/types';
// Placeholder until the view stat and history land (visitor-features work); signature is the contract.
export function VideoTracker(props: { video: VideoDetail }) {
  void props;
  return null;
}
