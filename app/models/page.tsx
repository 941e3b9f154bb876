import type { Metadata } from 'next';
import { EntityIndex, entityIndexMetadata, FIRST_INDEX_PAGE } from '@/components/entities/entity-index';

// The categories lifetime (docs/spec.md §9): an index changes as its counts do.
export const revalidate = 14400;

export const metadata: Metadata = entityIndexMetadata('model', FIRST_INDEX_PAGE);

export default function ModelIndexPage() {
  return <EntityIndex kind="model" p={FIRST_INDEX_PAGE} />;
}
