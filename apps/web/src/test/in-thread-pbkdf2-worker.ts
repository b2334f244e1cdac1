import { pbkdf2, solveChallenge, type SolveChallengeOptions } from 'altcha/lib';

type WorkMessage = { type: 'abort' } | ({ type: 'work' } & Omit<SolveChallengeOptions, 'deriveKey' | 'controller'>);

/**
 * jsdom runs no workers: the component tests get ALTCHA's PBKDF2 worker in the page's thread
 * instead (vitest.config.ts puts it in place of `altcha/workers/pbkdf2?worker`). Same messages,
 * same solver as the worker the browser runs.
 */
export default class InThreadPbkdf2Worker extends EventTarget {
  private controller: AbortController | null = null;

  postMessage(message: WorkMessage): void {
    if (message.type === 'abort') {
      this.controller?.abort();
      return;
    }
    const { type: _type, ...work } = message;
    const controller = new AbortController();
    this.controller = controller;
    solveChallenge({ ...work, controller, deriveKey: pbkdf2.deriveKey }).then(
      (solution) => this.dispatchEvent(new MessageEvent('message', { data: solution })),
      (error: unknown) => this.dispatchEvent(new MessageEvent('message', { data: { error: String(error) } })),
    );
  }

  terminate(): void {
    this.controller?.abort();
  }
}
