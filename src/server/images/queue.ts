/**
 * A small FIFO concurrency limit. Decoding a 50-megapixel photo takes hundreds of megabytes
 * and a core for a second or more; without a limit, sixteen at once take the server's memory
 * and starve every other request. Jobs beyond the limit wait their turn; beyond `maxWaiting`
 * they are refused at once (the caller answers 503).
 */
import os from 'node:os';
import { unavailable } from '@/domain/errors';

export const BUSY_MESSAGE = 'Too many photos are being processed right now. Please try again in a minute.';

export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most jobs ever running at once (for tests and measurements). */
  peak = 0;

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
  ) {}

  get active() {
    return this.running;
  }

  get queued() {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.maxWaiting) throw unavailable(BUSY_MESSAGE, 30);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** One image job per core (each job's libvips work uses one thread, see pipeline.ts). */
export const IMAGE_SLOTS = Math.max(1, Math.min(os.availableParallelism(), 4));
export const imageQueue = new ConcurrencyLimit(IMAGE_SLOTS, 64);
