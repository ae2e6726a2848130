/**
 * A job run every `intervalMs` in the background (started in main.ts; tests call `tick`); each
 * run is counted in the job metrics (velvet_job_*).
 */
import type { AppContext } from './context';

export class PeriodicJob<Result = number> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    protected readonly ctx: AppContext,
    private readonly name: string,
    private readonly run: (ctx: AppContext, now: Date) => Promise<Result>,
    protected readonly intervalMs = 60_000,
  ) {}

  tick(now: Date = this.ctx.now()): Promise<Result> {
    const run = this.run(this.ctx, now);
    this.running = run.then(
      () => this.ctx.metrics.jobRan(this.name, this.intervalMs, true),
      () => this.ctx.metrics.jobRan(this.name, this.intervalMs, false),
    );
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
