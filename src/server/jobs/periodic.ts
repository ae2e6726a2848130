/** A job run every `intervalMs` in the background (started in main.ts; tests call `tick`). */
import type { AppContext } from '../context';

export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly name: string,
    private readonly run: (ctx: AppContext, now: Date) => Promise<number>,
    private readonly intervalMs = 60_000,
  ) {}

  tick(now: Date = this.ctx.now()): Promise<number> {
    const run = this.run(this.ctx, now);
    this.running = run.catch(() => undefined);
    return run;
  }

  start() {
    const loop = async () => {
      try {
        await this.tick();
      } catch (err) {
        this.ctx.log.error({ err }, `${this.name}: run failed`);
      }
      this.timer = setTimeout(loop, this.intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(loop, 1_000);
    this.timer.unref();
  }

  async stop() {
    clearTimeout(this.timer);
    await this.running;
  }
}
