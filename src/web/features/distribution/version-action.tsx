import type { ReactNode } from 'react';
import type { TRecipientVersion } from '@/domains/distribution/schemas';
import { PendingButton } from '@/web/components/pending-button';

/**
 * A small outlined action on one recipient's version (render their video, send a test to me): runs
 * `action` with the recipient's input, its working label while the server works.
 */
export function VersionAction({
  action,
  input,
  icon,
  pendingLabel,
  testId,
  children,
}: {
  action: { isPending: boolean; mutate: (input: TRecipientVersion) => void };
  input: TRecipientVersion;
  icon: ReactNode;
  pendingLabel: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <PendingButton
      type="button"
      className="btn-sm btn-outline"
      pending={action.isPending}
      pendingLabel={pendingLabel}
      icon={icon}
      onClick={() => action.mutate(input)}
      testId={testId}
    >
      {children}
    </PendingButton>
  );
}
