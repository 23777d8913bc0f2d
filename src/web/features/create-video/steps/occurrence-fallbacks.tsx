import { useId, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { occurrencesOf, withOccurrenceFallback, type Occurrence, type OccurrenceFallback } from '@/shared/occurrences';
import { fillText, normaliseVariable } from '@/shared/variables';
import { updateWizard, useWizard } from '../store';

// Each place a recipient variable appears in the script, with what it says there when the
// recipient has no value (decision 226): the variable's fallback, other words, or nothing (the
// word left out, commas mended). The choice is written into the script's placeholder, so it
// travels with the script; the rep sees the sentence as such a recipient will hear it.

export function OccurrenceFallbacks({ name, fallback }: { name: string; fallback: string }) {
  const { LL } = useI18nContext();
  const script = useWizard((s) => s.script);
  const list = occurrencesOf(script).filter((o) => o.name === normaliseVariable(name));
  if (!list.length) return null;
  return (
    <div className="mt-2 space-y-2" data-testid={`occurrences-${name}`}>
      <p className="text-xs font-medium text-base-content/70">{LL.createVideo.template.occurrences()}</p>
      <ul className="space-y-2">
        {list.map((o) => (
          <OccurrenceRow key={`${o.index}-${o.start}`} occurrence={o} fallback={fallback} />
        ))}
      </ul>
    </div>
  );
}

const set = (index: number, fb: OccurrenceFallback) => updateWizard((s) => ({ script: withOccurrenceFallback(s.script, index, fb) }));

function OccurrenceRow({ occurrence: o, fallback }: { occurrence: Occurrence; fallback: string }) {
  const { LL } = useI18nContext();
  const T = LL.createVideo.template;
  const id = useId();
  // Shown while typing other words, even when the box is empty for a moment.
  const [typing, setTyping] = useState(o.fallback.kind === 'text');
  const mode = typing ? 'text' : o.fallback.kind;
  const words = o.fallback.kind === 'text' ? o.fallback.text : '';
  const written = `${o.before}${o.fallback.kind === 'default' ? `{${o.name}}` : o.fallback.kind === 'drop' ? `{${o.name}|}` : `{${o.name}|${words}}`}${o.after}`;
  const heard = fillText(written, {}, { [o.name]: fallback });
  const choose = (kind: string) => {
    setTyping(kind === 'text');
    if (kind === 'drop') set(o.index, { kind: 'drop' });
    else if (kind === 'text') set(o.index, { kind: 'text', text: words || fallback || o.name.replace(/_/g, ' ') });
    else set(o.index, { kind: 'default' });
  };
  return (
    <li className="rounded-box bg-base-200 p-2 text-sm" data-testid={`occurrence-${o.index}`}>
      <p className="break-words text-xs text-base-content/70">
        …{o.before}
        <mark className="rounded bg-primary/15 px-0.5 font-mono text-base-content">{`{${o.name}}`}</mark>
        {o.after}…
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <select
          className="select select-sm min-w-0 max-w-full flex-1"
          value={mode}
          aria-label={T.occurrences()}
          onChange={(e) => choose(e.target.value)}
          data-testid={`occurrence-mode-${o.index}`}
        >
          <option value="default">{fallback ? T.occurrenceDefault({ fallback }) : T.occurrenceDefaultNone()}</option>
          <option value="drop">{T.occurrenceDrop()}</option>
          <option value="text">{T.occurrenceText()}</option>
        </select>
        {mode === 'text' && (
          <input
            id={`${id}-w`}
            className="input input-sm min-w-0 flex-1"
            aria-label={T.occurrenceWords()}
            value={words}
            maxLength={100}
            onChange={(e) => set(o.index, { kind: 'text', text: e.target.value })}
            data-testid={`occurrence-words-${o.index}`}
          />
        )}
      </div>
      <p className="mt-1 break-words text-xs text-base-content/60" data-testid={`occurrence-heard-${o.index}`}>
        {T.occurrencePreview({ text: `…${heard}…` })}
      </p>
    </li>
  );
}
