// The boot script (app/boot/main.ts) spends the wait for the app's script on warm-ups; once the
// app runs, the main thread is the app's: its data, texts and first render come next.

/** app/boot/plan.ts `APP_STARTED_GLOBAL` (a test checks they agree). */
export const APP_STARTED_KEY = '__leffaseuraAppStarted';

export function markAppStarted() {
  (window as unknown as Record<string, unknown>)[APP_STARTED_KEY] = true;
}
