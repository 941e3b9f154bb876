'use client';
// Placeholder until related 'show more' lands (visitor-features work); signature is the contract.
export function RelatedMore(props: { videoId: number; title: string }) {
  void props;
  return null;
}
