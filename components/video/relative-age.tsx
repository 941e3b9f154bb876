'use client';
import { useSyncExternalStore } from 'react';
import { ageText, t } from '@/lib/i18n/client';

const noSubscription = () => () => {};

/**
 * 'Added 3 days ago'. The page around it is cached for up to a day (the video lifetime), so the
 * age the server rendered may be a day old by the time a visitor reads it: once hydrated, the
 * browser shows the age against its own clock (the server's text is the hydration snapshot). The
 * element is the last of its line, so a changed text moves nothing else (no layout shift).
 */
export function RelativeAge({ postDate, renderedAge }: { postDate: string; renderedAge: string }) {
  const age = useSyncExternalStore(noSubscription, () => ageText(postDate), () => renderedAge);
  return <time dateTime={postDate}>{t('age.added', { age })}</time>;
}
