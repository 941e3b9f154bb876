/**
 * What Linux's /proc says of this process, for the import benchmarks (scripts/bench-import.ts, and
 * scripts/lib/measured-import.ts inside the import process it measures). Each is null off Linux.
 */
import fs from 'node:fs';

/** Resident memory of this process (kB lines of /proc/self/status), in MB; null off Linux. */
export function statusMb(key: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const m = new RegExp(`${key}:\\s+(\\d+)`).exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) of this process's main thread, the one that writes; null off Linux. */
export function mainThreadCpuSeconds(): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** Bytes this process read and wrote through system calls (page cache included), in MB; null off Linux. */
export function ioMb(): { read: number; written: number } | null {
  try {
    const io = fs.readFileSync('/proc/self/io', 'utf8');
    const n = (k: string) => Number(new RegExp(`${k}: (\\d+)`).exec(io)![1]) / 2 ** 20;
    return { read: n('rchar'), written: n('wchar') };
  } catch {
    return null;
  }
}
