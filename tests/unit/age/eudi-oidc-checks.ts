/** What the EU wallet's and the OIDC adapter's tests both need: a refusal's code, and everything written during a check. */

import { format } from 'node:util';
import { AgeCheckError } from '@/lib/age/provider';

/** The code of the AgeCheckError `promise` rejects with; fails the test when it resolves or throws anything else. */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AgeCheckError);
  return (error as AgeCheckError).code;
}

/** Runs `work` with the console and both output streams captured, and returns what they were given. */
export async function writtenDuring(work: () => Promise<unknown>): Promise<string[]> {
  const written: string[] = [];
  const spies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((method) =>
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void written.push(format(...args))),
  );
  const streams = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: unknown) => (written.push(String(chunk)), true)),
  );
  try {
    await work();
  } finally {
    for (const spy of [...spies, ...streams]) spy.mockRestore();
  }
  return written;
}
