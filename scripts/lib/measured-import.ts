/**
 * `npm run import` with its process measured, for bench:import's PostgreSQL mode: started with the
 * import's node flags and arguments, it runs scripts/import.ts unchanged (its code path, its
 * catalogue target, its output) and nothing else, and as the process exits writes to the file at
 * BENCH_IMPORT_MEASURE the process's peak resident memory (the kernel's VmHWM), its CPU seconds
 * (all threads, and the main thread, the one that writes) and the bytes it read and wrote.
 */
import fs from 'node:fs';
import { ioMb, mainThreadCpuSeconds, statusMb } from './proc-self';

const out = process.env.BENCH_IMPORT_MEASURE;
if (out) {
  process.on('exit', (code) => {
    const hwm = statusMb('VmHWM');
    const cpu = process.cpuUsage();
    const io = ioMb();
    fs.writeFileSync(
      out,
      JSON.stringify({
        code,
        peakMb: hwm ?? process.memoryUsage().rss / 2 ** 20,
        peakSampled: hwm === null,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        mainThreadCpuSeconds: mainThreadCpuSeconds(),
        readMb: io?.read ?? null,
        writtenMb: io?.written ?? null,
      }),
    );
  });
}

// scripts/import.ts reads process.argv.slice(2): the arguments this process was given.
void import('../import');
