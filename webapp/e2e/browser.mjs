// Shared setup for the browser journeys: playwright-core driving the system's Chromium
// (no browser download) against a running leffaseura-server at BASE_URL.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.BASE_URL?.replace(/\/+$/, '') ?? '';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** VIEWPORT=360x780 runs a journey on a phone-sized screen; desktop by default. */
export const VIEWPORT = (() => {
  const match = /^(\d+)x(\d+)$/.exec(process.env.VIEWPORT ?? '');
  return match ? { width: Number(match[1]), height: Number(match[2]) } : { width: 1280, height: 860 };
})();
export const RESULTS_DIR = fileURLToPath(new URL('../test-results/', import.meta.url));

/** Why the journeys cannot run here, or null when they can. */
export function skipReason() {
  if (!BASE_URL) return 'BASE_URL is not set (start leffaseura-server and point BASE_URL at it)';
  return null;
}

/** `[i18n]` errors (a missing or broken text) seen on any page of this test file. */
const textErrors = /** @type {string[]} */ ([]);
process.on('beforeExit', () => {
  // Every journey, in whatever it clicks through, also checks that no text was missing: a
  // production build loads its texts in parts (webapp/scripts/page-texts.mjs).
  if (textErrors.length === 0) return;
  console.error(`FAILED: ${textErrors.length} text error(s) in the browser:\n  ${[...new Set(textErrors)].join('\n  ')}`);
  process.exitCode = 1;
});

export async function launch() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('[i18n]')) textErrors.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    });
    return context;
  };
  return browser;
}

/**
 * Saves a screenshot (full page unless a dialog is open) as test-results/<journey>/<NN-step>.png.
 * @param {string} journey
 */
export function screenshotter(journey) {
  const dir = join(RESULTS_DIR, journey);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  /** @param {import('playwright-core').Page} page @param {string} step */
  return async (page, step) => {
    count += 1;
    const file = join(dir, `${String(count).padStart(2, '0')}-${step}.png`);
    // A modal's backdrop covers only the viewport, so dialogs are shot at viewport size.
    const dialogOpen = (await page.locator('dialog[open]').count()) > 0;
    await page.screenshot({ path: file, fullPage: !dialogOpen, animations: 'disabled' });
    return file;
  };
}
