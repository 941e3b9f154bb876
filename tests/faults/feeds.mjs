/**
 * Generated partner feeds (KVS CSV, the import's default columns) for the faults suite: each row
 * its own external id, a title of common and rare words (so keyword counts are many and shared),
 * two categories, tags and a post date, all from the row's number, so two feeds of the same
 * numbers are the same bytes.
 */
import fs from 'node:fs';

const WORDS = ['harbour', 'meadow', 'lantern', 'glacier', 'canyon', 'orchard', 'workshop', 'festival', 'railway', 'market',
  'lighthouse', 'vineyard', 'bakery', 'pottery', 'kayak', 'summit', 'village', 'garden', 'bridge', 'studio'];
const START = Date.UTC(2022, 0, 1) / 1000;

/**
 * One feed line for row `i` of a partner whose rows carry `word` in their titles.
 * @param {number} i
 * @param {string} word
 */
function line(i, word) {
  /** @param {number} k */
  const w = (k) => WORDS[(i * k + (i >> k)) % WORDS.length];
  const date = new Date((START + ((i * 97) % (3 * 365 * 86400))) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  return [i, `${w(3)} ${word} ${w(11)} walk ${i % 997}`, '', `A generated ${w(5)} video, row ${i}.`, date, 'Faults', '', '',
    `Feed Category ${i % 40},Feed Category ${(i * 7) % 40}`, `${w(2)},${w(13)},tag${i % 300}`, 60 + (i % 3600),
    `<iframe src="https://embed.example.com/embed/${word}/${i}" width="640" height="360"></iframe>`,
    `https://img.example.com/thumbs/${word}/${i}.jpg`].join('|');
}

/**
 * Writes rows `first`..`first + rows - 1` to `file`.
 * @param {string} file
 * @param {{ rows: number; first?: number; word?: string }} feed
 */
export function writeFeed(file, { rows, first = 1, word = 'quayside' }) {
  const lines = [];
  for (let i = first; i < first + rows; i++) lines.push(line(i, word));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}
