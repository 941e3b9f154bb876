import { Fragment, type ReactNode } from 'react';
import styles from './information.module.css';

/**
 * Renders the information texts: blocks separated by a blank line; '## ' starts a heading, lines
 * starting with '- ' form a list, anything else is a paragraph. Plain text only (no HTML).
 */
export function RichText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <div className={styles.text}>
      {blocks.map((block, i) => {
        const b = block.trim();
        if (b.startsWith('## ')) return <h2 key={i}>{b.slice(3)}</h2>;
        const lines = b.split('\n');
        if (lines.every((l) => l.startsWith('- '))) {
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{l.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i}>
            {lines.map((l, j): ReactNode => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                {l}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
