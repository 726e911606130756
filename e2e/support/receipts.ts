/** Steps of the owner's mark-paid dialog shared by the browser tests. */
import { expect, type Page } from '@playwright/test';

/**
 * Clicks "Issue <number>" in the open mark-paid dialog and returns the number issued. Another test
 * marking a payment paid at the same moment can take the promised number first: then nothing is
 * recorded, the dialog says so and names the next number, which is issued instead.
 */
export async function issueReceipt(owner: Page): Promise<string> {
  const dialog = owner.getByRole('dialog', { name: 'Mark as paid' });
  const issue = dialog.getByRole('button', { name: /^Issue \d{4}-\d{4,}$/ });
  for (let attempt = 1; ; attempt += 1) {
    const number = (await issue.textContent())!.replace('Issue ', '');
    await expect(dialog.getByText(`This issues receipt ${number} and mails it`)).toBeVisible();
    await issue.click();
    const recorded = owner.getByText(`Payment recorded. Receipt ${number} was mailed.`);
    const taken = dialog.getByText(`Receipt ${number} was just issued to another payment`);
    await expect(recorded.or(taken)).toBeVisible();
    if ((await recorded.isVisible()) || attempt === 3) {
      await expect(recorded).toBeVisible();
      return number;
    }
    await expect(dialog.getByRole('button', { name: `Issue ${number}` })).toHaveCount(0);
  }
}
