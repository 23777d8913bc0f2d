import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useTrpc } from '@/web/lib/trpc';
import { INSPIRE_MAX_LENGTH, INSPIRE_MIN_LENGTH, SCRIPT_MESSAGES, type ScriptToneName } from '@/domains/scripts/schemas';
import { FormField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/rest';
import { ScriptDialog, scriptDone, TextArea, ToneSelect, useProblem, useScriptLanguage, type DialogProps } from './script-dialog-parts';

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
      onSuccess: scriptDone({ onScript, onClose }),
      onError: (e) => {
        const message = errorMessage(e);
        if ((e.data?.messageEn ?? message) === SCRIPT_MESSAGES.noScript) return fail(S.noScript(), S.noScriptText());
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
    <ScriptDialog name="enhance" texts={E} onClose={onClose} onSubmit={submit} problem={problem} pending={improve.isPending}>
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
    </ScriptDialog>
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
      onSuccess: scriptDone({ onScript, onClose }),
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
    <ScriptDialog name="inspire" texts={I} onClose={onClose} onSubmit={submit} problem={problem} pending={inspire.isPending}>
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
    </ScriptDialog>
  );
}
