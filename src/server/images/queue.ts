/**
 * A small FIFO concurrency limit with a memory budget. Decoding and re-encoding a 50-megapixel
 * photo takes hundreds of megabytes and a core for a second or more; without a limit, sixteen
 * at once take the server's memory and starve every other request. A job runs when a slot is
 * free and its estimated memory (its `cost`) fits in what the running jobs leave of the budget
 * — a job alone always runs, however large. Jobs wait their turn in arrival order (a small one
 * does not overtake a large one, so the large one is never starved); beyond `maxWaiting` they
 * are refused at once (the caller answers 503).
 */
import os from 'node:os';
import { unavailable } from '@/domain/errors';

export const BUSY_MESSAGE = 'Too many photos are being processed right now. Please try again in a minute.';

interface Waiting {
  cost: number;
  start: () => void;
}

export class ConcurrencyLimit {
  private running = 0;
  private used = 0;
  private readonly waiting: Waiting[] = [];
  /** The most jobs ever running at once (for tests and measurements). */
  peak = 0;
  /** The largest total cost ever running at once (for tests and measurements). */
  peakCost = 0;

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
    /** The total cost the running jobs may have (default: no limit but the slots). */
    readonly budget = Number.POSITIVE_INFINITY,
  ) {}

  get active() {
    return this.running;
  }

  get queued() {
    return this.waiting.length;
  }

  /** Runs `job` when a slot and `cost` of the budget are free. */
  async run<T>(job: () => Promise<T>, cost = 0): Promise<T> {
    if (this.waiting.length > 0 || !this.fits(cost)) {
      if (this.waiting.length >= this.maxWaiting) throw unavailable(BUSY_MESSAGE, 30);
      // start() is called by release(), which counts the job as running before it resumes,
      // so nobody arriving in between can take its place.
      await new Promise<void>((start) => this.waiting.push({ cost, start }));
    } else {
      this.admit(cost);
    }
    try {
      return await job();
    } finally {
      this.release(cost);
    }
  }

  private fits(cost: number) {
    return this.running < this.slots && (this.running === 0 || this.used + cost <= this.budget);
  }

  private admit(cost: number) {
    this.running++;
    this.used += cost;
    this.peak = Math.max(this.peak, this.running);
    this.peakCost = Math.max(this.peakCost, this.used);
  }

  private release(cost: number) {
    this.running--;
    this.used -= cost;
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.cost)) {
      const next = this.waiting.shift()!;
      this.admit(next.cost);
      next.start();
    }
  }
}

/** One image job per core (each job's libvips work uses one thread, see pipeline.ts). */
export const IMAGE_SLOTS = Math.max(1, Math.min(os.availableParallelism(), 4));
/**
 * The memory the running image jobs may take together, as estimated by pipeline.ts
 * (imageCost): 320 MB is one 50-megapixel photo, or two of up to ~26 megapixels each.
 */
export const IMAGE_MEMORY_BUDGET = 320 * 1024 * 1024;
export const imageQueue = new ConcurrencyLimit(IMAGE_SLOTS, 64, IMAGE_MEMORY_BUDGET);
