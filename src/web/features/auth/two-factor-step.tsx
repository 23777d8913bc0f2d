import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import type { Namespaces } from '@locales/i18n-types';
import { ZLoginTwoFactor, type TLoginTwoFactor } from '@/domains/auth/schemas';
import { FormField } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { useDictionary } from '../../lib/dictionary';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useTranslateMessage } from '../../lib/validation';
import { useLoginTwoFactor, welcomeBack } from './use-auth';
import { PendingButton } from '@/web/components/pending-button';

/** The login's second step: a code from the authenticator app, or a recovery code. */
type StepProps = { pendingToken: string; onBack: () => void; onDone: () => void };

// The sign-in page is public: its second step's words are a namespace of their own (decision 051).
const SCREENS: readonly Namespaces[] = ['twoFactor'];

export function TwoFactorStep(props: StepProps) {
  if (!useDictionary(SCREENS)) return <Spinner />;
  return <TwoFactorForm {...props} />;
}

function TwoFactorForm({ pendingToken, onBack, onDone }: StepProps) {
  const { LL } = useI18nContext();
  const translate = useTranslateMessage();
  const verify = useLoginTwoFactor();
  const form = useForm<TLoginTwoFactor>({ resolver: zodResolver(ZLoginTwoFactor), defaultValues: { pendingToken, code: '' } });
  const field = fieldsOf(form);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await verify.mutateAsync(values);
      welcomeBack(LL, user);
      onDone();
    } catch (e) {
      toast({ title: LL.auth.loginFailed(), description: translate(errorMessage(e)), variant: 'destructive' });
      form.setValue('code', '');
      form.setFocus('code');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" data-testid="two-factor-step">
      <h2 className="text-lg font-semibold">{LL.twoFactor.title()}</h2>
      <p className="text-sm text-base-content/70">{LL.twoFactor.loginHint()}</p>
      <FormField
        label={LL.twoFactor.codeOrRecovery()}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        spellCheck={false}
        data-testid="two-factor-code"
        {...field('code')}
      />
      <p className="text-sm text-base-content/60">{LL.twoFactor.recoveryLoginHint()}</p>
      <div className="mt-4 flex gap-2">
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          {LL.twoFactor.back()}
        </button>
        <PendingButton pending={verify.isPending} className="btn-primary flex-1" pendingLabel={LL.twoFactor.verifying()}>
          {LL.twoFactor.verify()}
        </PendingButton>
      </div>
    </form>
  );
}
