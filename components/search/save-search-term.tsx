'use client';
import { useEffect } from 'react';
import { saveSearchTerm } from '@/lib/client/search-history';

/** Rendered by the search listing: stores the term in the recent searches once the listing loads. */
export function SaveSearchTerm({ term }: { term: string }) {
  useEffect(() => {
    saveSearchTerm(term);
  }, [term]);
  return null;
}
