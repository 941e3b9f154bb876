/**
 * The meta row saying that videos changed since the derived data (listing counts, period stats,
 * search statistics) was last rebuilt: both writers set it in the transactions that change
 * videos and remove it once finish() has rebuilt that data. An import killed after its last
 * commit but before its rebuild left the counts without the rows it wrote, and running it again
 * found every row unchanged and rebuilt nothing.
 */
export const RECOUNT_DUE_KEY = 'derived_recount_due';
