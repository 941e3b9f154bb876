'use client';
// Placeholder until votes land (visitor-features work); signature is the contract.
export function VoteButtons(props: { videoId: number; likes: number; dislikes: number }) {
  void props;
  return null;
}
