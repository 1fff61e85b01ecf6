import type { Locator, Page } from 'playwright-core';

// Picking from antd's pop-ups the way a person does, but sure of the result on a loaded machine: a click that lands
// while a pop-up is still opening or redrawing is lost, and the pop-up left open covers the next field.

const openOptions = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/** Waits for the open select pop-up to close; one still open after a pick is closed with Escape. */
async function closeSelect(page: Page): Promise<void> {
  const closed = await page
    .locator('.ant-select-dropdown:visible')
    .first()
    .waitFor({ state: 'hidden', timeout: 2_000 })
    .then(
      () => true,
      () => false,
    );
  if (!closed) await page.keyboard.press('Escape');
}

/**
 * Opens `select`, clicks the option whose label contains `label` (or whose title is exactly `title`) and waits
 * until the select shows it; a pick the select does not show is made once more.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  choice: { label: string; typed?: boolean } | { title: string },
): Promise<void> {
  const shownText = 'title' in choice ? choice.title : choice.label;
  for (let attempt = 0; ; attempt++) {
    await select.click();
    if ('label' in choice && choice.typed) {
      if (attempt > 0) await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(choice.label);
    }
    const option =
      'title' in choice
        ? page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${choice.title}"]`)
        : openOptions(page).filter({ hasText: choice.label });
    await option.first().click();
    // A title is the option's whole text: "Vendor" must not pass for "Employee vendor" (text matching ignores case).
    const shown = await ('title' in choice
      ? select.getByText(choice.title, { exact: true })
      : select.filter({ hasText: shownText })
    )
      .waitFor({ timeout: attempt > 0 ? 15_000 : 5_000 })
      .then(
        () => true,
        () => false,
      );
    await closeSelect(page);
    if (shown) return;
    if (attempt > 1) throw new Error(`${shownText} was picked but the select does not show it`);
  }
}

/** Opens `select` and picks its first option, whatever it is, until the select shows it; answers its text. */
export async function pickFirst(page: Page, select: Locator): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    await select.click();
    const first = openOptions(page).first();
    await first.waitFor();
    const label = (await first.textContent()) ?? '';
    await first.click();
    const shown = await select
      .filter({ hasText: label })
      .waitFor({ timeout: attempt > 0 ? 15_000 : 5_000 })
      .then(
        () => true,
        () => false,
      );
    await closeSelect(page);
    if (shown) return label;
    if (attempt > 1) throw new Error(`${label} was picked but the select does not show it`);
  }
}

/**
 * Types `typed` in a select that searches the server and picks the option that contains it, once the answer to the
 * whole keyword (`call`, the last part of its path) has arrived: the answers to the shorter keywords typed on the
 * way may land after it and redraw the options under the click, so a pick the select does not show is made again.
 */
export async function pickRemote(
  page: Page,
  select: Locator,
  typed: string,
  call: string,
  before?: () => Promise<void>,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await select.click();
    const option = openOptions(page).filter({ hasText: typed }).first();
    if (attempt === 0) {
      const answered = page.waitForResponse(
        (r) => r.url().endsWith(`/${call}`) && (r.request().postData() ?? '').includes(`"Keyword":"${typed}"`),
      );
      await page.keyboard.type(typed);
      await answered;
    } else {
      // The same words again are answered from the select's cache, without a call: wait for the option itself.
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(typed);
      await option.waitFor();
    }
    await before?.();
    await option.click();
    const shown = await select
      .filter({ hasText: typed })
      .waitFor({ timeout: attempt > 0 ? 15_000 : 5_000 })
      .then(
        () => true,
        () => false,
      );
    await closeSelect(page);
    if (shown) return;
    // A loaded machine has lost both the first pick and its repeat (CI, two browser parts at once): a third try.
    if (attempt > 1) throw new Error(`${typed} was picked but the select does not show it`);
  }
}

/** Picks today in a date picker, again if the picker closed without it (a click lost as it opened). */
export async function pickToday(page: Page, trigger: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await trigger.click();
    const dropdown = page.locator('.ant-picker-dropdown:visible').first();
    await dropdown.waitFor();
    await dropdown.locator('.ant-picker-cell-today').first().click();
    await dropdown.waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => undefined);
    const value = await trigger.evaluate((node) => node.closest('.ant-picker')?.querySelector('input')?.value ?? '');
    if (value !== '') return;
    await page.keyboard.press('Escape');
  }
  throw new Error('the date picker does not hold today after three picks');
}

/**
 * Picks today as both ends of a date range; the end's click, lost while the pop-up switched ends, is made again,
 * and the whole pick is made again if the range closed holding one end only (a click lost as it opened).
 */
export async function pickTodayRange(page: Page, trigger: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await trigger.click();
    const dropdown = page.locator('.ant-picker-dropdown:visible').first();
    await dropdown.waitFor();
    for (let clicks = 0; clicks < 3; clicks++) {
      await dropdown.locator('.ant-picker-cell-today').first().click();
      if (clicks === 0) continue;
      const closed = await dropdown.waitFor({ state: 'hidden', timeout: 3_000 }).then(
        () => true,
        () => false,
      );
      if (closed) break;
    }
    // The test id may sit on the picker or on its first input: the picker's inputs are read from the picker.
    const values = await trigger.evaluate((node) =>
      [...(node.closest('.ant-picker')?.querySelectorAll('input') ?? [])].map((i) => i.value),
    );
    if (values.length > 0 && values.every((v) => v !== '')) return;
    await page.keyboard.press('Escape');
  }
  throw new Error('the date range does not hold today at both ends after three picks');
}

/**
 * Answers yes to an antd confirmation `box` and waits for it to go. On a loaded machine a click made during its
 * opening animation can be lost, so while it stays it is clicked again (its button ignores clicks while it works).
 */
export async function acceptConfirm(box: Locator): Promise<void> {
  await opened(box);
  await box.locator('.ant-btn-primary').click();
  for (let tries = 0; tries < 20; tries++) {
    const gone = await box.waitFor({ state: 'hidden', timeout: 1_000 }).then(
      () => true,
      () => false,
    );
    if (gone) return;
    await box
      .locator('.ant-btn-primary')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  const gone = await box.waitFor({ state: 'hidden', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (gone) return;
  // Say why it stays: a form error inside it tells more than a timeout.
  const errors = await box.locator('.ant-form-item-explain-error, .ant-alert-message').allTextContents();
  throw new Error(`the dialog stays open after its OK was pressed${errors.length ? `: ${errors.join(' / ')}` : ''}`);
}

/** Waits until an antd modal has finished its opening animation: a click on it before then can be lost. */
export async function opened(modal: Locator): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    if (!/\bant-zoom/.test((await modal.first().getAttribute('class')) ?? '')) return;
    await modal.page().waitForTimeout(100);
  }
}
