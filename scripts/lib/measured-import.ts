/**
 * `npm run import` with its process measured, for bench:import's PostgreSQL mode: started with the
 * import's node flags and arguments, it runs scripts/import.ts unchanged (its code path, its
 * catalogue target, its output) and nothing else, and as the process exits writes to the file at
 * BENCH_IMPORT_MEASURE the process's peak resident memory (the kernel's VmHWM), its CPU seconds
 * (all threads, and the main thread, the one that writes) and the bytes it read and wrote.
 */
import fs from 'node:fs';

/** A `key: number` line of a /proc file; null off Linux. */
function procNumber(file: string, key: string): number | null {
  try {
    const m = new RegExp(`${key}:\\s+(\\d+)`).exec(fs.readFileSync(file, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) of the main thread; null off Linux. */
function mainThreadCpuSeconds(): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

const out = process.env.BENCH_IMPORT_MEASURE;
if (out) {
  process.on('exit', (code) => {
    const hwmKb = procNumber('/proc/self/status', 'VmHWM');
    const cpu = process.cpuUsage();
    const read = procNumber('/proc/self/io', 'rchar');
    const written = procNumber('/proc/self/io', 'wchar');
    fs.writeFileSync(
      out,
      JSON.stringify({
        code,
        peakMb: hwmKb === null ? process.memoryUsage().rss / 2 ** 20 : hwmKb / 1024,
        peakSampled: hwmKb === null,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        mainThreadCpuSeconds: mainThreadCpuSeconds(),
        readMb: read === null ? null : read / 2 ** 20,
        writtenMb: written === null ? null : written / 2 ** 20,
      }),
    );
  });
}

// scripts/import.ts reads process.argv.slice(2): the arguments this process was given.
void import('../import');
