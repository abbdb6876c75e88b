/**
 * One product stack and one Chromium for every browser test of a test module, started by the
 * first test that asks and stopped after the module's last test (Deno.test.afterAll).
 *
 * The browser tests that need nothing of their own are written as `tests/e2e/*.browser.ts` and
 * run in groups (`tests/e2e/group-*.test.ts` imports a few of them): with `deno test --parallel`
 * each group is one thread with one stack and one browser, its tests one after another. They can
 * share because each test makes its own host (an e-mail address of its own), so their data never
 * collides, and opens a browser context of its own. Tests that inject eVisitor faults, move the
 * simulator's clock or change its credentials, count everything the simulator registered, stop
 * processes or need a NATS cluster start a stack of their own (`startStack`).
 *
 * A `*.browser.ts` file can also be run alone (`npm test -- tests/e2e/x.browser.ts`): it then
 * has the module's stack to itself.
 */
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { startStack, type TestStack } from "./stack.ts";

export interface SharedStack {
  stack: TestStack;
  browser: Browser;
}

let started: Promise<SharedStack> | undefined;

/** The module's stack and browser, started on the first call. */
export function sharedStack(): Promise<SharedStack> {
  started ??= (async () => {
    const stack = await startStack();
    try {
      return { stack, browser: await launchBrowser() };
    } catch (error) {
      await stack.stop();
      throw error;
    }
  })();
  return started;
}

Deno.test.afterAll(async () => {
  const running = await started?.catch(() => undefined);
  started = undefined;
  if (!running) return;
  await running.browser.close();
  await running.stack.stop();
});
