// A language's texts are a chunk of their own (messages/index.ts): the switch waits for
// them. Each test imports fresh modules, where no catalogue is loaded yet (the test setup
// loads both into its own copies).
import { vi } from 'vitest';

async function freshModules() {
  vi.resetModules();
  const language = await import('./language');
  const messages = await import('./messages');
  return { ...language, ...messages };
}

describe('switching to a language whose texts are not here yet', () => {
  it('shows the new language only once its texts have arrived', async () => {
    const { getLanguage, setLanguage, loadedCatalogue } = await freshModules();
    expect(getLanguage()).toBe('en');
    expect(loadedCatalogue('fi')).toBeUndefined();
    setLanguage('fi');
    expect(getLanguage()).toBe('en');
    await vi.waitFor(() => expect(getLanguage()).toBe('fi'));
    expect(loadedCatalogue('fi')?.['app.name']).toBe('Leffaseura');
  });

  it('ends on the latest choice when the user switches again meanwhile', async () => {
    const { getLanguage, setLanguage, loadCatalogue } = await freshModules();
    await loadCatalogue('en');
    setLanguage('fi');
    setLanguage('en');
    await loadCatalogue('fi');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getLanguage()).toBe('en');
  });
});
