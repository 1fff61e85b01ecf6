import type { Download } from '../../../app/http/client';

/** How long a blob URL handed to another tab stays valid: long enough for the tab to load it. */
const TAB_URL_LIFETIME_MS = 60_000;

/**
 * Opens a PDF in a new tab. The tab is opened at once, in the click, so no pop-up blocker stops it, and is
 * pointed at the file once it has arrived; if the browser refused the tab, the file is saved instead.
 */
export async function openInNewTab(load: () => Promise<Download>, save: (d: Download) => void): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const file = await load();
    if (!tab) {
      save(file);
      return;
    }
    const url = URL.createObjectURL(file.blob);
    tab.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), TAB_URL_LIFETIME_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
