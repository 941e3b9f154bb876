'use client';
import { useState } from 'react';
import { notifyCodeText } from '@/components/notifications/notifications';
import { notify } from '@/components/notifications/store';
import { formatCount } from '@/lib/web/format';
import { countText, hasText, t } from '@/lib/i18n/client';
import styles from './video-actions.module.css';

export interface VoteButtonsProps {
  videoId: number;
  likes: number;
  dislikes: number;
}

function Thumb({ down = false }: { down?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" style={down ? { transform: 'rotate(180deg)' } : undefined}>
      <path
        d="M7 10v11H3V10h4Zm2 11h8.5a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 19 10h-5l.8-4.2A1.6 1.6 0 0 0 12 4.6L9 10v11Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Like and dislike (docs/spec.md §4, §7 and §8): success raises the shown count locally. The API
 * client loads with the first vote, out of the video page's first-load JavaScript.
 */
export function VoteButtons({ videoId, likes, dislikes }: VoteButtonsProps) {
  const [counts, setCounts] = useState({ likes, dislikes });
  const [busy, setBusy] = useState(false);

  const vote = async (value: 0 | 1) => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await (await import('@/lib/client/api')).postVote(videoId, value);
      if (result.ok) {
        setCounts((c) => (value === 1 ? { ...c, likes: c.likes + 1 } : { ...c, dislikes: c.dislikes + 1 }));
        notify.success(t('notify.vote_success'));
      } else {
        const key = `vote_${result.code}`;
        notify.error(hasText(`notify.${key}`) ? notifyCodeText(key, result.info) : t('notify.vote_failed'));
      }
    } catch {
      notify.error(t('notify.vote_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.votes} role="group" aria-label={t('vote.group')}>
      <button
        type="button"
        className={styles.button}
        onClick={() => vote(1)}
        disabled={busy}
        aria-label={countText('vote.likeCount', counts.likes)}
        data-testid="vote-like"
      >
        <Thumb />
        <span data-testid="likes">{formatCount(counts.likes)}</span>
      </button>
      <button
        type="button"
        className={styles.button}
        onClick={() => vote(0)}
        disabled={busy}
        aria-label={countText('vote.dislikeCount', counts.dislikes)}
        data-testid="vote-dislike"
      >
        <Thumb down />
        <span data-testid="dislikes">{formatCount(counts.dislikes)}</span>
      </button>
    </div>
  );
}
