/**
 * The recovery codes, shown once right after they are made: to copy, download or write down. Only
 * their hashes stay on the server, so this is the only time anyone sees them.
 */
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useGetSiteBrandQuery } from '../../lib/site-brand-api';
import { saveFile } from './save-file';

function codesText(codes: string[], siteName: string) {
  return [
    `Recovery codes for ${siteName}`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const siteName = useGetSiteBrandQuery().data?.name ?? window.location.host;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(codes, siteName));
      toast.success('The recovery codes are copied.');
    } catch {
      toast.error('Copying did not work here. Download the codes or write them down.');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info" title="Save your recovery codes now">
        If you lose your phone, each of these codes signs you in once in place of a code from the
        app. Keep them somewhere safe, such as a password manager. They are shown only this once.
      </Alert>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg border border-line bg-paper p-4 font-mono text-base text-ink min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveFile(codesText(codes, siteName), 'recovery-codes.txt', 'text/plain')}
        >
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
