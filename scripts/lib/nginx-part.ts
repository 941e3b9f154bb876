/**
 * What the scripts that write a generated part of the shipped nginx edge share (edge:headers,
 * edge:key, edge:age): read deploy/nginx/nginx.conf, make its new text, then `--print` it to
 * standard output, `--check` whether the file is current (exit 1 when not), or write it.
 */
import fs from 'node:fs';
import path from 'node:path';

const FILE = path.join(__dirname, '..', '..', 'deploy', 'nginx', 'nginx.conf');
const SHOWN = 'deploy/nginx/nginx.conf';

export function updateNginxPart(script: string, make: (conf: string) => string, argv: readonly string[] = process.argv): void {
  const conf = fs.readFileSync(FILE, 'utf8');
  const next = make(conf);
  if (argv.includes('--print')) {
    process.stdout.write(next);
    return;
  }
  if (argv.includes('--check')) {
    console.log(next === conf ? `${script}: ${SHOWN} is current` : `${script}: ${SHOWN} differs: run npm run ${script}`);
    if (next !== conf) process.exitCode = 1;
    return;
  }
  fs.writeFileSync(FILE, next);
  console.log(next === conf ? `${script}: ${SHOWN} was current` : `${script}: ${SHOWN} updated`);
}
