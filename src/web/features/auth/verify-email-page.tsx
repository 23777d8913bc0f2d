import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { Notice } from '@/web/components/notice';
import { PublicCard } from '@/web/components/public-card';
import { Spinner } from '@/web/components/spinner';
import { api, errorMessage } from '../../lib/rest';
import { useTranslateMessage } from '../../lib/validation';

/**
 * The address-check e-mail's link (docs/decisions/205): opening it confirms the address (the sign-up's,
 * or the new one of an e-mail change), signed in or not. Single use: a second visit reads "invalid".
 */
export function VerifyEmailPage({ token }: { token?: string }) {
  const { LL } = useI18nContext();
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: (t: string) => api.post('/api/email/verify', { token: t }),
    // The signed-in user's address (and its state) changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  const { mutate } = confirm;
  // The link works once: never send it twice (a development re-run of effects would).
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  const state = !token || confirm.isError ? 'failed' : confirm.isSuccess ? 'verified' : 'pending';
  return (
    <PublicCard testId="verify-email" state={state}>
      <h1 className="mb-2 text-center text-2xl font-bold">{LL.profile.verifyTitle()}</h1>
      {state === 'pending' ? (
        <p className="flex items-center justify-center gap-2 text-base-content/70">
          <Spinner className="text-primary" /> {LL.profile.verifying()}
        </p>
      ) : state === 'verified' ? (
        <Notice tone="success" icon={MailCheck} title={LL.profile.verified({ email: confirm.data?.email ?? '' })} testId="verify-email-done" />
      ) : (
        <Notice tone="error" icon={CircleAlert} title={LL.profile.verifyFailed()} testId="verify-email-failed">
          <p className="text-sm">{translate(confirm.error ? errorMessage(confirm.error) : LL.validation.emailLinkInvalid())}</p>
        </Notice>
      )}
      <Link to="/" className="btn btn-primary mt-4">
        {LL.profile.continue()}
      </Link>
    </PublicCard>
  );
}
