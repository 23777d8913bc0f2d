import { Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { FilterTabs } from '../filter-tabs';
import { FormField } from '../form-field';
import { platformName } from '@/web/lib/platforms';
import { SocialIcon } from './platform-icon';
import { useDirectConnect, type Phase } from './use-direct-connect';

const PHONE_MIN = 10;
const DIRECT_PLATFORMS = ['linkedin', 'whatsapp'] as const;

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
            <SocialIcon platform={p} decorative /> {platformName(LL, p)}
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
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        data-testid="checkpoint-code"
      />
      <Problem text={problem} />
      <SubmitButton phase={phase} testId="checkpoint-submit" label={D.verify()} />
    </form>
  );
}

function LinkedInDirect() {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const { phase, checkpoint, connect, verify, problem, reset } = useDirectConnect('linkedin');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { username: username.trim() ? undefined : D.usernameRequired(), password: password ? undefined : D.passwordRequired() };
    setErrors(next);
    if (next.username || next.password) return;
    connect.mutate({ username: username.trim(), password });
  };
  if (phase === 'checkpoint' || (checkpoint && phase === 'connecting'))
    return <CheckpointForm type={checkpoint?.type ?? ''} phase={phase} problem={problem} onSubmit={(c) => verify.mutate(c)} />;
  return (
    <form noValidate onSubmit={submit} className="space-y-2" data-testid="linkedin-direct">
      <FormField
        label={D.username()}
        value={username}
        autoComplete="username"
        error={errors.username}
        onChange={(e) => {
          setUsername(e.target.value);
          setErrors((x) => ({ ...x, username: undefined }));
          reset();
        }}
        data-testid="direct-username"
      />
      <FormField
        label={D.password()}
        type="password"
        value={password}
        autoComplete="current-password"
        error={errors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((x) => ({ ...x, password: undefined }));
          reset();
        }}
        data-testid="direct-password"
      />
      <Problem text={problem} />
      <SubmitButton phase={phase} testId="direct-linkedin-submit" />
    </form>
  );
}

function WhatsAppDirect() {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const { phase, checkpoint, connect, verify, problem, reset } = useDirectConnect('whatsapp');
  const [phoneNumber, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (phoneNumber.trim().length < PHONE_MIN) return setError(D.phoneRequired());
    connect.mutate({ phoneNumber: phoneNumber.trim() });
  };
  if (phase === 'checkpoint' || (checkpoint && phase === 'connecting'))
    return <CheckpointForm type={checkpoint?.type ?? ''} phase={phase} problem={problem} onSubmit={(c) => verify.mutate(c)} />;
  return (
    <form noValidate onSubmit={submit} className="space-y-2" data-testid="whatsapp-direct">
      <FormField
        label={D.phone()}
        type="tel"
        value={phoneNumber}
        placeholder="+33612345678"
        autoComplete="tel"
        error={error ?? undefined}
        onChange={(e) => {
          setPhone(e.target.value);
          setError(null);
          reset();
        }}
        data-testid="direct-phone"
      />
      <Problem text={problem} />
      <SubmitButton phase={phase} testId="direct-whatsapp-submit" />
    </form>
  );
}
