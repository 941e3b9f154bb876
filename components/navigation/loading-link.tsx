import Link from 'next/link';
import type { ComponentProps } from 'react';
import { LinkPending } from './link-pending';

type Props = Omit<ComponentProps<typeof Link>, 'href'> & { href: string };

/**
 * A Link to a page with a placeholder (home, a listing, the category index): from the click until
 * the page is there, PageSkeleton shows that page's skeleton in place of the old one.
 */
export function LoadingLink({ href, children, ...rest }: Props) {
  return (
    <Link href={href} {...rest}>
      {children}
      <LinkPending href={href} />
    </Link>
  );
}
