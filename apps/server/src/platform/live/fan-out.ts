/**
 * Sends each published message to every connection in slices, yielding to the event loop between them
 * (issue 11): one drop to 10,000 sockets costs 100–300 ms of sends, and HTTP answers must not wait
 * behind all of it. Messages keep their order for every connection: a publish waits for the one before
 * it to reach everyone first. A connection closed meanwhile is skipped by its own `deliver`.
 */
export class FanOut<C, M> {
  private queue: Array<{ message: M; targets: C[]; next: number }> = [];
  private running = false;

  constructor(
    private readonly deliver: (connection: C, message: M) => void,
    private readonly slice = 500,
    private readonly yieldToLoop: (fn: () => void) => void = setImmediate,
  ) {}

  publish(message: M, targets: Iterable<C>): void {
    this.queue.push({ message, targets: [...targets], next: 0 });
    if (!this.running) this.run();
  }

  /** Publishes not yet sent to everyone (tests, shutdown). */
  pending(): number {
    return this.queue.length;
  }

  private run(): void {
    this.running = true;
    let budget = this.slice;
    while (this.queue.length > 0 && budget > 0) {
      const job = this.queue[0]!;
      const end = Math.min(job.targets.length, job.next + budget);
      for (let i = job.next; i < end; i++) this.deliver(job.targets[i]!, job.message);
      budget -= end - job.next;
      job.next = end;
      if (job.next === job.targets.length) this.queue.shift();
    }
    if (this.queue.length === 0) this.running = false;
    else this.yieldToLoop(() => this.run());
  }
}
