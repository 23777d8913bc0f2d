import { useEffect, useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { STEP_IDS, stepIndex, type StepId } from './steps';

export function useStepLabel() {
  const { LL } = useI18nContext();
  const S = LL.createVideo.steps;
  return (step: StepId) => (step === 'avatar-customize' ? S.avatarCustomize() : S[step]());
}

/** The seven steps; steps up to the furthest reached can be opened again. */
export function Stepper({ current, reached, onSelect }: { current: StepId; reached: number; onSelect: (step: StepId) => void }) {
  const { LL } = useI18nContext();
  const label = useStepLabel();
  const at = stepIndex(current);
  const nav = useRef<HTMLElement>(null);
  // Between sm and the width of seven labels the stepper scrolls sideways: keep the current step in view.
  // Below sm it wraps onto two rows (4 + 3) instead, so every label is in sight without scrolling.
  useEffect(() => {
    const el = nav.current;
    const li = el?.querySelectorAll('li')[at];
    if (el && li && el.scrollWidth > el.clientWidth) el.scrollLeft = li.offsetLeft - el.clientWidth / 2 + li.clientWidth / 2;
  }, [at]);
  return (
    <nav ref={nav} aria-label={LL.createVideo.title()} className="mb-6 overflow-x-auto">
      <ol
        className="steps w-full max-sm:grid-flow-row max-sm:grid-cols-4 max-sm:gap-y-3 max-sm:overflow-visible sm:min-w-[42rem] max-sm:[&>li:nth-child(5)]:before:content-none"
        data-testid="wizard-stepper"
      >
        {STEP_IDS.map((step, i) => {
          const done = i < at;
          const open = i <= reached;
          return (
            <li key={step} className={`step ${i <= at ? 'step-primary' : ''}`} data-content={done ? '✓' : String(i + 1)} data-testid={`stepper-${step}`}>
              <button
                type="button"
                className={`mt-1 max-w-full rounded px-1 text-xs leading-tight break-words hyphens-auto sm:text-sm ${i === at ? 'font-semibold' : 'text-base-content/70'} ${open ? 'cursor-pointer hover:underline' : 'cursor-default'}`}
                disabled={!open || i === at}
                aria-current={i === at ? 'step' : undefined}
                onClick={() => onSelect(step)}
              >
                {label(step)}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
