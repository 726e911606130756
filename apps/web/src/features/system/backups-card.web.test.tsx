/** The Backups card of /admin/system in each of its states (decision 061). */
import { describe, expect, it } from 'vitest';
import { paths, type SystemStatus } from '@consult/shared';
import { systemStatus } from '../../testing/mocks/data';
import { answer, apiPath, http } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { renderRoute, screen, within } from '../../testing/test-utils';

function withBackups(backups: Partial<SystemStatus['backups']>) {
  server.use(
    http.get(apiPath('/admin/system'), () =>
      answer<SystemStatus>({ ...systemStatus, backups: { ...systemStatus.backups, ...backups } }),
    ),
  );
}

async function backupsCard() {
  renderRoute(paths.admin.system, { as: 'admin' });
  return screen.findByRole('region', { name: 'Backups' });
}

describe('the Backups card', () => {
  it('shows the last backup, its size and the schedule', async () => {
    const card = await backupsCard();
    expect(
      within(card).getByText(
        'Every day at 03:00 (your time), the newest 14 kept in /srv/consult/data/backups.',
      ),
    ).toBeVisible();
    expect(within(card).getByText('Last backup')).toBeVisible();
    expect(within(card).getByText('2.4 MB')).toBeVisible();
    expect(within(card).getByText('Daily, by the site')).toBeVisible();
    expect(within(card).getByText(systemStatus.backups.last!.fileName)).toBeVisible();
    expect(within(card).queryByText(/failed/)).toBeNull();
    expect(screen.getByText('All systems working')).toBeVisible();
  });

  it('says when there is no backup yet and when the first comes', async () => {
    withBackups({ last: null });
    const card = await backupsCard();
    expect(within(card).getByText('No backup yet. The first is taken at 03:00.')).toBeVisible();
  });

  it('says the daily backup is off', async () => {
    withBackups({ schedule: null, last: null });
    const card = await backupsCard();
    expect(
      within(card).getByText(
        'The daily backup is off (BACKUP_TIME=off). Back up with npm run backup.',
      ),
    ).toBeVisible();
    expect(within(card).getByText('No backup yet.')).toBeVisible();
  });

  it('shows a failure beside the last good backup, and the verdict asks for attention', async () => {
    withBackups({
      failure: { at: '2026-11-02T03:00:00.000Z', error: 'ENOSPC: no space left on device' },
    });
    const card = await backupsCard();
    expect(within(card).getByText(/failed: ENOSPC: no space left on device/)).toBeVisible();
    expect(within(card).getByText('Last backup')).toBeVisible();
    expect(screen.getByText('Needs attention')).toBeVisible();
    expect(screen.getByText('The last backup failed (see Backups).')).toBeVisible();
  });

  it('says a backup is being written', async () => {
    withBackups({ running: true });
    const card = await backupsCard();
    expect(within(card).getByText('A backup is being written now.')).toBeVisible();
  });
});
