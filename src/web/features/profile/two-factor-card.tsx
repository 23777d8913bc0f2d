import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { ZDisableTwoFactor, type TDisableTwoFactor } from '@/domains/auth/schemas';
import { FormField } from '../../components/form-field';
import { copyText } from '../../lib/clipboard';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useTranslateMessage } from '../../lib/validation';
import { PasswordInput } from '@/web/components/password-input';
import { RecoveryCodes, TwoFactorSetup } from './two-factor-setup';
import { PendingButton } from '@/web/components/pending-button';

/** Profile → Security: turn two-factor sign-in on (scan, confirm, save the recovery codes) or off. */
export function TwoFactorCard() {
  const { LL } = useI18nContext();
  const translate = useTranslateMessage();
  const { trpc } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() });
  const [codes, setCodes] = useState<string[] | null>(null);
  const begin = useMutation(
    trpc.twoFactor.begin.mutationOptions({
      onError: (e) => toast({ title: LL.twoFactor.enableFailed(), description: translate(errorMessage(e)), variant: 'destructive' }),
    }),
  );
  const enabled = status.data?.enabled ?? false;

  let body: ReactNode;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onCopy={() => void copyText(codes.join('\n')).then(() => toast({ title: LL.twoFactor.copied(), variant: 'success' }))}
        onDone={() => setCodes(null)}
      />
    );
  } else if (enabled) {
    body = (
      <>
        <p className="text-sm">{LL.twoFactor.onText({ count: status.data?.recoveryCodesLeft ?? 0 })}</p>
        <DisableForm onDisabled={refresh} />
      </>
    );
  } else if (begin.data) {
    body = (
      <TwoFactorSetup
        setup={begin.data}
        onCancel={() => begin.reset()}
        onEnabled={(recoveryCodes) => {
          setCodes(recoveryCodes);
          begin.reset();
          void refresh();
          toast({ title: LL.twoFactor.enabled(), variant: 'success' });
        }}
      />
    );
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-base-content/70">{LL.twoFactor.intro()}</p>
        <PendingButton pending={begin.isPending} disabled={status.isPending} type="button" onClick={() => begin.mutate()}>
          {LL.twoFactor.enable()}
        </PendingButton>
      </div>
    );
  }

  return (
    <section className="card border border-base-300 bg-base-100" data-testid="two-factor-card">
      <div className="card-body">
        <h2 className="card-title">
          <ShieldCheck className="size-5" aria-hidden /> {LL.twoFactor.title()}
          <span className={`badge badge-soft ${enabled ? 'badge-success' : 'badge-neutral'}`} data-testid="two-factor-state">
            {enabled ? LL.twoFactor.on() : LL.twoFactor.off()}
          </span>
        </h2>
        {body}
      </div>
    </section>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const { LL } = useI18nContext();
  const translate = useTranslateMessage();
  const { trpc } = useRouteContext({ from: '__root__' });
  const form = useForm<TDisableTwoFactor>({ resolver: zodResolver(ZDisableTwoFactor), defaultValues: { password: '', code: '' } });
  const field = fieldsOf(form);
  const disable = useMutation(
    trpc.twoFactor.disable.mutationOptions({
      onSuccess: () => {
        form.reset();
        onDisabled();
        toast({ title: LL.twoFactor.disabled(), variant: 'success' });
      },
      onError: (e) => toast({ title: LL.twoFactor.disableFailed(), description: translate(errorMessage(e)), variant: 'destructive' }),
    }),
  );
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => disable.mutate(v))} data-testid="two-factor-disable">
      <p className="text-sm text-base-content/70">{LL.twoFactor.disableHint()}</p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <PasswordInput label={LL.twoFactor.password()} autoComplete="current-password" {...field('password')} />
        <FormField
          label={LL.twoFactor.codeOrRecovery()}
          autoComplete="one-time-code"
          spellCheck={false}
          data-testid="two-factor-disable-code"
          {...field('code')}
        />
      </div>
      <div className="card-actions mt-2 justify-end">
        <PendingButton pending={disable.isPending} className="btn-outline btn-error">
          {LL.twoFactor.disable()}
        </PendingButton>
      </div>
    </form>
  );
}
