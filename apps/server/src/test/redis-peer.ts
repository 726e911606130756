/** A throwaway Redis server (Debian's redis-server) on a free loopback port, with nothing persisted. */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './free-port';

export interface RedisPeer {
  url: string;
  close(): Promise<void>;
}

/** True once the server answers PING. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startRedisPeer(): Promise<RedisPeer> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  let failure: Error | undefined;
  child.once('error', (err) => {
    failure = new Error(
      `redis-server could not start (apt-get install redis-server): ${err.message}`,
    );
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 5000;
  while (!(await answersPing(port))) {
    if (failure) throw failure;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error('redis-server did not answer within 5 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
