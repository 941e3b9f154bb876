import { t } from '@/lib/i18n';
import styles from './player.module.css';

/**
 * The embedded player: a 16:9 iframe fed by the video's embed URL (lib/seo/embed.ts: this site's
 * /embed/ or an EMBED_HOSTS player). Sandboxed with what tube players use: their scripts and their
 * own origin's cookies and storage (playback, quality and volume settings, media source
 * extensions), casting (presentation), links that open the tube's page in a new tab (popups that
 * leave the sandbox) and full screen (the allow attribute). Not granted: navigating this page away
 * (allow-top-navigation), forms, modals (alert/confirm) and pointer lock.
 */
export const PLAYER_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox allow-orientation-lock';

/**
 * This site's own /embed/ player (a root-relative src, lib/seo/embed.ts) keeps an opaque origin:
 * a frame of the page's own origin given both allow-scripts and allow-same-origin could lift its
 * sandbox (the HTML checker of test:judges rejects the pair). It needs neither: it runs no script.
 */
export const OWN_PLAYER_SANDBOX = PLAYER_SANDBOX.replace(' allow-same-origin', '');

/** The sandbox of a player at `src`. */
export function playerSandbox(src: string): string {
  return src.startsWith('/') && !src.startsWith('//') ? OWN_PLAYER_SANDBOX : PLAYER_SANDBOX;
}

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
          sandbox={playerSandbox(src)}
          referrerPolicy="strict-origin-when-cross-origin"
          className={styles.frame}
        />
      ) : (
        <p className={styles.unavailable}>{t('video.unavailable')}</p>
      )}
    </div>
  );
}
