'use client';
import type { PublicConfig } from '@/lib/config';
// Placeholder until the visitor shell lands (visitor-features work); signature is the contract.
export function VisitorShell(props: { config: PublicConfig }) {
  void props;
  return null;
}
