import Database from 'better-sqlite3';

/**
 * The catalogue the server under test reads (DATABASE_PATH, which tests/e2e/run.mjs sets), opened
 * read-only: a test finds the video it needs there (a status, a like count) instead of hoping
 * that a hard-coded id or a random pick has it, and so never has a reason to skip its check.
 */
export function catalogVideo(where: string, what: string): { id: number; dir: string } {
  const file = process.env.DATABASE_PATH;
  if (!file) throw new Error(`DATABASE_PATH must name the catalogue of the server under test (tests/e2e/run.mjs sets it): looking for ${what}`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(`SELECT id, dir FROM videos WHERE ${where} AND post_date <= unixepoch() ORDER BY random() LIMIT 1`)
      .get() as { id: number; dir: string } | undefined;
    if (!row) throw new Error(`the catalogue ${file} has no ${what}`);
    return row;
  } finally {
    db.close();
  }
}
