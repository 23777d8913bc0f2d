import { Check } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { FilterTabs } from '../filter-tabs';
import { FormField } from '../form-field';
import { DIRECT_PLATFORMS, channelLabel } from '@/web/lib/platforms';
import { SocialIcon } from './platform-icon';
import { useDirectConnect, type Phase } from './use-direct-connect';

const PHONE_MIN = 10;

/** Direct Login: LinkedIn (username and password) or WhatsApp (phone number), then a checkpoint code if asked. */
export function DirectTab() {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const [sub, setSub] = useState<'linkedin' | 'whatsapp'>('linkedin');
  return (
    <div className="space-y-3">
      <FilterTabs
        options={DIRECT_PLATFORMS}
        value={sub}
        onChange={setSub}
        label={(p) => (
          <>
            <SocialIcon platform={p} decorative /> {channelLabel(LL, p)}
          </>
        )}
        testId={(p) => `direct-tab-${p}`}
        variant="border"
        tabClassName="gap-1.5"
      />
      <p className="text-xs text-base-content/60">{D.directText()}</p>
      {sub === 'linkedin' ? <LinkedInDirect /> : <WhatsAppDirect />}
    </div>
  );
}

function Problem({ text }: { text: string | null }) {
  const { LL } = useI18nContext();
  if (!text) return null;
  return (
    <p role="alert" className="alert alert-error alert-soft text-sm" data-testid="direct-problem">
      <span>
        <strong>{LL.social.dialog.connectionFailed()}</strong> · {text}
      </span>
    </p>
  );
}

function SubmitButton({ phase, testId, label }: { phase: Phase; testId: string; label?: string }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  return (
    <button
      type="submit"
      className={`btn w-full ${phase === 'connected' ? 'btn-success' : 'btn-primary'}`}
      disabled={phase === 'connecting' || phase === 'connected'}
      data-testid={testId}
    >
      {phase === 'connecting' && <span className="loading loading-spinner loading-sm" aria-hidden />}
      {phase === 'connected' && <Check className="size-4" aria-hidden />}
      {phase === 'connecting' ? D.connecting() : phase === 'connected' ? D.connected() : (label ?? D.connect())}
    </button>
  );
}

function CheckpointForm({ type, onSubmit, phase, problem }: { type: string; onSubmit: (code: string) => void; phase: Phase; problem: string | null }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="space-y-2 rounded-box border border-base-300 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!code.trim()) return setError(D.codeRequired());
        onSubmit(code.trim());
      }}
      data-testid="checkpoint-form"
    >
      <p className="text-sm">{D.codeHint({ type })}</p>
      <FormField
        label={D.code()}
        value={code}
        autoComplete="one-time-code"
        inputMode="numeric"
        error={error ?? undefined}
        onChange={typed(setCode, () => setError(null))}
        data-testid="checkpoint-code"
      />
      <Problem text={problem} />
      <SubmitButton phase={phase} testId="checkpoint-submit" label={D.verify()} />
    </form>
  );
}

type Flow = ReturnType<typeof useDirectConnect>;

/** A direct connect form, or the checkpoint form while the platform asks for a code. */
function DirectForm({
  flow,
  testId,
  submitTestId,
  onSubmit,
  children,
}: {
  flow: Flow;
  testId: string;
  submitTestId: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { phase, checkpoint, verify, problem } = flow;
  if (phase === 'checkpoint' || (checkpoint && phase === 'connecting'))
    return <CheckpointForm type={checkpoint?.type ?? ''} phase={phase} problem={problem} onSubmit={(c) => verify.mutate(c)} />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-2" data-testid={testId}>
      {children}
      <Problem text={problem} />
      <SubmitButton phase={phase} testId={submitTestId} />
    </form>
  );
}

/** An input's change: keep the value, then clear what typing makes stale (its error, the last failure). */
const typed =
  (set: (v: string) => void, ...stale: (() => void)[]) =>
  (e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    for (const clear of stale) clear();
  };

function LinkedInDirect() {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const flow = useDirectConnect('linkedin');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const submit = () => {
    const next = { username: username.trim() ? undefined : D.usernameRequired(), password: password ? undefined : D.passwordRequired() };
    setErrors(next);
    if (next.username || next.password) return;
    flow.connect.mutate({ username: username.trim(), password });
  };
  return (
    <DirectForm flow={flow} testId="linkedin-direct" submitTestId="direct-linkedin-submit" onSubmit={submit}>
      <FormField
        label={D.username()}
        value={username}
        autoComplete="username"
        error={errors.username}
        onChange={typed(setUsername, () => setErrors((x) => ({ ...x, username: undefined })), flow.reset)}
        data-testid="direct-username"
      />
      <FormField
        label={D.password()}
        type="password"
        value={password}
        autoComplete="current-password"
        error={errors.password}
        onChange={typed(setPassword, () => setErrors((x) => ({ ...x, password: undefined })), flow.reset)}
        data-testid="direct-password"
      />
    </DirectForm>
  );
}

function WhatsAppDirect() {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const flow = useDirectConnect('whatsapp');
  const [phoneNumber, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (phoneNumber.trim().length < PHONE_MIN) return setError(D.phoneRequired());
    flow.connect.mutate({ phoneNumber: phoneNumber.trim() });
  };
  return (
    <DirectForm flow={flow} testId="whatsapp-direct" submitTestId="direct-whatsapp-submit" onSubmit={submit}>
      <FormField
        label={D.phone()}
        type="tel"
        value={phoneNumber}
        placeholder="+33612345678"
        autoComplete="tel"
        error={error ?? undefined}
        onChange={typed(setPhone, () => setError(null), flow.reset)}
        data-testid="direct-phone"
      />
    </DirectForm>
  );
}
