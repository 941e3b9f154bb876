import type { Metadata } from 'next';
import { EntityListing } from '@/components/listing/sort-listing';
import { entityListingMetadata, getEntityListing, type EntityListingKind } from '@/lib/data/listings';
import { notFoundBriefly } from '@/lib/data/nothing-here';
import { parseCategoryDir, parseListing, type ListingParams } from '@/lib/web/routes';

type Params = { id: string; sort: string; page: string; date?: string; duration?: string; orientation?: string };
type Props = { params: Promise<Params> };

/** The route's dir and listing, the internal filter segments included when the route has them; null means 404. */
async function parse(params: Props['params']): Promise<{ dir: string; p: ListingParams } | null> {
  const { id, date, duration, ...rest } = await params;
  const dir = parseCategoryDir(id);
  const p = parseListing(rest, date !== undefined && duration !== undefined ? { date, duration } : undefined);
  return dir && p ? { dir, p } : null;
}

/**
 * The page files of a model's, channel's or tag's listing (/models/{dir}/{sort}/{page}/ and its
 * filtered internal route, the same for /channel/ and /tags/, in every orientation section): one
 * implementation, thin files.
 */
export function entityListingPage(kind: EntityListingKind) {
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const r = await parse(params);
      return r ? entityListingMetadata(kind, r.dir, r.p) : {};
    },
    async Page({ params }: Props) {
      const r = await parse(params);
      if (!r) return notFoundBriefly();
      return <EntityListing data={await getEntityListing(kind, r.dir, r.p)} />;
    },
  };
}
