/** Import progress: a live line on a terminal, a line every 10 s otherwise (logs, CI). */
export class Progress {
  private readonly started = Date.now();
  private lastDraw = 0;
  private readonly tty: boolean;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly size: number | null,
    private readonly bytesRead: () => number,
  ) {
    this.tty = Boolean(out.isTTY);
  }

  line(rows: number): string {
    const secs = Math.max(0.001, (Date.now() - this.started) / 1000);
    const rate = rows / secs;
    let text = `${rows.toLocaleString('en-US')} rows, ${Math.round(rate).toLocaleString('en-US')} rows/s`;
    const read = this.bytesRead();
    if (this.size && read > 0) {
      const done = Math.min(1, read / this.size);
      const eta = done > 0 ? secs / done - secs : 0;
      text += `, ${(done * 100).toFixed(1)}%, ETA ${Math.max(0, Math.round(eta))} s`;
    }
    return text;
  }

  tick(rows: number): void {
    const now = Date.now();
    if (now - this.lastDraw < (this.tty ? 200 : 10_000)) return;
    this.lastDraw = now;
    if (this.tty) this.out.write(`\r\x1b[K${this.line(rows)}`);
    else this.out.write(`${this.line(rows)}\n`);
  }

  done(): void {
    if (this.tty && this.lastDraw > 0) this.out.write('\r\x1b[K');
  }
}
