// Peak process RSS, sampled from a worker thread so that it keeps sampling while the main thread is
// busy in synchronous work (JSON.stringify of a large body, say).
import { Worker } from 'node:worker_threads';

const SOURCE = `
const { parentPort } = require('node:worker_threads');
let peak = 0;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 1);
parentPort.on('message', (message) => {
  if (message === 'reset') { peak = process.memoryUsage.rss(); parentPort.postMessage(peak); }
  if (message === 'peak') { peak = Math.max(peak, process.memoryUsage.rss()); parentPort.postMessage(peak); }
  if (message === 'stop') { clearInterval(timer); parentPort.close(); }
});
`;

export class RssSampler {
  private readonly worker = new Worker(SOURCE, { eval: true });

  private ask(message: 'reset' | 'peak'): Promise<number> {
    return new Promise((resolve) => {
      this.worker.once('message', resolve);
      this.worker.postMessage(message);
    });
  }

  /** Starts a new window at the current RSS; returns it. */
  reset = () => this.ask('reset');
  /** The highest RSS since the last reset. */
  peak = () => this.ask('peak');

  async stop(): Promise<void> {
    this.worker.postMessage('stop');
    await this.worker.terminate();
  }
}
