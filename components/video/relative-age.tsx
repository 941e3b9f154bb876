'use client';
import { useEffect, useState } from 'react';
import { ageText, t } from '@/lib/i18n';

/**
 * 'Added 3 days ago'. The page around it is cached for up to a day (the video lifetime), so the
 * age the server rendered may be a day old by the time a visitor reads it: the browser recomputes
 * it against its own clock once hydrated. The element is the last of its line, so a changed text
 * moves nothing else (no layout shift).
 */
export function RelativeAge({ postDate, renderedAge }: { postDate: string; renderedAge: string }) {
  const [age, setAge] = useState(renderedAge);
  useEffect(() => setAge(ageText(postDate)), [postDate]);
  return <time dateTime={postDate}>{t('video.added', { age })}</time>;
}
