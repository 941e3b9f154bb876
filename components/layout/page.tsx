import type { ReactNode } from 'react';
import skeleton from '@/components/loading/skeleton.module.css';
import styles from './page.module.css';

/** The content column of every page. */
export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={`${styles.page} ${narrow ? styles.narrow : ''}`}>{children}</div>;
}

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      {children ? <div className={styles.tools}>{children}</div> : null}
    </div>
  );
}

/** PageHeading while the page loads: the title's line, and placeholders of the page's tools (a filter, sort links). */
export function PageHeadingSkeleton({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.heading} aria-hidden="true">
      <p className={styles.title}>
        <span className={skeleton.word}>&nbsp;</span>
      </p>
      {children ? <div className={styles.tools}>{children}</div> : null}
    </div>
  );
}
