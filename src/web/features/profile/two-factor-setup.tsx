import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { ZEnableTwoFactor, type TEnableTwoFactor } from '@/domains/auth/schemas';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useTranslateMessage } from '../../lib/validation';
import { PendingButton } from '@/web/components/pending-button';
import { PasswordInput } from '@/web/components/password-input';

type Setup = { secret: string; uri: string; qrSvg: string };

/**
 * Scan (or type) the secret, then confirm with a code. The QR code is an SVG drawn by the server,
 * shown as a data: URL (the app's CSP allows data: images, and no third party sees the secret).
 */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: { setup: Setup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { LL } = useI18nContext();
  const translate = useTranslateMessage();
  const { trpc } = useRouteContext({ from: '__root__' });
  const form = useForm<TEnableTwoFactor>({ resolver: zodResolver(ZEnableTwoFactor), defaultValues: { password: '', code: '' } });
  const field = fieldsOf(form);
  const enable = useMutation(
    trpc.twoFactor.enable.mutationOptions({
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (e) => toast({ title: LL.twoFactor.enableFailed(), description: translate(errorMessage(e)), variant: 'destructive' }),
    }),
  );
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();

  return (
    <form className="space-y-3" noValidate onSubmit={form.handleSubmit((v) => enable.mutate(v))} data-testid="two-factor-setup">
      <p className="text-sm">{LL.twoFactor.scan()}</p>
      <div className="flex flex-wrap items-start gap-6">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={LL.twoFactor.qrAlt()}
          width={180}
          height={180}
          className="rounded-box border border-base-300 bg-white"
          data-testid="two-factor-qr"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <p className="text-sm font-medium">{LL.twoFactor.secretLabel()}</p>
            <code className="block break-all rounded bg-base-200 px-2 py-1 font-mono text-sm" data-testid="two-factor-secret" data-secret={setup.secret}>
              {grouped}
            </code>
          </div>
          <p className="text-sm text-base-content/70">{LL.twoFactor.enableHint()}</p>
          <PasswordInput label={LL.twoFactor.password()} autoComplete="current-password" data-testid="two-factor-enable-password" {...field('password')} />
          <FormField
            label={LL.twoFactor.codeLabel()}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            data-testid="two-factor-enable-code"
            {...field('code')}
          />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {LL.twoFactor.cancel()}
        </button>
        <PendingButton pending={enable.isPending}>{LL.twoFactor.confirm()}</PendingButton>
      </div>
    </form>
  );
}

/** The ten recovery codes, shown once, right after enabling. */
export function RecoveryCodes({ codes, onCopy, onDone }: { codes: string[]; onCopy: () => void; onDone: () => void }) {
  const { LL } = useI18nContext();
  return (
    <div className="space-y-3" data-testid="recovery-codes">
      <h3 className="font-semibold">{LL.twoFactor.recoveryTitle()}</h3>
      <p className="text-sm text-base-content/70">{LL.twoFactor.recoveryHint()}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-4 font-mono text-sm sm:grid-cols-5">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCopy}>
          {LL.twoFactor.copyCodes()}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {LL.twoFactor.savedCodes()}
        </button>
      </div>
    </div>
  );
}
