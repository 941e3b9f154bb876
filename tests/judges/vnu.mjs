/**
 * The W3C Nu HTML checker (vnu-jar, on Java) run once over saved pages, with what is needed to
 * judge the run itself: a judge that read nothing would pass everything. vnu names every file it
 * read (--verbose, on stdout) and leaves out a file it cannot read without a message; its JSON
 * report (on stderr) must be whole; its exit status is 1 with errors and 0 without; and a canary
 * page with known errors, judged in the same run, must get them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from '../support/system/harness.mjs';

export const JAR = path.join(root, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
export const CANARY_NAME = 'judges-canary.html';
/** Two errors vnu always reports: a head without a title, an end tag </p> with no <p> open. */
const CANARY = '<!doctype html><html lang="en"><head></head><body><div>canary</div></p></body></html>';

/**
 * What is read of a message of vnu's JSON report.
 * @typedef {{ type: string; subType?: string; message: string; url?: string; lastLine?: number }} VnuMessage
 */
/**
 * One run of vnu over the canary and the pages.
 * @typedef {object} VnuRun
 * @property {string} canary the canary page's file
 * @property {string | null} spawnError why java could not be run, or null
 * @property {number | null} status its exit status
 * @property {Set<string>} read the files it says it read
 * @property {VnuMessage[] | null} messages its report's messages, null when there is no whole report
 * @property {string} reportProblem what is wrong with the report when `messages` is null
 * @property {string} stderr the start of what it wrote on stderr (its report), for messages
 */

/**
 * Writes the canary beside the pages and runs vnu over it and them.
 * @param {string[]} files at least one, all in one folder
 * @returns {VnuRun}
 */
export function runVnu(files) {
  const canary = path.join(path.dirname(/** @type {string} */ (files[0])), CANARY_NAME);
  fs.writeFileSync(canary, CANARY);
  const r = spawnSync('java', ['-jar', JAR, '--errors-only', '--format', 'json', '--verbose', canary, ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const stderr = (r.stderr ?? '').slice(0, 300) || 'nothing';
  const read = new Set((r.stdout ?? '').split('\n').map((l) => l.trim()).filter(Boolean));
  /** @type {VnuMessage[] | null} */
  let messages = null;
  let reportProblem = '';
  try {
    const report = JSON.parse(r.stderr ?? '');
    if (Array.isArray(report?.messages)) messages = report.messages;
    else reportProblem = `vnu's report has no messages list: ${stderr}`;
  } catch {
    reportProblem = `vnu gave no JSON report (exit ${r.status}): ${stderr}`;
  }
  return { canary, spawnError: r.error ? `java -jar ${JAR}: ${r.error.message}` : null, status: r.status, read, messages, reportProblem, stderr };
}

/**
 * The report's messages about `file` that make it fail: errors, fatal ones, and those saying vnu
 * could not judge it at all.
 * @param {VnuMessage[]} messages
 * @param {string} file
 */
export function problemsOf(messages, file) {
  const name = `/${path.basename(file)}`;
  return messages.filter((m) => m.url?.endsWith(name) && (m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error'));
}
