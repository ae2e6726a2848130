// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Array<{
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each request on a connection; returns the request to send. */
      setupRequest?: (req: {
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
      }) => {
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
      };
    }>;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
