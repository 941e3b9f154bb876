'use client';
// Placeholder until the search box lands (visitor-features work); signature is the contract.
export function SearchBox() {
  return null;
}
