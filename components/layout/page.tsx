import type { ReactNode } from 'react';
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
