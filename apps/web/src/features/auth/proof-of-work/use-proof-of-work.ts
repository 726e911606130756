/**
 * Fetches the sign-up's anti-bot challenge and solves it in a Web Worker while the person types.
 * `waitForToken` resolves once solved (at once if already), so a quick submit just waits a moment.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLazyGetChallengeQuery } from '../auth-api';

export type ProofOfWorkStatus = 'loading' | 'solving' | 'solved' | 'failed';

interface WorkerAnswer {
  token?: string;
  error?: string;
}

export function useProofOfWork() {
  const [fetchChallenge] = useLazyGetChallengeQuery();
  const [status, setStatus] = useState<ProofOfWorkStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const tokenRef = useRef<string | null>(null);
  const waitersRef = useRef<((token: string | null) => void)[]>([]);

  const settle = useCallback((token: string | null) => {
    tokenRef.current = token;
    setStatus(token ? 'solved' : 'failed');
    for (const resolve of waitersRef.current.splice(0)) resolve(token);
  }, []);

  useEffect(() => {
    let worker: Worker | null = null;
    let cancelled = false;
    tokenRef.current = null;
    void fetchChallenge(undefined, false)
      .unwrap()
      .then((challenge) => {
        if (cancelled) return;
        setStatus('solving');
        worker = new Worker(new URL('./solve-worker.ts', import.meta.url), { type: 'module' });
        worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
          worker?.terminate();
          if (event.data.error) console.warn('Anti-bot challenge not solved:', event.data.error);
          settle(event.data.token ?? null);
        };
        worker.onerror = () => {
          worker?.terminate();
          settle(null);
        };
        worker.postMessage(challenge);
      })
      .catch(() => {
        if (!cancelled) settle(null);
      });
    return () => {
      cancelled = true;
      worker?.terminate();
    };
  }, [attempt, fetchChallenge, settle]);

  /** A new challenge: after a failure, or after the server refused a used or expired one. */
  const renew = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  const waitForToken = useCallback(
    () =>
      tokenRef.current
        ? Promise.resolve(tokenRef.current)
        : new Promise<string | null>((resolve) => waitersRef.current.push(resolve)),
    [],
  );

  return { status, waitForToken, renew };
}
