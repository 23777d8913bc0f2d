import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { INSPIRE_MAX_LENGTH, INSPIRE_MIN_LENGTH, SCRIPT_MESSAGES, SCRIPT_TONES, type ScriptToneName } from '@/domains/scripts/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { isLocale } from '@locales/i18n-util';
import { FormField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/rest';
import { toast } from '../../../lib/toast';
import { Modal } from '@/web/components/modal';
import { DialogProblem, type Problem } from './dialog-problem';
import { useTrpc } from '@/web/lib/trpc';

type DialogProps = { onClose: () => void; onScript: (script: string) => void };

/** The scripts are written in the interface's language (de/it/pt included: the composer knows them). */
function useScriptLanguage() {
  const { locale } = useI18nContext();
  return isLocale(locale) ? locale : undefined;
}

/** The toast, repeated inside the dialog (a modal sits above the toast region). */
function useProblem() {
  const [problem, setProblem] = useState<Problem | null>(null);
  const fail = (title: string, description?: string) => {
    setProblem({ title, description });
    toast({ title, description, variant: 'destructive' });
  };
  return { problem, fail, clear: () => setProblem(null) };
}

function ToneSelect({ value, onChange, label }: { value: ScriptToneName; onChange: (t: ScriptToneName) => void; label: string }) {
  const { LL } = useI18nContext();
  const id = useId();
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend pb-1" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select w-full" value={value} onChange={(e) => onChange(e.target.value as ScriptToneName)} data-testid="tone-select">
        {SCRIPT_TONES.map((t) => (
          <option key={t} value={t}>
            {LL.createVideo.tones[t]()}
          </option>
        ))}
      </select>
    </fieldset>
  );
}

function Actions({ pending, label, working, onClose, testId }: { pending: boolean; label: string; working: string; onClose: () => void; testId: string }) {
  const { LL } = useI18nContext();
  return (
    <div className="modal-action">
      <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
        {LL.common.cancel()}
      </button>
      <button type="submit" className="btn btn-primary" disabled={pending} data-testid={testId}>
        {pending && <span className="loading loading-spinner loading-sm" />}
        {pending ? working : label}
      </button>
    </div>
  );
}

function TextArea({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  maxLength?: number;
  hint?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend pb-1" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="textarea h-24 w-full"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {hint}
    </fieldset>
  );
}

/** Generate: campaign details and the recipient → POST /api/generate-script (tRPC scripts.generate). */
export function GenerateScriptDialog({ onClose, onScript }: DialogProps) {
  const { LL } = useI18nContext();
  const G = LL.createVideo.generateDialog;
  const trpc = useTrpc();
  const language = useScriptLanguage();
  const [form, setForm] = useState({
    name: '',
    description: '',
    callToAction: '',
    tone: 'friendly' as ScriptToneName,
    recipient: '',
    company: '',
    position: '',
  });
  const [error, setError] = useState<string | undefined>();
  const { problem, fail, clear } = useProblem();
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const generate = useMutation(
    trpc.scripts.generate.mutationOptions({
      onSuccess: ({ script }) => {
        onScript(script);
        onClose();
      },
      onError: (e) => {
        const message = errorMessage(e);
        fail(LL.createVideo.script.generateFailed(), message === SCRIPT_MESSAGES.emptyCampaign ? G.campaignRequired() : message);
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim() && !form.description.trim() && !form.callToAction.trim()) return setError(G.campaignRequired());
    setError(undefined);
    clear();
    const hasRecipient = form.recipient.trim() || form.company.trim() || form.position.trim();
    generate.mutate({
      campaignDetails: { name: form.name, description: form.description, callToAction: form.callToAction, tone: form.tone },
      recipient: hasRecipient ? { name: form.recipient, company: form.company, position: form.position } : null,
      tone: form.tone,
      language,
    });
  };

  return (
    <Modal open title={G.title()} subtitle={G.subtitle()} onClose={onClose} testId="generate-dialog">
      <form noValidate onSubmit={submit}>
        <h4 className="font-semibold">{G.campaign()}</h4>
        <FormField
          label={G.campaignName()}
          value={form.name}
          maxLength={200}
          onChange={(e) => set('name')(e.target.value)}
          error={error}
          data-testid="generate-campaign-name"
        />
        <TextArea
          label={G.description()}
          value={form.description}
          onChange={set('description')}
          placeholder={G.descriptionPlaceholder()}
          maxLength={2000}
          testId="generate-description"
        />
        <div className="grid gap-x-3 sm:grid-cols-2">
          <FormField
            label={G.callToAction()}
            value={form.callToAction}
            maxLength={300}
            placeholder={G.callToActionPlaceholder()}
            onChange={(e) => set('callToAction')(e.target.value)}
          />
          <ToneSelect label={G.tone()} value={form.tone} onChange={(t) => setForm((f) => ({ ...f, tone: t }))} />
        </div>
        <h4 className="mt-4 font-semibold">{G.recipient()}</h4>
        <p className="text-xs text-base-content/60">{G.recipientHint({ first: '{first_name}', company: '{company}' })}</p>
        <div className="grid gap-x-3 sm:grid-cols-3">
          <FormField
            label={G.recipientName()}
            value={form.recipient}
            maxLength={200}
            onChange={(e) => set('recipient')(e.target.value)}
            data-testid="generate-recipient"
          />
          <FormField label={G.company()} value={form.company} maxLength={200} onChange={(e) => set('company')(e.target.value)} />
          <FormField label={G.position()} value={form.position} maxLength={200} onChange={(e) => set('position')(e.target.value)} />
        </div>
        {problem && <DialogProblem problem={problem} />}
        <Actions pending={generate.isPending} label={G.submit()} working={G.working()} onClose={onClose} testId="generate-submit" />
      </form>
    </Modal>
  );
}

/** Enhance: instructions (or one of the four suggestions) → POST /api/improve-script. */
export function EnhanceDialog({ script, onClose, onScript }: DialogProps & { script: string }) {
  const { LL } = useI18nContext();
  const E = LL.createVideo.enhanceDialog;
  const S = LL.createVideo.script;
  const Sg = LL.createVideo.suggestions;
  const trpc = useTrpc();
  const language = useScriptLanguage();
  const [instructions, setInstructions] = useState('');
  const { problem, fail, clear } = useProblem();
  const suggestions = [Sg.concise(), Sg.persuasive(), Sg.cta(), Sg.friendly()];
  const improve = useMutation(
    trpc.scripts.improve.mutationOptions({
      onSuccess: ({ script: next }) => {
        onScript(next);
        onClose();
      },
      onError: (e) => {
        const message = errorMessage(e);
        if (message === SCRIPT_MESSAGES.noScript) return fail(S.noScript(), S.noScriptText());
        fail(S.enhanceFailed(), S.enhanceFailedText());
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!script.trim()) return fail(S.noScript(), S.noScriptText());
    clear();
    improve.mutate({ originalScript: script, instructions, language });
  };
  return (
    <Modal open title={E.title()} subtitle={E.subtitle()} onClose={onClose} testId="enhance-dialog">
      <form noValidate onSubmit={submit}>
        <TextArea
          label={E.instructions()}
          value={instructions}
          onChange={setInstructions}
          placeholder={E.instructionsPlaceholder()}
          maxLength={1000}
          testId="enhance-instructions"
        />
        <p className="mt-3 mb-2 text-sm font-medium">{E.suggestions()}</p>
        <div className="flex flex-wrap gap-2" data-testid="enhance-suggestions">
          {suggestions.map((s) => (
            <button
              key={s}
              type="button"
              className={`btn btn-sm rounded-full ${instructions === s ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={instructions === s}
              onClick={() => setInstructions(instructions === s ? '' : s)}
            >
              {s}
            </button>
          ))}
        </div>
        {problem && <DialogProblem problem={problem} />}
        <Actions pending={improve.isPending} label={E.submit()} working={E.working()} onClose={onClose} testId="enhance-submit" />
      </form>
    </Modal>
  );
}

/** Inspire Me: a topic and a tone → POST /api/inspire-me { inputText, tone, maxLength ≤ 500 }. */
export function InspireDialog({ seed, onClose, onScript }: DialogProps & { seed: string }) {
  const { LL } = useI18nContext();
  const I = LL.createVideo.inspireDialog;
  const S = LL.createVideo.script;
  const trpc = useTrpc();
  const language = useScriptLanguage();
  const [inputText, setInputText] = useState(seed.slice(0, 500));
  const [tone, setTone] = useState<ScriptToneName>('friendly');
  const [maxLength, setMaxLength] = useState(INSPIRE_MAX_LENGTH);
  const { problem, fail, clear } = useProblem();
  const inspire = useMutation(
    trpc.scripts.inspire.mutationOptions({
      onSuccess: ({ script }) => {
        onScript(script);
        onClose();
      },
      onError: () => fail(S.enhanceFailed(), S.inspireFailedText()),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Math.round(Math.min(INSPIRE_MAX_LENGTH, Math.max(INSPIRE_MIN_LENGTH, maxLength || INSPIRE_MAX_LENGTH)));
    clear();
    inspire.mutate({ inputText, tone, maxLength: n, language });
  };
  return (
    <Modal open title={I.title()} subtitle={I.subtitle()} onClose={onClose} testId="inspire-dialog">
      <form noValidate onSubmit={submit}>
        <TextArea label={I.inputText()} value={inputText} onChange={setInputText} placeholder={I.inputPlaceholder()} maxLength={500} testId="inspire-input" />
        <div className="grid gap-x-3 sm:grid-cols-2">
          <ToneSelect label={I.tone()} value={tone} onChange={setTone} />
          <FormField
            label={I.maxLength()}
            type="number"
            min={INSPIRE_MIN_LENGTH}
            max={INSPIRE_MAX_LENGTH}
            step={10}
            value={maxLength}
            onChange={(e) => setMaxLength(Number(e.target.value))}
            hint={<p className="label">{I.maxLengthHint({ min: INSPIRE_MIN_LENGTH, max: INSPIRE_MAX_LENGTH })}</p>}
          />
        </div>
        {problem && <DialogProblem problem={problem} />}
        <Actions pending={inspire.isPending} label={I.submit()} working={I.working()} onClose={onClose} testId="inspire-submit" />
      </form>
    </Modal>
  );
}
