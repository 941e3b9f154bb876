/** KVS-style rating on a 0..5 scale: the share of likes among votes, times five. */
export function ratingOf(likes: number, dislikes: number): number {
  const total = likes + dislikes;
  return total === 0 ? 0 : Math.round((likes / total) * 500) / 100;
}
