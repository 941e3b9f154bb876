import { t } from '@/lib/i18n';
import styles from './player.module.css';

/** The embedded player: a 16:9 iframe fed by the video's embed URL. */
export function Player({ src, title }: { src: string | null; title: string }) {
  return (
    <div className={styles.player}>
      {src ? (
        <iframe
          src={src}
          title={t('video.playerTitle', { title })}
          width={1280}
          height={720}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className={styles.frame}
        />
      ) : (
        <p className={styles.unavailable}>{t('video.unavailable')}</p>
      )}
    </div>
  );
}
