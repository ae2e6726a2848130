/**
 * Where a start's time goes: wall and CPU ms of each phase since the process began (the first
 * phase is loading the modules). `main.ts` logs the table once the server listens, at info level,
 * so a slow start can be read from its own log (decision 33).
 */
export class StartPhases {
  private wall = 0;
  private cpu = 0;
  readonly phases: Record<string, { wallMs: number; cpuMs: number }> = {};

  /** Closes the phase that ends now, named `name`. */
  mark(name: string) {
    const wall = performance.now();
    const { user, system } = process.cpuUsage();
    const cpu = (user + system) / 1000;
    this.phases[name] = { wallMs: Math.round(wall - this.wall), cpuMs: Math.round(cpu - this.cpu) };
    this.wall = wall;
    this.cpu = cpu;
  }

  get totalWallMs() {
    return Math.round(this.wall);
  }
  get totalCpuMs() {
    return Math.round(this.cpu);
  }
}
