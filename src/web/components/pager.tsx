import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One of the pager's arrows: its accessible name, whether it can go, where it goes. */
export type PagerStep = { label: string; disabled: boolean; onClick: () => void; testId?: string };

function StepButton({ step, icon: Icon }: { step: PagerStep; icon: LucideIcon }) {
  return (
    <button type="button" className="btn join-item btn-sm" disabled={step.disabled} onClick={step.onClick} aria-label={step.label} data-testid={step.testId}>
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

/**
 * The footer of a list shown a page at a time: what is shown on the left (the screen's words), the
 * previous and next arrows on the right, joined, with the current page between them when given.
 */
export function Pager({
  summary,
  previous,
  next,
  current,
  testId,
}: {
  summary: ReactNode;
  previous: PagerStep;
  next: PagerStep;
  current?: { label: ReactNode; testId?: string };
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {summary}
      <div className="join" data-testid={testId}>
        <StepButton step={previous} icon={ChevronLeft} />
        {current && (
          <span className="btn join-item btn-sm pointer-events-none no-animation" data-testid={current.testId}>
            {current.label}
          </span>
        )}
        <StepButton step={next} icon={ChevronRight} />
      </div>
    </div>
  );
}
